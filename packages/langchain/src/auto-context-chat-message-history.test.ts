import {
  createApproximateTokenCounter,
  createInMemorySessionStore,
} from '@acm/core';
import { fixedClock, sequentialIds } from '@acm/core/testing';
import type { BaseMessage } from '@langchain/core/messages';
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import {
  ChatPromptTemplate,
  MessagesPlaceholder,
} from '@langchain/core/prompts';
import { RunnableWithMessageHistory } from '@langchain/core/runnables';
import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import { SummaryChatModel } from '../test-fixtures/summary-chat-model';
import { summarizerFromChatModel } from './summarizer-from-chat-model';
import { AutoContextChatMessageHistory } from './auto-context-chat-message-history';

const TURNS = 30;

/** A long user turn, so that old rounds are worth summarizing. */
function question(turn: number): string {
  return `Question ${turn}: ${'please compare the two flight options in detail. '.repeat(12)}`;
}

describe('AutoContextChatMessageHistory', () => {
  it('should keep a RunnableWithMessageHistory conversation under its limits over many turns', async () => {
    const store = createInMemorySessionStore();
    const summaryModel = new SummaryChatModel();
    const created: AutoContextChatMessageHistory[] = [];
    // One generator for the session: each history instance continues its ids.
    const generateId = sequentialIds('id');
    const model = fakeModel();
    for (let turn = 0; turn < TURNS; turn++) {
      model.respond(new AIMessage(`Answer ${turn}: option B is cheaper.`));
    }
    const prompt = ChatPromptTemplate.fromMessages([
      ['system', 'You are a travel agent.'],
      new MessagesPlaceholder('history'),
      ['human', '{input}'],
    ]);
    const chain = new RunnableWithMessageHistory({
      runnable: prompt.pipe(model),
      // A new history per call, as with a database-backed history: the store carries the session.
      getMessageHistory: (sessionId: string) => {
        const history = new AutoContextChatMessageHistory({
          sessionId,
          store,
          config: {
            msgThreshold: 12,
            lastKeep: 4,
            historyRollupKeepRecentRounds: 2,
            historyRollupKeepRecentTokens: 200,
            minCompressionTokenThreshold: 100,
          },
          counter: createApproximateTokenCounter(),
          summarizer: summarizerFromChatModel(summaryModel),
          clock: fixedClock(0),
          generateId,
        });
        created.push(history);
        return history;
      },
      inputMessagesKey: 'input',
      historyMessagesKey: 'history',
    });

    for (let turn = 0; turn < TURNS; turn++) {
      const reply = await chain.invoke(
        { input: question(turn) },
        { configurable: { sessionId: 'customer-7' } },
      );
      expect(reply.text).toBe(`Answer ${turn}: option B is cheaper.`);
    }

    const last = created.at(-1)!;
    // Everything was recorded, in order, across history instances.
    const original = last.memory.getOriginalMessages();
    expect(original).toHaveLength(TURNS * 2);
    // Id-less inputs get their position; model replies keep LangChain's run ids.
    expect(original.map((message) => message.id).slice(0, 4)).toEqual([
      'lc-0',
      expect.stringMatching(/^run-/),
      'lc-2',
      expect.stringMatching(/^run-/),
    ]);
    // The model never saw more than the threshold (+ system and the new input).
    const sizes = model.calls.map((call) => call.messages.length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(12 + 2);
    expect(sizes.at(-1)).toBeLessThan(TURNS * 2);
    const events = last.memory.getCompressionEvents();
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.type === 'compression')).toBe(true);
    // ACM's summaries reach the prompt, tagged.
    const lastPrompt: BaseMessage[] = model.calls.at(-1)!.messages;
    expect(
      lastPrompt.some(
        (message) => message.additional_kwargs.lc_source === 'acm',
      ),
    ).toBe(true);
  });

  it('should append tool calls and results and return them with their ids', async () => {
    const history = new AutoContextChatMessageHistory({
      counter: createApproximateTokenCounter(),
    });
    await history.addMessages([
      new HumanMessage('list files'),
      new AIMessage({
        id: 'call-message',
        content: '',
        tool_calls: [{ id: 'c1', name: 'ls', args: {}, type: 'tool_call' }],
      }),
      new ToolMessage({ content: 'a.txt', tool_call_id: 'c1' }),
    ]);
    await history.addMessage(new AIMessage('There is a.txt.'));
    const messages = await history.getMessages();
    expect(messages.map((message) => [message.type, message.id])).toEqual([
      ['human', 'lc-0'],
      ['ai', 'call-message'],
      ['tool', 'lc-2'],
      ['ai', 'lc-3'],
    ]);
    expect((messages[2] as ToolMessage).name).toBeUndefined();
    await history.clear();
    expect(await history.getMessages()).toEqual([]);
  });
});
