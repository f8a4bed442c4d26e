import { describe, expect, it } from 'vitest';
import type { Message } from '../../vocabulary/message/message';
import { fixedClock } from '../../testing/fixed-clock';
import { sequentialIds } from '../../testing/sequential-ids';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';
import type { TokenCounter } from '../../state/token/token-counter';
import { AutoContextMemory } from './auto-context-memory';

function text(id: string, role: Message['role'], body: string): Message {
  return { id, role, content: [{ type: 'text', text: body }] };
}

/** The approximate counter, recording which message lists it was asked to count. */
function spyCounter(): TokenCounter & { readonly listsCounted: number[] } {
  const counter = createApproximateTokenCounter();
  const listsCounted: number[] = [];
  return {
    name: counter.name,
    countText: (text) => counter.countText(text),
    countMessage: (message) => counter.countMessage(message),
    countMessages: (messages) => {
      listsCounted.push(messages.length);
      return counter.countMessages(messages);
    },
    listsCounted,
  };
}

function createMemory(counter: TokenCounter, msgThreshold = 10_000) {
  return new AutoContextMemory({
    sessionId: 'append-path',
    counter,
    clock: fixedClock(0),
    generateId: sequentialIds('id'),
    config: { msgThreshold, maxToken: 1_000_000 },
  });
}

describe('AutoContextMemory append path', () => {
  it('should carry the token count forward over appends and match a full count', async () => {
    const counter = spyCounter();
    const memory = createMemory(counter);
    const reference = createApproximateTokenCounter();

    for (let turn = 0; turn < 20; turn += 1) {
      await memory.addMessage(
        text(
          `m${turn}`,
          turn % 2 === 0 ? 'user' : 'assistant',
          'x'.repeat(turn * 7),
        ),
      );
      const result = await memory.compressIfNeeded({ fixedTokens: 5 });

      expect(result.applied).toBe(false);
      expect(result.stopReason).toBe('not-triggered');
      expect(result.trigger.tokenCount).toBe(
        reference.countMessages(memory.getMessages()) + 5,
      );
      expect(result.trigger.messageCount).toBe(turn + 1);
      expect(memory.countTokens()).toBe(
        reference.countMessages(memory.getMessages()),
      );
    }
    // Only the first check counted a list; every later one carried the total forward.
    expect(counter.listsCounted).toEqual([1]);
  });

  it('should return the current frozen state from a check that changes nothing', async () => {
    const memory = createMemory(createApproximateTokenCounter());
    await memory.addMessages([text('a', 'user', 'hello')]);

    const result = await memory.compressIfNeeded();

    expect(result.state).toBe(memory.getState());
    expect(Object.isFrozen(result.state.working)).toBe(true);
    expect(result.state.working).toEqual([text('a', 'user', 'hello')]);
    expect(result.passes).toEqual([]);
    expect(result.events).toEqual([]);
  });

  it('should count afresh after a change that is not an append and carry forward again', async () => {
    const counter = createApproximateTokenCounter();
    const memory = createMemory(counter, 6);
    for (let index = 0; index < 12; index += 1) {
      await memory.addMessage(
        text(
          `m${index}`,
          index % 2 === 0 ? 'user' : 'assistant',
          `turn ${index} `.repeat(30),
        ),
      );
    }
    expect(memory.countTokens()).toBe(
      counter.countMessages(memory.getMessages()),
    );
    expect(await memory.deleteMessage(3)).toBe(true);
    expect(memory.countTokens()).toBe(
      counter.countMessages(memory.getMessages()),
    );

    await memory.addMessage(text('after', 'user', 'one more'));

    expect(memory.countTokens()).toBe(
      counter.countMessages(memory.getMessages()),
    );
    expect(memory.getMessages().at(-1)?.id).toBe('after');
    expect(memory.getMessages()).toHaveLength(12);
    expect(memory.getOriginalMessages()).toHaveLength(13);
  });

  it('should answer counts and positions without building snapshots, as the snapshots would', async () => {
    const memory = createMemory(createApproximateTokenCounter());
    await memory.addMessages([
      text('a', 'user', 'one'),
      text('b', 'assistant', 'two'),
    ]);
    await memory.deleteMessage(0);
    await memory.addMessage(text('c', 'user', 'three'));

    expect(memory.getMessageCount()).toBe(memory.getMessages().length);
    expect(memory.getMessageCount()).toBe(2);
    expect(memory.getOriginalMessageCount()).toBe(3);
    expect(memory.getMessageAt(0)).toBe(memory.getMessages()[0]);
    expect(memory.getMessageAt(1)?.id).toBe('c');
    expect(memory.getOriginalMessageAt(0)?.id).toBe('a');
    expect(memory.getOriginalMessageAt(3)).toBeUndefined();
    expect(memory.getMessageAt(-1)).toBeUndefined();
  });

  it('should answer the revision without building the state, as getState() would', async () => {
    const memory = createMemory(createApproximateTokenCounter());
    expect(memory.getRevision()).toBe(0);
    await memory.addMessages([text('a', 'user', 'one')]);
    expect(memory.getRevision()).toBe(memory.getState().revision);
    await memory.addMessage(text('b', 'assistant', 'two'));
    await memory.deleteMessage(1);
    expect(memory.getRevision()).toBe(memory.getState().revision);
    expect(memory.getRevision()).toBe(3);
  });
});
