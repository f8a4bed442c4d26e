import { expect, it } from 'vitest';
import { AcmError } from '../vocabulary/error/acm-error';
import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import { StoreConflictError } from '../vocabulary/error/store-conflict-error';
import type { MaybePromise, SessionStore } from '../memory/store/session-store';
import { captureError } from './capture-error';
import type { ConformanceSubject } from './describe-conformance';
import { appendText, createRichState } from './session-store-states';

/**
 * The cases of `describeSessionStore` on load and save: a state comes back
 * deep-equal, a save names the revision it saw (compare-and-set), and a
 * wrong, stale or invalid revision, a record the store cannot read or a
 * mismatched session id is refused with a typed error and writes nothing
 * (the unreadable-record cases need `corruptRecord`).
 */
export function sessionStoreRevisionCases(
  { current }: ConformanceSubject<SessionStore>,
  corruptRecord:
    | ((
        store: SessionStore,
        sessionId: string,
        kind: 'corrupt' | 'newer-schema',
      ) => MaybePromise<void>)
    | undefined,
): void {
  it('should return undefined for a missing session and list nothing', async () => {
    const store = current();
    expect(await store.load('missing')).toBeUndefined();
    expect(await store.list()).toStrictEqual([]);
  });

  it('should load a saved state deep-equal', async () => {
    const store = current();
    const state = createRichState('session-1', 1);

    await store.save('session-1', state, { expectedRevision: null });

    expect(await store.load('session-1')).toStrictEqual(state);
  });

  it('should save again with the expected revision', async () => {
    const store = current();
    const first = createRichState('session-1', 1);
    const second = appendText(first, 'second-user', 'user', 'And now?');
    const third = appendText(second, 'third-user', 'user', 'And then?');

    await store.save('session-1', first, { expectedRevision: null });
    await store.save('session-1', second, { expectedRevision: 1 });
    await store.save('session-1', third, { expectedRevision: 2 });

    expect(await store.load('session-1')).toStrictEqual(third);
  });

  it('should reject a wrong expected revision with StoreConflictError and keep the stored state', async () => {
    const store = current();
    const first = createRichState('session-1', 1);
    const second = appendText(first, 'second-user', 'user', 'And now?');
    await store.save('session-1', first, { expectedRevision: null });
    await store.save('session-1', second, { expectedRevision: 1 });
    const stale = appendText(first, 'stale-user', 'user', 'Lost update');

    const error = await captureError(() =>
      store.save('session-1', stale, { expectedRevision: 1 }),
    );

    expect(StoreConflictError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'STORE_CONFLICT',
      sessionId: 'session-1',
      expectedRevision: 1,
      actualRevision: 2,
    });
    expect(await store.load('session-1')).toStrictEqual(second);
  });

  it
    .skipIf(corruptRecord === undefined)
    .each(['corrupt', 'newer-schema'] as const)(
    'should refuse a %s record with a typed error on load and on save, and never overwrite it',
    async (kind) => {
      const store = current();
      const first = createRichState('session-1', 1);
      await store.save('session-1', first, { expectedRevision: null });
      await corruptRecord!(store, 'session-1', kind);
      const second = appendText(first, 'second-user', 'user', 'And now?');

      const loadError = await captureError(() => store.load('session-1'));
      const saveError = await captureError(() =>
        store.save('session-1', second, { expectedRevision: 1 }),
      );
      const againError = await captureError(() => store.load('session-1'));

      expect(AcmError.isInstance(loadError)).toBe(true);
      expect(AcmError.isInstance(saveError)).toBe(true);
      // Not overwritten: the record is still refused after the save.
      expect(AcmError.isInstance(againError)).toBe(true);
    },
  );

  it('should reject expectedRevision null on an existing session', async () => {
    const store = current();
    const first = createRichState('session-1', 1);
    await store.save('session-1', first, { expectedRevision: null });

    const error = await captureError(() =>
      store.save('session-1', createRichState('session-1', 7), {
        expectedRevision: null,
      }),
    );

    expect(StoreConflictError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'STORE_CONFLICT',
      expectedRevision: null,
      actualRevision: 1,
    });
    expect(await store.load('session-1')).toStrictEqual(first);
  });

  it('should reject an expected revision for a missing session', async () => {
    const store = current();
    const error = await captureError(() =>
      store.save('session-1', createRichState('session-1', 4), {
        expectedRevision: 3,
      }),
    );

    expect(StoreConflictError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'STORE_CONFLICT',
      expectedRevision: 3,
      actualRevision: null,
    });
    expect(await store.load('session-1')).toBeUndefined();
    expect(await store.list()).toStrictEqual([]);
  });

  it('should reject a revision that is not greater than the expected one and write nothing', async () => {
    const store = current();
    const first = createRichState('session-1', 1);
    await store.save('session-1', first, { expectedRevision: null });

    const same = await captureError(() =>
      store.save('session-1', appendText(first, 'x', 'user', 'x', 0), {
        expectedRevision: 1,
      }),
    );
    const lower = await captureError(() =>
      store.save('session-1', createRichState('session-1', 0), {
        expectedRevision: 1,
      }),
    );

    expect(InvalidArgumentError.isInstance(same)).toBe(true);
    expect(same).toMatchObject({
      code: 'INVALID_ARGUMENT',
      parameter: 'state.revision',
    });
    expect(InvalidArgumentError.isInstance(lower)).toBe(true);
    expect(await store.load('session-1')).toStrictEqual(first);
  });

  it('should reject a negative or fractional revision and write nothing', async () => {
    const store = current();
    const negative = await captureError(() =>
      store.save('session-1', createRichState('session-1', -1), {
        expectedRevision: null,
      }),
    );
    const fractional = await captureError(() =>
      store.save('session-1', createRichState('session-1', 1.5), {
        expectedRevision: null,
      }),
    );

    expect(InvalidArgumentError.isInstance(negative)).toBe(true);
    expect(InvalidArgumentError.isInstance(fractional)).toBe(true);
    expect(await store.load('session-1')).toBeUndefined();
  });

  it('should reject a state whose sessionId differs from the id it is saved under', async () => {
    const store = current();
    const error = await captureError(() =>
      store.save('session-2', createRichState('session-1', 1), {
        expectedRevision: null,
      }),
    );

    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ parameter: 'state.sessionId' });
    expect(await store.load('session-2')).toBeUndefined();
    expect(await store.list()).toStrictEqual([]);
  });
}
