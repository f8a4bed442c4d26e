import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { StoreConflictError } from '../../vocabulary/error/store-conflict-error';
import { StoreError } from '../../vocabulary/error/store-error';
import type { Message } from '../../vocabulary/message/message';
import { createInMemorySessionStore } from '../store/in-memory-session-store';
import type { SessionStore } from '../store/session-store';
import { captureError } from '../../testing/capture-error';
import { fixedClock } from '../../testing/fixed-clock';
import { sequentialIds } from '../../testing/sequential-ids';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';
import { AutoContextMemory } from './auto-context-memory';

function text(id: string): Message {
  return { id, role: 'user', content: [{ type: 'text', text: id }] };
}

function createMemory(store: SessionStore) {
  return new AutoContextMemory({
    sessionId: 'retry',
    store,
    counter: createApproximateTokenCounter(),
    clock: fixedClock(0),
    generateId: sequentialIds('id'),
    config: { msgThreshold: 1000, maxToken: 1_000_000 },
  });
}

describe('AutoContextMemory.saveWithRetry', () => {
  it('should reload, re-apply the unsaved messages the store lacks and save', async () => {
    const store = createInMemorySessionStore();
    const first = createMemory(store);
    const second = createMemory(store);
    await first.addMessages([text('a')]);
    await first.save();
    await second.load();
    await first.addMessages([text('b')]);
    await first.save();
    await second.addMessages([text('c')]);
    expect(second.getUnsavedMessages()).toStrictEqual([text('c')]);
    let retries = 0;

    const result = await second.saveWithRetry({
      beforeRetry: ({ attempt }) => {
        retries += 1;
        expect(attempt).toBe(2);
      },
    });

    expect(result).toStrictEqual({ saved: true, conflicts: 1 });
    expect(retries).toBe(1);
    expect(second.getUnsavedMessages()).toStrictEqual([]);
    const reader = createMemory(store);
    await reader.load();
    expect(reader.getOriginalMessages().map((message) => message.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('should not re-apply a message the store already holds', async () => {
    const store = createInMemorySessionStore();
    const memory = createMemory(store);
    const other = createMemory(store);
    await memory.addMessages([text('a')]);
    // Another writer stored the same message first (as a save whose reply was lost would).
    await other.addMessages([text('a')]);
    await other.save();

    const result = await memory.saveWithRetry();

    expect(result).toStrictEqual({ saved: false, conflicts: 1 });
    expect(memory.getOriginalMessages().map((message) => message.id)).toEqual([
      'a',
    ]);
  });

  it('should throw the conflict after maxAttempts, or when the session was deleted', async () => {
    const store = createInMemorySessionStore();
    const memory = createMemory(store);
    await memory.addMessages([text('a')]);
    await memory.save();
    const always: SessionStore = {
      ...store,
      save: () => {
        throw new StoreConflictError({
          sessionId: 'retry',
          expectedRevision: 1,
          actualRevision: 2,
        });
      },
      load: (sessionId) => store.load(sessionId),
      delete: (sessionId) => store.delete(sessionId),
      list: () => store.list(),
    };
    const busy = createMemory(always);
    await busy.load();
    await busy.addMessages([text('b')]);
    let calls = 0;

    const error = await captureError(() =>
      busy.saveWithRetry({ maxAttempts: 3, beforeRetry: () => void calls++ }),
    );

    expect(StoreConflictError.isInstance(error)).toBe(true);
    expect(calls).toBe(2);
    expect(busy.getUnsavedMessages()).toStrictEqual([text('b')]);

    await memory.addMessages([text('c')]);
    store.delete('retry');
    const gone = await captureError(() => memory.saveWithRetry());
    expect(StoreConflictError.isInstance(gone)).toBe(true);
  });

  it('should keep the unsaved messages when the store fails', async () => {
    const store = createInMemorySessionStore();
    const failing: SessionStore = {
      load: (sessionId) => store.load(sessionId),
      save: () => {
        throw new Error('disk full');
      },
      delete: (sessionId) => store.delete(sessionId),
      list: () => store.list(),
    };
    const memory = createMemory(failing);
    await memory.addMessages([text('a')]);

    const error = await captureError(() => memory.saveWithRetry());

    expect(StoreError.isInstance(error)).toBe(true);
    expect(memory.getUnsavedMessages()).toStrictEqual([text('a')]);
    await expect(memory.saveWithRetry({ maxAttempts: 0 })).rejects.toThrow(
      InvalidArgumentError,
    );
  });
});
