import { describe, expect, it } from 'vitest';
import {
  NO_SEARCH_MEMORY_REPLY,
  createSessionSearchHandler,
  createSessionToolHandler,
} from './create-session-tool-handler';
import { AutoContextMemory } from '../memory/facade/auto-context-memory';
import { createApproximateTokenCounter } from '../state/token/create-approximate-token-counter';

describe('createSessionToolHandler', () => {
  it('should make one handler per memory and answer without one', async () => {
    const made: string[] = [];
    const memories = { a: { name: 'a' }, b: { name: 'b' } };
    const handler = createSessionToolHandler<
      { name: string },
      keyof typeof memories | undefined
    >({
      memory: (key) => (key === undefined ? undefined : memories[key]),
      createHandler: (memory) => {
        made.push(memory.name);
        return (input) => Promise.resolve(`${memory.name}:${String(input)}`);
      },
      noMemoryReply: 'none',
    });
    expect(await handler(1, 'a')).toBe('a:1');
    expect(await handler(2, 'a')).toBe('a:2');
    expect(await handler(3, 'b')).toBe('b:3');
    expect(await handler(4, undefined)).toBe('none');
    expect(made).toEqual(['a', 'b']);
  });
});

describe('createSessionSearchHandler', () => {
  it('should search the memory the getter gives, or say there is none', async () => {
    const memory = new AutoContextMemory({
      sessionId: 's',
      counter: createApproximateTokenCounter(),
    });
    await memory.addMessage({
      id: 'm1',
      role: 'user',
      content: [{ type: 'text', text: 'The invoice number is INV-42.' }],
    });
    const held: { memory?: AutoContextMemory } = {};
    const search = createSessionSearchHandler(() => held.memory);
    expect(await search({ query: 'invoice' }, undefined)).toBe(
      NO_SEARCH_MEMORY_REPLY,
    );
    held.memory = memory;
    expect(await search({ query: 'invoice' }, undefined)).toContain('INV-42');
  });
});
