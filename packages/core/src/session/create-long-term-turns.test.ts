import { describe, expect, it } from 'vitest';
import type { LongTermMemory } from '../tools/long-term/create-long-term-memory';
import type { Message } from '../vocabulary/message/message';
import { createLongTermTurns, findLastIndex } from './create-long-term-turns';

const user = (id: string, text: string): Message => ({
  id,
  role: 'user',
  content: [{ type: 'text', text }],
});

/** A long-term memory double that records what it is asked. */
function fakeMemory(answers: (() => Promise<string>)[]) {
  const retrieved: unknown[] = [];
  const recorded: (readonly Message[])[] = [];
  const memory = {
    mode: 'static',
    retrieve: (query: unknown) => {
      retrieved.push(query);
      return answers.shift()!();
    },
    record: (messages: readonly Message[]) => {
      recorded.push(messages);
      return messages.length === 0
        ? Promise.reject(new Error('backend down'))
        : Promise.resolve();
    },
  } as unknown as LongTermMemory;
  return { memory, retrieved, recorded };
}

describe('createLongTermTurns', () => {
  it('should retrieve once per user message and again after a failure', async () => {
    const { memory, retrieved } = fakeMemory([
      () => Promise.reject(new Error('timeout')),
      () => Promise.resolve('likes tea'),
      () => Promise.resolve('lives in Lyon'),
    ]);
    const errors: unknown[] = [];
    const turns = createLongTermTurns({
      onError: (error, context) => errors.push([String(error), context]),
    });
    const first = user('u1', 'hello');
    expect(await turns.retrieve(memory, first)).toBe('');
    expect(await turns.retrieve(memory, first)).toBe('likes tea');
    expect(await turns.retrieve(memory, { ...first })).toBe('likes tea');
    expect(await turns.retrieve(memory, user('u1', 'edited'))).toBe(
      'lives in Lyon',
    );
    expect(retrieved).toHaveLength(3);
    expect(errors).toEqual([['Error: timeout', { operation: 'retrieve' }]]);
  });

  it('should reject a failed retrieval without onError', async () => {
    const { memory } = fakeMemory([() => Promise.reject(new Error('down'))]);
    await expect(
      createLongTermTurns().retrieve(memory, user('u', 'x')),
    ).rejects.toThrow('down');
  });

  it('should record in the background and report failures on flush', async () => {
    const { memory, recorded } = fakeMemory([]);
    const errors: unknown[] = [];
    const turns = createLongTermTurns({
      onError: (error, context) => errors.push([String(error), context]),
    });
    const turn = [user('u', 'hi')];
    turns.record(memory, turn);
    turns.record(memory, () => []);
    expect(recorded).toEqual([]);
    await turns.flush();
    expect(recorded).toEqual([turn, []]);
    expect(errors).toEqual([['Error: backend down', { operation: 'record' }]]);
  });
});

describe('findLastIndex', () => {
  it('should give the last matching index or -1', () => {
    expect(findLastIndex([1, 2, 3, 2], (item) => item === 2)).toBe(3);
    expect(findLastIndex([1], (item) => item === 2)).toBe(-1);
  });
});
