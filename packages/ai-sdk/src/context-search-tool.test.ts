import { CONTEXT_SEARCH_TOOL_NAME } from '@acm/core/long-term';
import { generateText, isStepCount, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { autoContextMiddleware } from './auto-context-middleware';
import { contextSearchTool } from './context-search-tool';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

describe('contextSearchTool', () => {
  it('should search the session the getter returns, at call time', async () => {
    const acm = autoContextMiddleware({ sessionId: 'chat-1' });
    let calls = 0;
    const model = wrapLanguageModel({
      model: new MockLanguageModelV4({
        doGenerate: () =>
          Promise.resolve(
            calls++ === 0
              ? {
                  content: [
                    {
                      type: 'tool-call',
                      toolCallId: 'call-1',
                      toolName: CONTEXT_SEARCH_TOOL_NAME,
                      input: '{"query":"XEWRD9"}',
                    },
                  ],
                  finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
                  usage,
                  warnings: [],
                }
              : {
                  content: [{ type: 'text', text: 'It was XEWRD9.' }],
                  finishReason: { unified: 'stop', raw: 'stop' },
                  usage,
                  warnings: [],
                },
          ),
      }),
      middleware: acm,
    });

    const result = await generateText({
      model,
      messages: [
        { role: 'user', content: 'My reservation is XEWRD9.' },
        { role: 'assistant', content: 'Noted.' },
        { role: 'user', content: 'Which one was it?' },
      ],
      tools: {
        [CONTEXT_SEARCH_TOOL_NAME]: contextSearchTool({
          memory: () => acm.getMemory('chat-1'),
        }),
      },
      stopWhen: isStepCount(3),
    });
    const output = result.steps[0]!.content.find(
      (part) => part.type === 'tool-result',
    );

    expect(output?.output).toBe(
      '1 earlier message match "XEWRD9", best first:\n[1] user message #1 (still in your context):\nMy reservation is XEWRD9.',
    );
    expect(result.text).toBe('It was XEWRD9.');
  });

  it('should answer without a memory yet', async () => {
    const search = contextSearchTool({ memory: () => undefined });

    const answer: unknown = await search.execute!({ query: 'anything' }, {
      toolCallId: 'x',
      messages: [],
    } as never);

    expect(answer).toBe(
      'No earlier messages are available yet in this conversation.',
    );
  });
});
