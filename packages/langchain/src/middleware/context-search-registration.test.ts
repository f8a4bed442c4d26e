import { CONTEXT_SEARCH_TOOL_NAME } from '@acm/core/long-term';
import type { ToolMessage } from '@langchain/core/messages';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { autoContextMiddleware } from './auto-context-middleware';

describe('autoContextMiddleware (context_search)', () => {
  it('should register context_search next to context_reload, searching the run’s thread only', async () => {
    const model = fakeModel()
      .respond(
        new AIMessage({
          content: '',
          tool_calls: [
            {
              name: CONTEXT_SEARCH_TOOL_NAME,
              args: { query: 'XEWRD9' },
              id: 's1',
            },
          ],
        }),
      )
      .respond(new AIMessage('ok'));
    const acm = autoContextMiddleware();
    const agent = createAgent({ model, tools: [], middleware: [acm] });
    await agent.invoke(
      {
        messages: [
          new HumanMessage({ id: 'o1', content: 'Other thread: XEWRD9.' }),
        ],
      },
      { configurable: { thread_id: 'other' } },
    );
    model.respond(
      new AIMessage({
        content: '',
        tool_calls: [
          {
            name: CONTEXT_SEARCH_TOOL_NAME,
            args: { query: 'XEWRD9' },
            id: 's2',
          },
        ],
      }),
    );
    model.respond(new AIMessage('ok'));

    const state = await agent.invoke(
      {
        messages: [
          new HumanMessage({ id: 'h1', content: 'My reservation is XEWRD9.' }),
          new AIMessage({ id: 'a1', content: 'Noted.' }),
          new HumanMessage({ id: 'h2', content: 'Which one was it?' }),
        ],
      },
      { configurable: { thread_id: 'mine' } },
    );

    expect(acm.tools?.map((tool) => tool.name)).toStrictEqual([
      'context_reload',
      CONTEXT_SEARCH_TOOL_NAME,
    ]);
    const result = state.messages.find(
      (message): message is ToolMessage => message.type === 'tool',
    );
    expect(result?.name).toBe(CONTEXT_SEARCH_TOOL_NAME);
    expect(result?.text).toContain('My reservation is XEWRD9.');
    expect(result?.text).not.toContain('Other thread');
  });
});
