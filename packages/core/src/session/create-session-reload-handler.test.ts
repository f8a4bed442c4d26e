import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import type { ContextReloadMemory } from '../tools/reload/create-context-reload-handler';
import {
  NO_SESSION_MEMORY_REPLY,
  createSessionReloadHandler,
} from './create-session-reload-handler';

describe('createSessionReloadHandler', () => {
  it('should answer from the memory found at call time, or say there is none yet', async () => {
    const memories = new Map<string, ContextReloadMemory>();
    const handler = createSessionReloadHandler({
      getMemory: (threadId: string) => memories.get(threadId),
    });
    const input = { working_context_offload_uuid: 'abc' };
    expect(await handler(input, 't1')).toBe(NO_SESSION_MEMORY_REPLY);
    memories.set('t1', {
      sessionId: 't1',
      lookupOffload: () => ({ status: 'cleared' }),
    });
    expect(await handler(input, 't1')).toBe(
      'The offloaded context "abc" was cleared and can no longer be reloaded. Continue without it.',
    );
  });

  it('should refuse a maxChars core refuses when it is made', () => {
    expect(() =>
      createSessionReloadHandler({ getMemory: () => undefined, maxChars: 10 }),
    ).toThrow(InvalidArgumentError);
  });
});
