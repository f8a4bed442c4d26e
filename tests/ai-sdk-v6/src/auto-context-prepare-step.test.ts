import {
  autoContextPrepareStep,
  summarizerFromLanguageModel,
} from '@acm/ai-sdk';
import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { generateText, stepCountIs, jsonSchema, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import {
  MAX_TOKEN,
  config,
  counter,
  inspectPrompt,
  loadConversation,
} from './conversation-fixture';

const usage = {
  inputTokens: {
    total: undefined,
    noCache: undefined,
    cacheRead: undefined,
    cacheWrite: undefined,
  },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

describe('autoContextPrepareStep (ai 6)', () => {
  it('should compact each step from the full messages to the same view without summarizing again', async () => {
    const { system, messages } = loadConversation();
    const summaryModel = new MockLanguageModelV3({
      doGenerate: () =>
        Promise.resolve({
          content: [{ type: 'text', text: 'Summary: tests were run.' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage,
          warnings: [],
        }),
    });
    const summaryCallsSeen: number[] = [];
    const model = new MockLanguageModelV3({
      doGenerate: (options: LanguageModelV3CallOptions) => {
        summaryCallsSeen.push(summaryModel.doGenerateCalls.length);
        return Promise.resolve(
          options.prompt.at(-1)?.role === 'user'
            ? {
                content: [
                  {
                    type: 'tool-call',
                    toolCallId: 'call-1',
                    toolName: 'lookup',
                    input: '{"q":"x"}',
                  },
                ],
                finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
                usage,
                warnings: [],
              }
            : {
                content: [{ type: 'text', text: 'done' }],
                finishReason: { unified: 'stop', raw: 'stop' },
                usage,
                warnings: [],
              },
        );
      },
    });
    const tools = {
      lookup: tool({
        description: 'Looks something up.',
        inputSchema: jsonSchema<{ q: string }>({
          type: 'object',
          properties: { q: { type: 'string' } },
          required: ['q'],
        }),
        execute: () => Promise.resolve('found'),
      }),
    };
    const prepareStep = autoContextPrepareStep({
      sessionId: 'loop',
      config,
      counter,
      tools,
      summarizer: summarizerFromLanguageModel(summaryModel),
    });
    const result = await generateText({
      model,
      system: system,
      messages,
      tools,
      prepareStep,
      stopWhen: stepCountIs(3),
    });

    expect(result.text).toBe('done');
    const [first, second] = model.doGenerateCalls;
    for (const call of model.doGenerateCalls) {
      const { violations, tokens } = inspectPrompt(
        call.prompt,
        call.tools ?? [],
      );
      expect(violations).toEqual([]);
      expect(tokens).toBeLessThanOrEqual(MAX_TOKEN);
    }
    expect(first!.prompt.length).toBeLessThan(messages.length);
    expect(second!.prompt.slice(0, first!.prompt.length)).toEqual(
      first!.prompt,
    );
    expect(summaryCallsSeen[0]).toBeGreaterThan(0);
    expect(summaryCallsSeen[1]).toBe(summaryCallsSeen[0]);
    expect(prepareStep.getMemory('loop')?.getOriginalMessages()).toHaveLength(
      messages.length + 2,
    );
  });
});
