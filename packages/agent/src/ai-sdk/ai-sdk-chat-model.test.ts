import {
  createApproximateTokenCounter,
  createAutoContextMemory,
} from '@acm/core';
import { fixedClock, sequentialIds } from '@acm/core/testing';
import type { LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createReActAgent } from '../react-agent/create-react-agent';
import { autoContextHook } from '../auto-context/auto-context-hook';
import { defineTool } from '../tool/define-tool';
import { aiSdkChatModel } from './ai-sdk-chat-model';

function result(
  content: LanguageModelV4GenerateResult['content'],
  unified: 'stop' | 'tool-calls',
): LanguageModelV4GenerateResult {
  return {
    content,
    finishReason: { unified, raw: undefined },
    usage: {
      inputTokens: {
        total: 80,
        noCache: 80,
        cacheRead: undefined,
        cacheWrite: undefined,
      },
      outputTokens: { total: 12, text: 12, reasoning: undefined },
    },
    warnings: [],
  };
}

describe('aiSdkChatModel', () => {
  it('should run the agent on an AI SDK language model, tool calls and results included', async () => {
    const languageModel = new MockLanguageModelV4({
      doGenerate: [
        result(
          [
            { type: 'text', text: 'Let me check.' },
            {
              type: 'tool-call',
              toolCallId: 'call-1',
              toolName: 'weather',
              input: JSON.stringify({ city: 'Oslo' }),
            },
          ],
          'tool-calls',
        ),
        result([{ type: 'text', text: 'It is 4 °C in Oslo.' }], 'stop'),
      ],
    });
    const counter = createApproximateTokenCounter();
    const memory = createAutoContextMemory({
      sessionId: 'ai-sdk',
      counter,
      clock: fixedClock(0),
      generateId: sequentialIds('memory'),
    });
    const weather = defineTool<{ city: string }>({
      name: 'weather',
      description: 'Current weather of a city.',
      inputSchema: {
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
      },
      execute: ({ city }) => ({ city, celsius: 4 }),
    });
    const agent = createReActAgent({
      model: aiSdkChatModel({ model: languageModel }),
      tools: [weather],
      systemPrompt: 'Answer briefly.',
      memory,
      hooks: [autoContextHook({ memory })],
      generateId: sequentialIds('agent'),
    });

    const answer = await agent.run('Weather in Oslo?');

    expect(answer.text).toBe('It is 4 °C in Oslo.');
    expect(answer.usage).toEqual({ inputTokens: 160, outputTokens: 24 });
    const second = languageModel.doGenerateCalls[1]!;
    expect(second.prompt[0]!.role).toBe('system');
    expect(second.prompt.slice(1)).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me check.' },
          {
            type: 'tool-call',
            toolCallId: 'call-1',
            toolName: 'weather',
            input: { city: 'Oslo' },
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call-1',
            toolName: 'weather',
            output: { type: 'json', value: { city: 'Oslo', celsius: 4 } },
          },
        ],
      },
    ]);
    expect(second.tools?.map((definition) => definition.name)).toEqual([
      'weather',
      'context_reload',
      'context_search',
    ]);
  });
});
