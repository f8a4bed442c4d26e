import { InvalidArgumentError, createApproximateTokenCounter } from '@acm/core';
import { fixedClock, sequentialIds } from '@acm/core/testing';
import { ConversationChain } from '@langchain/classic/chains';
import type { BaseMessage } from '@langchain/core/messages';
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { describe, expect, it } from 'vitest';
import { SummaryChatModel } from '../test-fixtures/summary-chat-model';
import { summarizerFromChatModel } from './summarizer-from-chat-model';
import { AutoContextChainMemory } from './auto-context-chain-memory';

function createMemory(
  options: { returnMessages?: boolean; offloadMarkers?: boolean } = {},
) {
  return new AutoContextChainMemory({
    ...options,
    sessionId: 'chain-1',
    config: {
      msgThreshold: 10,
      lastKeep: 4,
      historyRollupKeepRecentRounds: 1,
      historyRollupKeepRecentTokens: 100,
      minCompressionTokenThreshold: 50,
    },
    counter: createApproximateTokenCounter(),
    summarizer: summarizerFromChatModel(new SummaryChatModel()),
    clock: fixedClock(0),
    generateId: sequentialIds('id'),
  });
}

describe('AutoContextChainMemory', () => {
  it('should leave the offload markers out of the history unless offloadMarkers is set', async () => {
    const histories: string[] = [];
    for (const offloadMarkers of [false, true]) {
      const memory = createMemory({ offloadMarkers });
      for (let turn = 0; turn < 20; turn++) {
        await memory.saveContext(
          { input: `Fact ${turn}. ${'Details follow. '.repeat(10)}` },
          { output: 'Noted.' },
        );
      }
      const { history } = await memory.loadMemoryVariables({});
      histories.push(String(history));
    }
    expect(histories[0]).not.toContain('CONTEXT_OFFLOAD');
    expect(histories[1]).toContain('<!-- CONTEXT_OFFLOAD: uuid=');
    expect(histories[0]!.length).toBeLessThan(histories[1]!.length);
  });

  it('should be a drop-in memory for a classic ConversationChain', async () => {
    const memory = createMemory();
    const chain = new ConversationChain({
      llm: new FakeListChatModel({ responses: ['Noted.'] }),
      memory,
    });
    const prompts: string[] = [];
    for (let turn = 0; turn < 20; turn++) {
      const { history } = await memory.loadMemoryVariables({});
      prompts.push(String(history));
      const result = await chain.invoke({
        input: `Fact ${turn}: the gate of flight ${turn} is B${turn}. ${'Details follow. '.repeat(10)}`,
      });
      expect(result.response).toBe('Noted.');
    }
    expect(memory.memoryKeys).toEqual(['history']);
    expect(memory.memory.getOriginalMessages()).toHaveLength(40);
    // The task (the first turn) stays verbatim besides the rollup and the recent turns (#11 item 1).
    expect(memory.memory.getMessages().length).toBeLessThan(12);
    const strategies = new Set(
      memory.memory
        .getCompressionEvents()
        .map((event) => `${event.type}:${event.strategy}`),
    );
    expect([...strategies].sort()).toEqual(['compression:rollupHistory']);
    // The buffer string holds the rollup and the recent turns.
    const { history } = await memory.loadMemoryVariables({});
    expect(history).toMatch(/^Human: /);
    expect(history).toContain('Fact 19: the gate of flight 19 is B19.');
    expect(String(history)).toContain('Fact 0: the gate of flight 0 is B0.');
    expect(String(history)).not.toContain('Fact 1: the gate');
    expect(String(history).length).toBeLessThan(prompts.at(-1)!.length * 2);
  });

  it('should return the managed history as messages with returnMessages', async () => {
    const memory = createMemory({ returnMessages: true });
    await memory.saveContext({ input: 'hello' }, { output: 'hi there' });
    const { history } = (await memory.loadMemoryVariables({})) as {
      history: BaseMessage[];
    };
    expect(history.map((message) => [message.type, message.text])).toEqual([
      ['human', 'hello'],
      ['ai', 'hi there'],
    ]);
  });

  it('should record tool calls and results given as messages in saveContext', async () => {
    const memory = createMemory({ returnMessages: true });
    await memory.saveContext(
      { question: 'What is in /tmp?' },
      {
        answer: [
          new AIMessage({
            content: '',
            tool_calls: [{ id: 'c1', name: 'ls', args: { path: '/tmp' } }],
          }),
          new ToolMessage({ content: 'a.txt', tool_call_id: 'c1', name: 'ls' }),
          new AIMessage('It holds a.txt.'),
        ],
      },
    );
    const { history } = (await memory.loadMemoryVariables({})) as {
      history: BaseMessage[];
    };
    expect(history.map((message) => message.type)).toEqual([
      'human',
      'ai',
      'tool',
      'ai',
    ]);
    expect((history[1] as AIMessage).tool_calls).toEqual([
      { id: 'c1', name: 'ls', args: { path: '/tmp' } },
    ]);
  });

  it('should use inputKey and outputKey when there are several variables', async () => {
    const memory = new AutoContextChainMemory({
      inputKey: 'question',
      outputKey: 'text',
      memoryKey: 'chat_history',
      counter: createApproximateTokenCounter(),
    });
    await memory.saveContext(
      { question: new HumanMessage('q'), context: 'ignored' },
      { text: 'a', sources: [] },
    );
    expect(await memory.loadMemoryVariables({})).toEqual({
      chat_history: 'Human: q\nAI: a',
    });
  });

  it('should throw an InvalidArgumentError for a value that is not text or messages', async () => {
    const memory = createMemory();
    await expect(
      memory.saveContext({ input: 42 }, { output: 'x' }),
    ).rejects.toThrow(InvalidArgumentError);
  });
});
