import {
  CONTEXT_RELOAD_TOOL_NAME,
  createApproximateTokenCounter,
  createInMemorySessionStore,
} from '@acm/core';
import { CONTEXT_SEARCH_TOOL_NAME } from '@acm/core/long-term';
import { loadSharedConversationsAsCore } from '@acm/core/testing';
import type { BaseMessage, ToolMessage } from '@langchain/core/messages';
import { AIMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { toLangChainMessages } from '../to-langchain-messages';
import { autoContextMiddleware } from './auto-context-middleware';

const OFFLOAD_MARKER = /<!-- CONTEXT_OFFLOAD: uuid=([^\s>]+) -->/;

/** Real tau-bench conversations (system prompt left out), cut into three growing prompts that each end where the model answers. */
function loadTauPrompts(count: number) {
  return loadSharedConversationsAsCore({ dataset: 'tau' })
    .map((conversation) => ({
      id: conversation.id,
      messages: conversation.messages.filter(
        (message) => message.role !== 'system',
      ),
    }))
    .filter(({ messages }) => messages.length >= 24)
    .slice(0, count)
    .map(({ id, messages }) => {
      // Prompts end where the model answers next (before an assistant message).
      const ends = messages.flatMap((message, index) =>
        message.role !== 'assistant' &&
        messages[index + 1]?.role === 'assistant'
          ? [index + 1]
          : [],
      );
      const cut = (share: number) =>
        ends[Math.floor((ends.length - 1) * share)]!;
      const first = messages.find((message) => message.role === 'user')!;
      return {
        id,
        prompts: [cut(1 / 3), cut(2 / 3), cut(1)].map((end) =>
          toLangChainMessages(messages.slice(0, end)),
        ),
        query: JSON.stringify(first.content).slice(0, 80),
      };
    });
}

function findOffloadId(messages: readonly BaseMessage[]): string | undefined {
  for (const message of messages) {
    const match = OFFLOAD_MARKER.exec(JSON.stringify(message.content));
    if (match !== null) return match[1];
  }
  return undefined;
}

describe('autoContextMiddleware (session lifecycle)', () => {
  // #24: the built-in tools read only the threads held in memory: 12 of 50
  // reloads found their content with the bound at 8 and 12 threads in flight.
  it('should find every model reload and search through the store: 50 threads, maxSessions 8, 12 in flight', async () => {
    const conversations = loadTauPrompts(50);
    const acm = autoContextMiddleware({
      counter: createApproximateTokenCounter(),
      store: createInMemorySessionStore(),
      maxSessions: 8,
      config: { maxToken: 1200 },
    });
    const outcomes: {
      id: string;
      offloadId: string | undefined;
      reload: string;
      search: string;
    }[] = [];
    const run = async ({
      id,
      prompts,
      query,
    }: ReturnType<typeof loadTauPrompts>[number]) => {
      let offloadId: string | undefined;
      const model = fakeModel()
        .respond(new AIMessage('ok'))
        .respond(new AIMessage('ok'))
        .respond((messages) => {
          offloadId = findOffloadId(messages);
          return new AIMessage({
            content: '',
            tool_calls: [
              {
                id: 'reload',
                name: CONTEXT_RELOAD_TOOL_NAME,
                args: { working_context_offload_uuid: offloadId ?? 'none' },
              },
              { id: 'search', name: CONTEXT_SEARCH_TOOL_NAME, args: { query } },
            ],
          });
        })
        .respond(new AIMessage('done'));
      const agent = createAgent({ model, tools: [], middleware: [acm] });
      // The app keeps the state the agent returns (the managed view once
      // compressed) and appends what is new, as a checkpointer would.
      let state: { messages: BaseMessage[] } = { messages: [] };
      let sent = 0;
      for (const prompt of prompts) {
        state = await agent.invoke(
          { messages: [...state.messages, ...prompt.slice(sent)] },
          { configurable: { thread_id: id } },
        );
        sent = prompt.length;
      }
      const results = new Map(
        state.messages
          .filter((message): message is ToolMessage => message.type === 'tool')
          .map((message) => [message.name, message.text]),
      );
      outcomes.push({
        id,
        offloadId,
        reload: results.get(CONTEXT_RELOAD_TOOL_NAME) ?? '',
        search: results.get(CONTEXT_SEARCH_TOOL_NAME) ?? '',
      });
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: 12 }, async () => {
        while (next < conversations.length) await run(conversations[next++]!);
      }),
    );

    expect(outcomes).toHaveLength(50);
    // Every model saw a reload id in its compressed view, and got its content.
    expect(outcomes.filter(({ offloadId }) => offloadId === undefined)).toEqual(
      [],
    );
    expect(
      outcomes.filter(
        ({ offloadId, reload }) =>
          !reload.startsWith(`Offloaded context "${offloadId}"`),
      ),
    ).toEqual([]);
    expect(
      outcomes.filter(
        ({ search }) => !/^\d+ earlier messages? match/.test(search),
      ),
    ).toEqual([]);
  }, 180_000);
});
