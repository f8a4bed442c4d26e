import { expect, it } from 'vitest';
import type { SessionStore } from '../memory/store/session-store';
import type { ConformanceSubject } from './describe-conformance';
import { createRichState } from './session-store-states';

/** The cases of `describeSessionStore` on delete and list: a session deleted once, started afresh, ids listed sorted. */
export function sessionStoreLifecycleCases({
  current,
}: ConformanceSubject<SessionStore>): void {
  it('should delete a session once', async () => {
    const store = current();
    await store.save('session-1', createRichState('session-1', 1), {
      expectedRevision: null,
    });
    await store.save('session-2', createRichState('session-2', 1), {
      expectedRevision: null,
    });

    expect(await store.delete('session-1')).toBe(true);
    expect(await store.delete('session-1')).toBe(false);
    expect(await store.load('session-1')).toBeUndefined();
    expect(await store.list()).toStrictEqual(['session-2']);
    expect(await store.load('session-2')).toStrictEqual(
      createRichState('session-2', 1),
    );
  });

  it('should start a deleted session afresh with expectedRevision null', async () => {
    const store = current();
    await store.save('session-1', createRichState('session-1', 5), {
      expectedRevision: null,
    });
    await store.delete('session-1');
    const fresh = createRichState('session-1', 1);

    await store.save('session-1', fresh, { expectedRevision: null });

    expect(await store.load('session-1')).toStrictEqual(fresh);
  });

  it('should list session ids sorted', async () => {
    const store = current();
    const ids = ['b', 'a', 'c-2', 'B', 'c-10', 'a-1'];
    for (const id of ids) {
      await store.save(id, createRichState(id, 1), {
        expectedRevision: null,
      });
    }

    expect(await store.list()).toStrictEqual([
      'B',
      'a',
      'a-1',
      'b',
      'c-10',
      'c-2',
    ]);
  });
}
