import { describe, expect, it } from 'vitest';
import { textMessage } from '../../vocabulary/message/__fixtures__/message-builders';
import { createInMemorySessionStore } from '../store/in-memory-session-store';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';
import { createAutoContextMemory } from './create-auto-context-memory';

function createMemory(store = createInMemorySessionStore()) {
  return createAutoContextMemory({
    sessionId: 'session-a',
    counter: createApproximateTokenCounter(),
    store,
  });
}

const ids = (state: { original: readonly { id: string }[] } | undefined) =>
  state?.original.map((message) => message.id);

describe('AutoContextMemory.loadState over a store', () => {
  it('should save an earlier state loaded again as the next revision, and every save after it', async () => {
    const store = createInMemorySessionStore();
    const memory = createMemory(store);
    await memory.addMessage(textMessage('u0', 'user', 'First.'));
    await memory.save();
    const earlier = memory.saveState();
    await memory.addMessage(textMessage('u1', 'user', 'Second.'));
    await memory.save();

    await memory.loadState(earlier);
    expect(await memory.save()).toBe(true);
    await memory.addMessage(textMessage('u2', 'user', 'Third.'));
    await memory.save();

    expect(ids(store.load('session-a'))).toEqual(['u0', 'u2']);
    const restarted = createMemory(store);
    await restarted.load();
    expect(restarted.getState()).toEqual(memory.getState());
  });

  it('should save a loaded state of the same revision instead of taking it for the stored one', async () => {
    const store = createInMemorySessionStore();
    const other = createMemory();
    await other.addMessage(textMessage('x0', 'user', 'Another history.'));
    const memory = createMemory(store);
    await memory.addMessage(textMessage('u0', 'user', 'First.'));
    await memory.save();

    await memory.loadState(other.saveState());

    expect(await memory.save()).toBe(true);
    expect(ids(store.load('session-a'))).toEqual(['x0']);
  });
});
