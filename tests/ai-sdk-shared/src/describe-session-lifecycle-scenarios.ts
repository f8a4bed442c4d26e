import type { AiSdkMessage } from '@acm/ai-sdk';
import {
  CONTEXT_RELOAD_TOOL_NAME,
  autoContextMiddleware,
  contextReloadTool,
  contextSearchTool,
  createApproximateTokenCounter,
  createInMemorySessionStore,
  toAiSdkMessages,
} from '@acm/ai-sdk';
import { CONTEXT_SEARCH_TOOL_NAME } from '@acm/core/long-term';
import { loadSharedConversationsAsCore } from '@acm/core/testing';
import { describe, expect, it } from 'vitest';
import type {
  AiSdkMajor,
  MockCallOptions,
  MockContent,
  MockGenerateResult,
} from './ai-sdk-major';
import {
  MAX_TOKEN,
  findOffloadId,
  inspectPrompt,
  loadConversation,
} from './conversation-fixture';

const counter = createApproximateTokenCounter();

const usage = (input: number) => ({
  inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
});

const answer = (
  content: MockContent[],
  inputTokens = 10,
): MockGenerateResult => ({
  content,
  finishReason:
    content[0]?.type === 'tool-call'
      ? { unified: 'tool-calls', raw: 'tool_calls' }
      : { unified: 'stop', raw: 'stop' },
  usage: usage(inputTokens),
  warnings: [],
});

const pause = (ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Real tau-bench conversations (system prompt left out), as AI SDK messages, cut into three growing prompts that each end where the model answers. */
function loadTauPrompts(count: number): {
  id: string;
  prompts: AiSdkMessage[][];
  query: string;
}[] {
  return loadSharedConversationsAsCore({ dataset: 'tau' })
    .map((conversation) => ({
      id: conversation.id,
      messages: toAiSdkMessages(
        conversation.messages.filter((message) => message.role !== 'system'),
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
          messages.slice(0, end),
        ),
        query: JSON.stringify(first.content).slice(0, 80),
      };
    });
}

/** Runs `tasks` with at most `width` of them in flight. */
async function runPool(
  width: number,
  tasks: readonly (() => Promise<void>)[],
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) await tasks[next++]!();
    }),
  );
}

