import { expect, it } from 'vitest';
import { StoreConflictError } from '../vocabulary/error/store-conflict-error';
import type { SessionStore } from '../memory/store/session-store';
import type { ConformanceSubject } from './describe-conformance';
import { appendText, createRichState } from './session-store-states';

/** The cases of `describeSessionStore` on concurrent writers: compare-and-set lets one win and loses nothing. */
export function sessionStoreConcurrencyCases({
  current,
}: ConformanceSubject<SessionStore>): void {
  it('should let exactly one of 20 concurrent writers from the same revision win', async () => {
    const store = current();
    const base = createRichState('race', 1);
    await store.save('race', base, { expectedRevision: null });
    const candidates = Array.from({ length: 20 }, (_, index) =>
      appendText(base, `writer-${index}`, 'user', `writer ${index}`),
    );

    const results = await Promise.allSettled(
      candidates.map(async (candidate) =>
        store.save('race', candidate, { expectedRevision: 1 }),
      ),
    );

    const winners = results.flatMap((result, index) =>
      result.status === 'fulfilled' ? [index] : [],
    );
    const losers = results.flatMap((result) =>
      result.status === 'rejected' ? [result.reason as unknown] : [],
    );
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(19);
    for (const reason of losers) {
      expect(StoreConflictError.isInstance(reason)).toBe(true);
    }
    expect(await store.load('race')).toStrictEqual(candidates[winners[0]!]);
  });

  it('should lose nothing over 50 compare-and-set updates from 2 interleaved writers', async () => {
    const store = current();
    await store.save('counter', createRichState('counter', 1), {
      expectedRevision: null,
    });
    const updatesPerWriter = 25;

    const writer = async (writerName: string): Promise<number> => {
      let conflicts = 0;
      for (let update = 0; update < updatesPerWriter; update++) {
        for (;;) {
          const current = await store.load('counter');
          if (current === undefined) throw new Error('session vanished');
          const next = appendText(
            current,
            `${writerName}-${update}`,
            'user',
            `${writerName} update ${update}`,
          );
          try {
            await store.save('counter', next, {
              expectedRevision: current.revision,
            });
            break;
          } catch (error) {
            if (!StoreConflictError.isInstance(error)) throw error;
            conflicts++;
          }
        }
      }
      return conflicts;
    };

    await Promise.all([writer('left'), writer('right')]);

    const final = await store.load('counter');
    const base = createRichState('counter', 1);
    expect(final?.revision).toBe(1 + 2 * updatesPerWriter);
    const addedIds = final?.working
      .slice(base.working.length)
      .map(({ id }) => id);
    const expectedLeft = Array.from(
      { length: updatesPerWriter },
      (_, index) => `left-${index}`,
    );
    const expectedRight = Array.from(
      { length: updatesPerWriter },
      (_, index) => `right-${index}`,
    );
    expect(addedIds?.filter((id) => id.startsWith('left-'))).toStrictEqual(
      expectedLeft,
    );
    expect(addedIds?.filter((id) => id.startsWith('right-'))).toStrictEqual(
      expectedRight,
    );
    expect(addedIds).toHaveLength(2 * updatesPerWriter);
  });
}
