import { expect, it } from 'vitest';
import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import type { Message } from '../vocabulary/message/message';
import type { ContextState } from '../state/context-state/context-state';
import type { SessionStore } from '../memory/store/session-store';
import { captureError } from './capture-error';
import type { ConformanceSubject } from './describe-conformance';
import {
  SECOND_OFFLOAD_ID,
  appendText,
  createLargeState,
  createRichState,
  createTaggedState,
  createTextMessage,
  createUnicodeState,
} from './session-store-states';

/**
 * The cases of `describeSessionStore` on what a store keeps: large payloads,
 * offload entries, unicode, odd session ids, and no object shared with the
 * caller.
 */
export function sessionStorePayloadCases({
  current,
}: ConformanceSubject<SessionStore>): void {
  it('should round-trip large payloads', async () => {
    const store = current();
    const state = createLargeState('large', 1);

    await store.save('large', state, { expectedRevision: null });
    const loaded = await store.load('large');

    expect(loaded).toStrictEqual(state);
  });

  it('should keep offload entries across saves and drop the ones a state no longer has', async () => {
    const store = current();
    const first = createLargeState('large', 1);
    const second = {
      ...appendText(first, 'next-user', 'user', 'Continue.'),
      offloads: {
        ...first.offloads,
        [SECOND_OFFLOAD_ID]: [
          createTextMessage('second-offloaded', 'tool-free', 'user'),
        ],
      },
    };
    const third: ContextState = {
      ...appendText(second, 'last-user', 'user', 'Clear the big one.'),
      offloads: { [SECOND_OFFLOAD_ID]: second.offloads[SECOND_OFFLOAD_ID] },
    };

    await store.save('large', first, { expectedRevision: null });
    await store.save('large', second, { expectedRevision: 1 });
    expect(await store.load('large')).toStrictEqual(second);
    await store.save('large', third, { expectedRevision: 2 });

    expect(await store.load('large')).toStrictEqual(third);
  });

  it('should round-trip unicode, NUL characters, quotes and backslashes', async () => {
    const store = current();
    const state = createUnicodeState('unicode', 1);

    await store.save('unicode', state, { expectedRevision: null });

    expect(await store.load('unicode')).toStrictEqual(state);
  });

  it('should keep odd session ids separate or reject them with InvalidArgumentError', async () => {
    const store = current();
    const accepted: string[] = [];
    for (const id of ODD_SESSION_IDS) {
      const error = await captureError(() =>
        store.save(id, createTaggedState(id, 1), { expectedRevision: null }),
      );
      if (error === undefined) {
        accepted.push(id);
      } else {
        expect(
          InvalidArgumentError.isInstance(error),
          `save ${JSON.stringify(id)}`,
        ).toBe(true);
      }
    }

    for (const id of accepted) {
      expect(await store.load(id), `load ${JSON.stringify(id)}`).toStrictEqual(
        createTaggedState(id, 1),
      );
    }
    expect(await store.list()).toStrictEqual([...accepted].sort());
    for (const id of accepted) {
      expect(await store.delete(id), `delete ${JSON.stringify(id)}`).toBe(true);
    }
    expect(await store.list()).toStrictEqual([]);
  });

  it('should not share objects with its callers', async () => {
    const store = current();
    const state = createRichState('session-1', 1);
    const saved = structuredClone(state) as Mutable<ContextState>;

    await store.save('session-1', saved, { expectedRevision: null });
    (saved.working as Message[]).push(
      createTextMessage('later', 'mutated', 'user'),
    );
    const loaded = (await store.load('session-1')) as Mutable<ContextState>;
    (loaded.original as Message[]).length = 0;

    expect(await store.load('session-1')).toStrictEqual(state);
  });
}

type Mutable<T> = { -readonly [Key in keyof T]: T[Key] };

/** Session ids a store must keep apart (or refuse): path tricks, case, encodings, unicode, length. */
const ODD_SESSION_IDS: readonly string[] = [
  'a/b',
  'a\\b',
  '../x',
  '..',
  '.',
  '.hidden',
  'with space',
  ' leading-space',
  'A',
  'a',
  '%41',
  'a%2Fb',
  'a:b',
  'a:b:c',
  '{tag}',
  'star*?[x]',
  'CON',
  'x.json',
  'x.json.tmp',
  'x.lock',
  '日本語のセッション',
  'emoji 🙂👩‍💻',
  'e\u0301',
  '\u00e9',
  'x'.repeat(200),
  'y'.repeat(199) + 'z',
  '🙂'.repeat(100),
  '',
  'nul\u0000inside',
  'lone\ud800surrogate',
];
