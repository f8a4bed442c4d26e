import type { Message } from '@acm/ai-sdk';
import {
  CONTEXT_RELOAD_TOOL_NAME,
  HistoryMismatchError,
  InvalidArgumentError,
  SHARED_SESSION_ID,
  autoContextMiddleware,
  createInMemorySessionStore,
  contextReloadTool,
  createAutoContextMemory,
  createTokenCounter,
  getMessageText,
  summarizerFromLanguageModel,
} from '@acm/ai-sdk';
import { stringifyToolOutput } from '@acm/core';
import { describe, expect, it } from 'vitest';
import type {
  AiSdkMajor,
  MockCallOptions,
  MockContent,
  MockStreamPart,
} from './ai-sdk-major';
import { systemPromptOption } from './ai-sdk-major';
import {
  MAX_TOKEN,
  config,
  counter,
  findOffloadId,
  inspectPrompt,
  loadConversation,
} from './conversation-fixture';
import { createLookupTool } from './create-lookup-tool';

const usage = (input: number) => ({
  inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
});

/** The scripted agent: look something up, reload an offloaded message, answer. */
function script(options: MockCallOptions): {
  content: MockContent[];
  finish: 'tool-calls' | 'stop';
} {
  const last = options.prompt.at(-1);
  if (last?.role === 'user') {
    return {
      content: [
        {
          type: 'tool-call',
          toolCallId: 'call-lookup',
          toolName: 'lookup',
          input: '{"q":"settings"}',
        },
      ],
      finish: 'tool-calls',
    };
  }
  const result = last?.role === 'tool' ? last.content[0] : undefined;
  if (result?.type === 'tool-result' && result.toolName === 'lookup') {
    const offloadId = findOffloadId(options.prompt) ?? 'missing';
    return {
      content: [
        {
          type: 'tool-call',
          toolCallId: 'call-reload',
          toolName: CONTEXT_RELOAD_TOOL_NAME,
          input: JSON.stringify({ working_context_offload_uuid: offloadId }),
        },
      ],
      finish: 'tool-calls',
    };
  }
  return {
    content: [{ type: 'text', text: 'The fix is in settings.py.' }],
    finish: 'stop',
  };
}

/** A model that answers `text` and reports `inputTokens` input tokens. */
function createTextModel(major: AiSdkMajor, text: string, inputTokens: number) {
  return new major.MockLanguageModel({
    doGenerate: () =>
      Promise.resolve({
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usage(inputTokens),
        warnings: [],
      }),
  });
}

function createModels(major: AiSdkMajor) {
  /** Summary calls made before each model call. */
  const summaryCallsSeen: number[] = [];
  const reported = (options: MockCallOptions) => {
    summaryCallsSeen.push(summaryModel.doGenerateCalls.length);
    return usage(inspectPrompt(options.prompt, options.tools ?? []).tokens);
  };
  const summaryModel = createTextModel(
    major,
    'Summary: the agent inspected the repository and ran the tests.',
    100,
  );
  const model = new major.MockLanguageModel({
    doGenerate: (options) => {
      const { content, finish } = script(options);
      return Promise.resolve({
        content,
        finishReason: { unified: finish, raw: finish },
        usage: reported(options),
        warnings: [],
      });
    },
    doStream: (options) => {
      const { content, finish } = script(options);
      const streamUsage = reported(options);
      const parts: MockStreamPart[] = [];
      for (const part of content) {
        if (part.type === 'text') {
          parts.push(
            { type: 'text-start', id: 't' },
            { type: 'text-delta', id: 't', delta: part.text },
            { type: 'text-end', id: 't' },
          );
        } else {
          parts.push(part);
        }
      }
      parts.push({
        type: 'finish',
        finishReason: { unified: finish, raw: finish },
        usage: streamUsage,
      });
      return Promise.resolve({
        stream: major.convertArrayToReadableStream(parts),
      });
    },
  });
  return { model, summaryModel, summaryCallsSeen };
}

