import {
  AutoContextMemory as CoreMemory,
  createApproximateTokenCounter,
} from '@acm/core';
import { sequentialIds } from '@acm/core/testing';
import { HumanMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { fromLangChainMessages } from '@acm/core/formats';
import { contextReloadTool } from './context-reload-tool';

function createMemory(sessionId: string) {
  return new CoreMemory({
    sessionId,
    counter: createApproximateTokenCounter(),
    generateId: sequentialIds('id'),
  });
}

describe('contextReloadTool', () => {
  it('should return the offloaded original for an id', async () => {
    const memory = createMemory('s1');
    const offloadId = await memory.offload(
      fromLangChainMessages([
        new HumanMessage({ id: 'h', content: 'exact text 42' }),
      ]),
    );
    const reload = contextReloadTool({ memory });
    expect(reload.name).toBe('context_reload');
    const reply: unknown = await reload.invoke({
      working_context_offload_uuid: offloadId,
    });
    expect(reply).toBe(
      `Offloaded context "${offloadId}": 1 message, 20 characters.\n\n[user]\nexact text 42`,
    );
  });

  it('should answer an unknown id with a sentence, not an error', async () => {
    const reload = contextReloadTool({ memory: createMemory('s2') });
    const reply: unknown = await reload.invoke({
      working_context_offload_uuid: 'nope',
    });
    expect(reply).toMatch(/^No offloaded context found for "nope"/);
  });

  it('should pick the memory from the run config', async () => {
    const memories = new Map([
      ['thread-a', createMemory('thread-a')],
      ['thread-b', createMemory('thread-b')],
    ]);
    const offloadId = await memories
      .get('thread-b')!
      .offload(
        fromLangChainMessages([new HumanMessage({ id: 'h', content: 'b' })]),
      );
    const reload = contextReloadTool({
      memory: (config) => memories.get(String(config.configurable?.thread_id))!,
    });
    const reply: unknown = await reload.invoke(
      { working_context_offload_uuid: offloadId },
      { configurable: { thread_id: 'thread-b' } },
    );
    expect(reply).toContain('[user]\nb');
  });

  it('should describe its parameters with a zod schema', () => {
    const reload = contextReloadTool({ memory: createMemory('s3') });
    expect(
      Object.keys((reload.schema as { shape: Record<string, unknown> }).shape),
    ).toEqual(['working_context_offload_uuid', 'offset']);
  });
});
