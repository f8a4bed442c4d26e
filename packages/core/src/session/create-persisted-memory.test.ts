import { describe, expect, it } from 'vitest';
import { StoreError } from '../vocabulary/error/store-error';
import { AutoContextMemory } from '../memory/facade/auto-context-memory';
import type { Message } from '../vocabulary/message/message';
import type { SessionStore } from '../memory/store/session-store';
import { createInMemorySessionStore } from '../memory/store/in-memory-session-store';
import { fixedClock } from '../testing/fixed-clock';
import { createApproximateTokenCounter } from '../state/token/create-approximate-token-counter';
import { createPersistedMemory } from './create-persisted-memory';

const user = (id: string): Message => ({
  id,
  role: 'user',
  content: [{ type: 'text', text: `message ${id}` }],
});
const options = {
  sessionId: 'chat-1',
  counter: createApproximateTokenCounter(),
  clock: fixedClock(0),
};

/** The in-memory store, counting its calls; `failLoads` loads fail first. */
function countingStore(failLoads = 0) {
  const inner = createInMemorySessionStore();
  const calls: string[] = [];
  const store: SessionStore = {
    load: (sessionId) => {
      calls.push('load');
      if (failLoads-- > 0) throw new Error('store offline');
      return inner.load(sessionId);
    },
    save: (sessionId, state, saveOptions) => {
      calls.push(`save r${state.revision}`);
      return inner.save(sessionId, state, saveOptions);
    },
    delete: (sessionId) => inner.delete(sessionId),
    list: () => inner.list(),
  };
  return { store, calls };
}

describe('createPersistedMemory', () => {
  it('should load the memory once before its first operation and save each change after it', async () => {
    const { store, calls } = countingStore();
    const first = createPersistedMemory({ ...options, store });
    await first.run((memory) => memory.addMessages([user('a'), user('b')]));
    expect(await first.run((memory) => memory.getMessages().length)).toBe(2);
    await first.run((memory) => memory.addMessage(user('c')));
    expect(calls).toEqual(['load', 'save r1', 'save r2']);

    // A new object for the same session (a request-scoped history) starts from the store.
    const second = createPersistedMemory({ ...options, store });
    expect(second.memory.getMessages()).toEqual([]);
    const ids = await second.run((memory) =>
      memory.getMessages().map((message) => message.id),
    );
    expect(ids).toEqual(['a', 'b', 'c']);
  });

  it('should reject the operation of a failed load without running it, and load again next time', async () => {
    const { store, calls } = countingStore(1);
    const persisted = createPersistedMemory({ ...options, store });
    let runs = 0;
    const error = await persisted
      .run(() => runs++)
      .catch((caught: unknown) => caught);
    expect(StoreError.isInstance(error)).toBe(true);
    expect(runs).toBe(0);
    await persisted.run(async (memory) => {
      runs++;
      await memory.addMessage(user('a'));
    });
    expect(runs).toBe(1);
    expect(calls).toEqual(['load', 'load', 'save r1']);
  });

  it('should leave a given memory and a memory without a store to the caller', async () => {
    const { store, calls } = countingStore();
    const given = new AutoContextMemory({ ...options, store });
    const persisted = createPersistedMemory({ memory: given, store });
    expect(persisted.memory).toBe(given);
    await persisted.run((memory) => memory.addMessage(user('a')));
    const unstored = createPersistedMemory(options);
    await unstored.run((memory) => memory.addMessage(user('b')));
    expect(calls).toEqual([]);
    expect(unstored.memory.getMessages().map((message) => message.id)).toEqual([
      'b',
    ]);
  });
});
