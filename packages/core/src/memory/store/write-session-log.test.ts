import { describe, expect, it } from 'vitest';
import { StoreConflictError } from '../../vocabulary/error/store-conflict-error';
import type { ContextState } from '../../state/context-state/context-state';
import { createSessionLogCache } from './create-session-log-cache';
import type { SessionLogWrite } from './plan-session-log-write';
import type { SessionLogWriteOutcome } from './write-session-log';
import { writeSessionLog } from './write-session-log';

const message = {
  id: 'm1',
  role: 'user' as const,
  content: [{ type: 'text' as const, text: 'hi' }],
};

function state(revision: number): ContextState {
  return {
    sessionId: 's',
    working: [message],
    original: [message],
    offloads: {},
    events: [],
    revision,
  };
}

function run(
  outcomes: SessionLogWriteOutcome[],
  stored: ContextState | undefined,
  expectedRevision: number | null,
) {
  const cursors = createSessionLogCache({ limit: 10 });
  const writes: SessionLogWrite['kind'][] = [];
  let reads = 0;
  const done = writeSessionLog({
    sessionId: 's',
    state: state((expectedRevision ?? 0) + 1),
    expectedRevision,
    cursors,
    createEpoch: () => 'e',
    read: () => {
      reads += 1;
      return Promise.resolve(stored);
    },
    write: (plan) => {
      writes.push(plan.kind);
      return Promise.resolve(outcomes.shift()!);
    },
  });
  return { done, cursors, writes, reads: () => reads };
}

describe('writeSessionLog', () => {
  it('should write a new session in full and keep its cursor', async () => {
    const { done, cursors, writes, reads } = run(
      [{ kind: 'written' }],
      undefined,
      null,
    );
    await done;
    expect(writes).toEqual(['full']);
    expect(reads()).toBe(0);
    expect(cursors.get('s')?.revision).toBe(1);
  });

  it('should read before writing over a record it has not read, and refuse another revision', async () => {
    const { done, cursors, writes, reads } = run([], state(7), 3);
    const error: unknown = await done.catch((caught: unknown) => caught);
    expect(StoreConflictError.isInstance(error)).toBe(true);
    expect((error as StoreConflictError).actualRevision).toBe(7);
    expect(reads()).toBe(1);
    expect(writes).toEqual([]);
    expect(cursors.get('s')).toBeUndefined();
  });

  it('should pass on a conflict the write reports', async () => {
    const { done } = run(
      [{ kind: 'conflict', actualRevision: 4 }],
      undefined,
      null,
    );
    const error: unknown = await done.catch((caught: unknown) => caught);
    expect((error as StoreConflictError).actualRevision).toBe(4);
  });

  it('should end a full write answered stale in a conflict at the expected revision', async () => {
    const { done, writes, cursors } = run([{ kind: 'stale' }], undefined, null);
    const error: unknown = await done.catch((caught: unknown) => caught);
    expect(StoreConflictError.isInstance(error)).toBe(true);
    expect((error as StoreConflictError).actualRevision).toBeNull();
    expect(writes).toEqual(['full']);
    expect(cursors.get('s')).toBeUndefined();
  });

  it('should keep the store facts a write reports in the cursor', async () => {
    const { done, cursors } = run(
      [{ kind: 'written', storeData: { bytes: 42 } }],
      undefined,
      null,
    );
    await done;
    expect(cursors.get('s')?.storeData).toStrictEqual({ bytes: 42 });
  });

  it('should read a log a cursor-checked write found changed, and fail with what the read refuses, writing once', async () => {
    const cursors = createSessionLogCache({ limit: 10 });
    const first = state(1);
    await writeSessionLog({
      sessionId: 's',
      state: first,
      expectedRevision: null,
      cursors,
      createEpoch: () => 'e',
      read: () => Promise.resolve(undefined),
      write: () => Promise.resolve({ kind: 'written' }),
    });
    const damaged = new Error('the stored log is damaged');
    const seen: (string | undefined)[] = [];
    const writes: SessionLogWrite['kind'][] = [];

    const error = await writeSessionLog({
      sessionId: 's',
      state: { ...first, offloads: {}, revision: 2 },
      expectedRevision: 1,
      cursors,
      createEpoch: () => 'f',
      read: () => Promise.reject(damaged),
      write: (plan, cursor) => {
        writes.push(plan.kind);
        seen.push(cursor?.epoch);
        return Promise.resolve({ kind: 'stale' });
      },
    }).catch((caught: unknown) => caught);

    expect(error).toBe(damaged);
    expect(writes).toEqual(['delta']);
    expect(seen).toEqual(['e']);
    expect(cursors.get('s')).toBeUndefined();
  });
});