export function describeSessionLifecycleScenarios(major: AiSdkMajor): void {
  describe(`autoContextMiddleware session lifecycle (${major.label})`, () => {
    it('should find every model reload and search through the store: 50 conversations, maxSessions 8, 12 in flight', async () => {
      const conversations = loadTauPrompts(50);
      const store = createInMemorySessionStore();
      const acm = autoContextMiddleware({
        counter,
        store,
        maxSessions: 8,
        config: { maxToken: 1200 },
        // The scripted usage is not a real count: the same compressions whatever the timing.
        calibrate: false,
      });
      const outcomes: { reload: string; search: string; id: string }[] = [];
      const tasks = conversations.map(
        ({ id, prompts, query }, index) =>
          async () => {
            let offloadId: string | undefined;
            let finalCall = false;
            let asked = false;
            const model = new major.MockLanguageModel({
              doGenerate: async (options: MockCallOptions) => {
                // Other conversations run while this model "thinks".
                await pause((index * 7 + options.prompt.length) % 5);
                // The final call's first step calls both tools, its second answers.
                if (!finalCall || offloadId !== undefined || asked) {
                  return answer([{ type: 'text', text: 'ok' }]);
                }
                asked = true;
                offloadId = findOffloadId(options.prompt);
                return answer([
                  {
                    type: 'tool-call',
                    toolCallId: 'reload',
                    toolName: CONTEXT_RELOAD_TOOL_NAME,
                    input: JSON.stringify({
                      working_context_offload_uuid: offloadId ?? 'none',
                    }),
                  },
                  {
                    type: 'tool-call',
                    toolCallId: 'search',
                    toolName: CONTEXT_SEARCH_TOOL_NAME,
                    input: JSON.stringify({ query }),
                  },
                ]);
              },
            });
            const wrapped = major.wrapLanguageModel({ model, middleware: acm });
            const tools = {
              [CONTEXT_RELOAD_TOOL_NAME]: contextReloadTool({
                sessions: acm,
                sessionId: id,
              }),
              [CONTEXT_SEARCH_TOOL_NAME]: contextSearchTool({
                sessions: acm,
                sessionId: id,
              }),
            };
            for (const [turn, messages] of prompts.entries()) {
              finalCall = turn === prompts.length - 1;
              const result = await major.generateText({
                model: wrapped,
                messages,
                tools,
                stopWhen: major.stepCount(finalCall ? 2 : 1),
                providerOptions: { acm: { sessionId: id } },
              });
              if (!finalCall) continue;
              const outputs = new Map(
                result.steps
                  .flatMap((step) => step.toolResults)
                  .map((part) => {
                    const { toolName, output } = part as {
                      toolName: string;
                      output: string;
                    };
                    return [toolName, output];
                  }),
              );
              outcomes.push({
                id,
                reload: `${offloadId}\n${outputs.get(CONTEXT_RELOAD_TOOL_NAME)}`,
                search: outputs.get(CONTEXT_SEARCH_TOOL_NAME) ?? '',
              });
            }
          },
      );
      await runPool(12, tasks);

      // Every model saw a reload id in its compressed prompt, and got its content.
      expect(
        outcomes.filter(({ reload }) => reload.startsWith('undefined\n')),
      ).toStrictEqual([]);
      const reloadsFound = outcomes.filter(({ reload }) => {
        const [offloadId, output] = reload.split('\n', 2);
        return output!.startsWith(`Offloaded context "${offloadId}"`);
      });
      const searchesFound = outcomes.filter(({ search }) =>
        /^\d+ earlier messages? match/.test(search),
      );
      expect(outcomes).toHaveLength(50);
      // Sessions were evicted on the way (the bound held).
      expect(
        conversations.filter(({ id }) => acm.getMemory(id) === undefined)
          .length,
      ).toBeGreaterThanOrEqual(42);
      expect(reloadsFound.map(({ id }) => id)).toStrictEqual(
        outcomes.map(({ id }) => id),
      );
      expect(searchesFound).toHaveLength(50);
    }, 120_000);

    it('should give the same tool answers before and after an eviction and a restart', async () => {
      const [{ id, prompts, query }] = loadTauPrompts(1) as [
        ReturnType<typeof loadTauPrompts>[number],
      ];
      const store = createInMemorySessionStore();
      const options = {
        counter,
        store,
        maxSessions: 1,
        config: { maxToken: 1200 },
        calibrate: false,
      };
      const acm = autoContextMiddleware(options);
      const model = new major.MockLanguageModel({
        doGenerate: () =>
          Promise.resolve(answer([{ type: 'text', text: 'ok' }])),
      });
      const send = (
        middleware: typeof acm,
        sessionId: string,
        messages: AiSdkMessage[],
      ) =>
        major.generateText({
          model: major.wrapLanguageModel({ model, middleware }),
          messages,
          providerOptions: { acm: { sessionId } },
        });
      await send(acm, id, prompts[2]!);
      const offloadId = findOffloadId(model.doGenerateCalls.at(-1)!.prompt);
      expect(offloadId).toBeDefined();
      const ask = async (middleware: typeof acm) => [
        await middleware.reload(id, {
          working_context_offload_uuid: offloadId,
        }),
        await middleware.search(id, { query }),
        await middleware.search(id, { query: 'reservation', limit: 10 }),
      ];
      const held = await ask(acm);

      await send(acm, 'another', prompts[0]!);
      expect(acm.getMemory(id)).toBeUndefined();
      const evicted = await ask(acm);
      const restarted = await ask(autoContextMiddleware(options));

      expect(held[0]).toMatch(/^Offloaded context "/);
      expect(held[1]).toMatch(/^\d+ earlier messages? match/);
      expect(evicted).toStrictEqual(held);
      expect(restarted).toStrictEqual(held);
    });

    it('should keep two calls in flight on one session within the budget, each answer calibrating against its own request', async () => {
      const { system, messages } = loadConversation();
      const PROVIDER_RATIO = 1.3;
      const acm = autoContextMiddleware({
        sessionId: 'two-in-flight',
        counter,
        config: { maxToken: MAX_TOKEN },
      });
      /** Provider-counted prompt tokens of every request, protected in-flight exchange set aside. */
      const sent: number[] = [];
      const delays: number[] = [];
      const model = new major.MockLanguageModel({
        doGenerate: async (options: MockCallOptions) => {
          const prompt = options.prompt as AiSdkMessage[];
          const tools = options.tools ?? [];
          const inFlight = prompt.at(-1)?.role === 'tool' ? 2 : 0;
          const reported = Math.ceil(
            inspectPrompt(prompt, tools).tokens * PROVIDER_RATIO,
          );
          sent.push(
            Math.ceil(
              inspectPrompt(prompt.slice(0, prompt.length - inFlight), tools)
                .tokens * PROVIDER_RATIO,
            ),
          );
          const request = sent.length;
          await pause(delays.shift() ?? 0);
          return answer(
            [{ type: 'text', text: `answer ${request}` }],
            reported,
          );
        },
      });
      const wrapped = major.wrapLanguageModel({ model, middleware: acm });
      const ends = messages.flatMap((message, index) =>
        message.role !== 'assistant' &&
        messages[index + 1]?.role === 'assistant'
          ? [index + 1]
          : [],
      );
      const send = (end: number) =>
        major.generateText({
          model: wrapped,
          ...(major.systemOption === 'system'
            ? { system }
            : { instructions: system }),
          messages: messages.slice(0, end),
        });
      const answers: string[][] = [];
      for (let at = 0; at + 1 < ends.length; at += 2) {
        // The first call's answer arrives after the second call's request
        // was made from a longer history.
        delays.push(30, 0);
        const first = send(ends[at]!);
        await pause(5);
        const second = send(ends[at + 1]!);
        answers.push((await Promise.all([first, second])).map((r) => r.text));
      }

      const peak = Math.max(...sent) / MAX_TOKEN;
      expect(sent.length).toBeGreaterThan(20);
      expect(peak).toBeLessThanOrEqual(1);
      // Each call got its own answer; the session holds the longer history.
      expect(answers[0]).toStrictEqual(['answer 1', 'answer 2']);
      const memory = acm.getMemory('two-in-flight')!;
      expect(memory.getOriginalMessageCount()).toBe(
        ends[ends.length - (ends.length % 2 === 0 ? 1 : 2)],
      );
      expect(memory.getCalibration()).toBeCloseTo(PROVIDER_RATIO, 1);
    }, 60_000);
  });
}
