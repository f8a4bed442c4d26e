import {
  autoContextPrepareStep,
  summarizerFromLanguageModel,
} from '@acm/ai-sdk';
import { describe, expect, it } from 'vitest';
import type { AiSdkMajor, MockCallOptions, MockUsage } from './ai-sdk-major';
import { systemPromptOption } from './ai-sdk-major';
import {
  MAX_TOKEN,
  config,
  counter,
  inspectPrompt,
  loadConversation,
} from './conversation-fixture';
import { createLookupTool } from './create-lookup-tool';

const usage: MockUsage = {
  inputTokens: {
    total: undefined,
    noCache: undefined,
    cacheRead: undefined,
    cacheWrite: undefined,
  },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

/** Runs the `autoContextPrepareStep` scenarios on one AI SDK major. */
export function describePrepareStepScenarios(major: AiSdkMajor): void {
  describe(`autoContextPrepareStep (${major.label})`, () => {
    it(
      major.prepareStepCarriesMessages
        ? 'should compact the step messages once and carry the compacted messages forward'
        : 'should compact each step from the full messages to the same view without summarizing again',
      async () => {
        const { system, messages } = loadConversation();
        const summaryModel = new major.MockLanguageModel({
          doGenerate: () =>
            Promise.resolve({
              content: [{ type: 'text', text: 'Summary: tests were run.' }],
              finishReason: { unified: 'stop', raw: 'stop' },
              usage,
              warnings: [],
            }),
        });
        const summaryCallsSeen: number[] = [];
        const model = new major.MockLanguageModel({
          doGenerate: (options: MockCallOptions) => {
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
          lookup: createLookupTool(major, () => Promise.resolve('found')),
        };
        const prepareStep = autoContextPrepareStep({
          sessionId: 'loop',
          config,
          counter,
          tools,
          summarizer: summarizerFromLanguageModel(summaryModel),
        });
        const result = await major.generateText({
          model,
          ...systemPromptOption(major, system),
          messages,
          tools,
          prepareStep,
          stopWhen: major.stepCount(3),
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
        // Compressed (within the budget above): content behind reload stubs.
        expect(JSON.stringify(first!.prompt)).toContain('CONTEXT_OFFLOAD');
        expect(second!.prompt.slice(0, first!.prompt.length)).toEqual(
          first!.prompt,
        );
        // Clearing may be enough (no LLM summary); the second step adds none.
        expect(summaryCallsSeen[1]).toBe(summaryCallsSeen[0]);
        expect(
          prepareStep.getMemory('loop')?.getOriginalMessages(),
        ).toHaveLength(messages.length + 2);
      },
    );
  });
}