function createAgent(major: AiSdkMajor) {
  const { model, summaryModel, summaryCallsSeen } = createModels(major);
  const acm = autoContextMiddleware({
    sessionId: 'swe-run',
    config,
    counter,
    summarizer: summarizerFromLanguageModel(summaryModel),
  });
  const tools = {
    lookup: createLookupTool(major, ({ q }) =>
      Promise.resolve(`result for ${q}`),
    ),
    [CONTEXT_RELOAD_TOOL_NAME]: contextReloadTool({
      memory: () => acm.getMemory('swe-run'),
      maxChars: 1_000_000,
    }),
  };
  return {
    acm,
    model,
    summaryModel,
    summaryCallsSeen,
    tools,
    wrapped: major.wrapLanguageModel({ model, middleware: acm }),
  };
}

export function describeMiddlewareScenarios(major: AiSdkMajor): void {
  describe(`autoContextMiddleware (${major.label})`, () => {
    it.each(['generateText', 'streamText'] as const)(
      'should hand a %s tool loop compressed prompts that keep the contract and the budget',
      async (mode) => {
        const { system, messages } = loadConversation();
        const { acm, model, summaryModel, summaryCallsSeen, tools, wrapped } =
          createAgent(major);
        const options = {
          model: wrapped,
          ...systemPromptOption(major, system),
          messages,
          tools,
          stopWhen: major.stepCount(4),
        };
        let text: string;
        let toolResults: unknown[];
        if (mode === 'generateText') {
          const result = await major.generateText(options);
          text = result.text;
          toolResults = result.steps.flatMap((step) => step.toolResults);
        } else {
          const result = major.streamText(options);
          text = await result.text;
          toolResults = (await result.steps).flatMap(
            (step) => step.toolResults,
          );
        }
        const calls =
          mode === 'generateText' ? model.doGenerateCalls : model.doStreamCalls;

        expect(text).toBe('The fix is in settings.py.');
        expect(calls).toHaveLength(3);
        const toolDefinitions = calls[0]!.tools ?? [];
        for (const call of calls) {
          const { violations, tokens } = inspectPrompt(
            call.prompt,
            toolDefinitions,
          );
          expect(violations).toEqual([]);
          // The budget holds except for the in-flight exchange (protected):
          // the last call carries the full reload of an offload entry, which
          // holds the original messages of a whole cleared stretch.
          const inFlight = call.prompt.at(-1)?.role === 'tool' ? 2 : 0;
          expect(
            inFlight === 0
              ? tokens
              : inspectPrompt(call.prompt.slice(0, -inFlight), toolDefinitions)
                  .tokens,
          ).toBeLessThanOrEqual(MAX_TOKEN);
        }
        // The first prompt was compressed (within the budget above): content
        // behind reload stubs, whether cleared or summarized.
        expect(JSON.stringify(calls[0]!.prompt)).toContain('CONTEXT_OFFLOAD');
        // The second step extends the first view: the prefix (and the provider's cache) stays, no new summary.
        expect(calls[1]!.prompt.slice(0, calls[0]!.prompt.length)).toEqual(
          calls[0]!.prompt,
        );
        // Clearing consumed exchanges may be enough here (no LLM summary:
        // #11 item 4); whatever was summarized, the second step adds nothing.
        expect(summaryCallsSeen[1]).toBe(summaryCallsSeen[0]);
        // Every summary call is recorded with its usage in an applied event.
        const memory = acm.getMemory('swe-run')!;
        const summarizedEvents = memory
          .getCompressionEvents()
          .filter(
            (event) =>
              event.type === 'compression' && event.summarizer !== undefined,
          );
        expect(summarizedEvents).toHaveLength(
          summaryModel.doGenerateCalls.length,
        );
        // The reload returned the original content behind the stub.
        const offloadId = findOffloadId(calls[0]!.prompt)!;
        const original = memory.reload(offloadId);
        expect(original.length).toBeGreaterThan(0);
        const reloadResult = toolResults.find(
          (result) =>
            (result as { toolName: string }).toolName ===
            CONTEXT_RELOAD_TOOL_NAME,
        ) as { output: string };
        for (const message of original) {
          for (const part of message.content) {
            const piece =
              part.type === 'tool-result'
                ? stringifyToolOutput(part.output)
                : part.type === 'text'
                  ? part.text
                  : '';
            expect(reloadResult.output).toContain(piece);
          }
        }
      },
    );

    it('should not call the summarizer again for a second call over the same prefix', async () => {
      const { system, messages } = loadConversation();
      const { summaryModel, tools, wrapped, model } = createAgent(major);
      const callOnce = () =>
        major.generateText({
          model: wrapped,
          ...systemPromptOption(major, system),
          messages,
          tools,
          stopWhen: major.stepCount(1),
        });
      // The first call's provider usage calibrates the counter, which may let
      // one more pass (a rollup) run on the second call; from then on the
      // same prefix is neither summarized again nor rewritten.
      await callOnce();
      await callOnce();
      const settled = summaryModel.doGenerateCalls.length;
      await callOnce();

      expect(summaryModel.doGenerateCalls.length).toBe(settled);
      expect(model.doGenerateCalls[2]!.prompt).toEqual(
        model.doGenerateCalls[1]!.prompt,
      );
    });

    it('should calibrate the estimate with the input tokens the provider reports', async () => {
      const model = createTextModel(major, 'ok', 24);
      const acm = autoContextMiddleware({ sessionId: 'short', counter });
      await major.generateText({
        model: major.wrapLanguageModel({ model, middleware: acm }),
        ...systemPromptOption(major, 'Be brief.'),
        prompt: 'Hello there, how are you?',
      });
      const memory = acm.getMemory('short')!;
      const estimate =
        memory.countTokens() + memory.countFixedTokens({ system: 'Be brief.' });

      expect(estimate).toBe(16);
      expect(memory.getCalibration()).toBe(1.5);
    });

    it("should count the system prompt with the memory's counter, not the counter option", async () => {
      const model = createTextModel(major, 'ok', 24);
      const characters = createTokenCounter({
        name: 'characters',
        countText: (value) => value.length,
      });
      const acm = autoContextMiddleware({
        sessionId: 'own-counter',
        counter: characters,
        createMemory: ({ sessionId }) =>
          createAutoContextMemory({ sessionId, counter }),
      });
      await major.generateText({
        model: major.wrapLanguageModel({ model, middleware: acm }),
        ...systemPromptOption(major, 'Be brief.'),
        prompt: 'Hello there, how are you?',
      });

      // 24 / (10 message tokens + 3 + 'Be brief.' 3), all by the memory's
      // approximate counter (the characters counter would give 3 + 9)
      expect(acm.getMemory('own-counter')!.getCalibration()).toBe(1.5);
    });

    it('should take the session from providerOptions.acm and not pass that namespace on', async () => {
      const model = createTextModel(major, 'ok', 10);
      const acm = autoContextMiddleware({ sessionId: 'fallback', counter });
      await major.generateText({
        model: major.wrapLanguageModel({ model, middleware: acm }),
        prompt: 'Hi',
        providerOptions: {
          acm: { sessionId: 'from-call' },
          openai: { user: 'u' },
        },
      });

      expect(acm.getMemory('from-call')?.getOriginalMessages()).toHaveLength(1);
      expect(acm.getMemory('fallback')).toBeUndefined();
      expect(model.doGenerateCalls[0]!.providerOptions).toEqual({
        openai: { user: 'u' },
      });
    });

    it("should refuse an edited history by default, and start over from it with onMismatch 'replace'", async () => {
      const history = [
        { role: 'user', content: 'first' },
        { role: 'assistant', content: 'a' },
        { role: 'user', content: 'b' },
      ];
      const edited = [{ role: 'user', content: 'edited' }];
      const textsOf = (memory: { getOriginalMessages(): readonly Message[] }) =>
        memory.getOriginalMessages().map((message) => getMessageText(message));

      const strict = autoContextMiddleware({ counter, sharedSession: true });
      const refused = createTextModel(major, 'ok', 10);
      const wrapped = major.wrapLanguageModel({
        model: refused,
        middleware: strict,
      });
      await major.generateText({ model: wrapped, messages: history });
      const error = await major
        .generateText({ model: wrapped, messages: edited })
        .then(
          () => undefined,
          (reason: unknown) => reason,
        );
      expect(HistoryMismatchError.isInstance(error)).toBe(true);
      expect(refused.doGenerateCalls).toHaveLength(1);
      expect(textsOf(strict.getMemory(SHARED_SESSION_ID)!)).toEqual([
        'first',
        'a',
        'b',
      ]);

      const model = createTextModel(major, 'ok', 10);
      const acm = autoContextMiddleware({
        counter,
        sharedSession: true,
        onMismatch: 'replace',
      });
      const replacing = major.wrapLanguageModel({ model, middleware: acm });
      await major.generateText({ model: replacing, messages: history });
      await major.generateText({ model: replacing, messages: edited });
      const memory = acm.getMemory(SHARED_SESSION_ID)!;
      expect(textsOf(memory)).toEqual(['edited']);
      expect(model.doGenerateCalls[1]!.prompt).toEqual([
        { role: 'user', content: [{ type: 'text', text: 'edited' }] },
      ]);
      // The dropped messages are kept behind one reload id.
      const [archived] = Object.values(memory.getOffloadContext());
      expect(archived?.map((message) => getMessageText(message))).toEqual([
        'first',
        'a',
        'b',
      ]);
    });

    it('should reject a call without a session id, naming the option', async () => {
      const model = createTextModel(major, 'ok', 10);
      const acm = autoContextMiddleware({ counter });
      const error = await major
        .generateText({
          model: major.wrapLanguageModel({ model, middleware: acm }),
          prompt: 'hi',
        })
        .then(
          () => undefined,
          (reason: unknown) => reason,
        );
      const cause = InvalidArgumentError.isInstance(error)
        ? error
        : (error as { cause?: unknown } | undefined)?.cause;
      expect(InvalidArgumentError.isInstance(cause)).toBe(true);
      expect((cause as InvalidArgumentError).parameter).toBe('sessionId');
      expect(model.doGenerateCalls).toHaveLength(0);
    });

    it('should hold at most maxSessions sessions and bring an evicted one back intact from the store', async () => {
      const model = createTextModel(major, 'ok', 10);
      const store = createInMemorySessionStore();
      const acm = autoContextMiddleware({ counter, store, maxSessions: 2 });
      const wrapped = major.wrapLanguageModel({ model, middleware: acm });
      for (let index = 0; index < 10; index++) {
        await major.generateText({
          model: wrapped,
          prompt: `hello ${index}`,
          providerOptions: { acm: { sessionId: `user-${index}` } },
        });
      }
      expect(acm.getMemory('user-0')).toBeUndefined();
      expect(acm.getMemory('user-9')).toBeDefined();
      await major.generateText({
        model: wrapped,
        messages: [
          { role: 'user', content: 'hello 0' },
          { role: 'assistant', content: 'ok' },
          { role: 'user', content: 'again' },
        ],
        providerOptions: { acm: { sessionId: 'user-0' } },
      });
      expect(
        acm
          .getMemory('user-0')
          ?.getOriginalMessages()
          .map((message) => getMessageText(message)),
      ).toEqual(['hello 0', 'ok', 'again']);
      expect(await acm.deleteSession('user-0')).toBe(true);
      expect(store.load('user-0')).toBeUndefined();
    });
  });
}
