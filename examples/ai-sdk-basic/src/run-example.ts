import {
  CONTEXT_RELOAD_INSTRUCTION,
  CONTEXT_RELOAD_TOOL_NAME,
  autoContextMiddleware,
  contextReloadTool,
  createApproximateTokenCounter,
  summarizerFromLanguageModel,
  toAiSdkMessages,
} from '@acm/ai-sdk';
import { fromOpenAIMessages } from '@acm/core';
import type { ModelMessage } from 'ai';
import { generateText, isStepCount, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { z } from 'zod';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The committed sample of real agent runs (licence in data/README.md). */
const SAMPLE_PATH = fileURLToPath(
  new URL('../../../data/sample.jsonl', import.meta.url),
);
const CONVERSATION_ID = 'swe/django__django-11119';

/** One conversation of `data/sample.jsonl`, as core messages. */
function loadSampleConversation(id: string) {
  for (const line of readFileSync(SAMPLE_PATH, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const record = JSON.parse(line) as { id: string; messages: unknown[] };
    if (record.id === id)
      return { id, messages: fromOpenAIMessages(record.messages) };
  }
  throw new Error(`conversation ${id} is not in ${SAMPLE_PATH}`);
}

export interface ExampleReport {
  readonly answer: string;
  readonly conversationMessages: number;
  readonly promptMessages: readonly number[];
  readonly summaryCalls: number;
  readonly compressionEvents: number;
  readonly reloadedCharacters: number;
}

const usage = {
  inputTokens: {
    total: undefined,
    noCache: undefined,
    cacheRead: undefined,
    cacheWrite: undefined,
  },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A scripted model: call `lookup`, reload the first offloaded message, answer. */
function createScriptedModel(): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    doGenerate: ({ prompt }) => {
      const last = prompt.at(-1);
      if (last?.role === 'user') {
        return Promise.resolve({
          content: [
            {
              type: 'tool-call',
              toolCallId: 'call-1',
              toolName: 'lookup',
              input: '{"q":"failing test"}',
            },
          ],
          finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
          usage,
          warnings: [],
        });
      }
      const offloadId = /CONTEXT_OFFLOAD: uuid=([^\s<>"\\]+)/.exec(
        JSON.stringify(prompt),
      )?.[1];
      if (
        last?.role === 'tool' &&
        last.content[0]?.type === 'tool-result' &&
        last.content[0].toolName === 'lookup' &&
        offloadId !== undefined
      ) {
        return Promise.resolve({
          content: [
            {
              type: 'tool-call',
              toolCallId: 'call-2',
              toolName: CONTEXT_RELOAD_TOOL_NAME,
              input: JSON.stringify({
                working_context_offload_uuid: offloadId,
              }),
            },
          ],
          finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
          usage,
          warnings: [],
        });
      }
      return Promise.resolve({
        content: [{ type: 'text', text: 'The failing test is fixed.' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      });
    },
  });
}

/**
 * Runs a 3-step tool loop over a recorded SWE-bench run through the
 * middleware, offline, with scripted mock models. For a real provider, wrap
 * `openai.chat('…')` instead of the mock and build the summarizer from it.
 */
export async function runExample({
  model = createScriptedModel(),
  summaryModel = new MockLanguageModelV4({
    doGenerate: () =>
      Promise.resolve({
        content: [
          {
            type: 'text',
            text: 'Summary: the agent explored the repository and ran the tests.',
          },
        ],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      }),
  }),
}: {
  model?: MockLanguageModelV4;
  summaryModel?: MockLanguageModelV4;
} = {}): Promise<ExampleReport> {
  const conversation = loadSampleConversation(CONVERSATION_ID);
  const [system, ...rest] = toAiSdkMessages(conversation.messages);
  const messages = rest as ModelMessage[];

  const acm = autoContextMiddleware({
    sessionId: 'example',
    // history: 'mirror' (the default): `messages` below is the full history
    config: { maxToken: 6_000 },
    counter: createApproximateTokenCounter(),
    summarizer: summarizerFromLanguageModel(summaryModel),
  });
  const result = await generateText({
    model: wrapLanguageModel({
      model,
      middleware: acm,
    }),
    instructions: `${system?.role === 'system' ? system.content : ''}\n\n${CONTEXT_RELOAD_INSTRUCTION}`,
    messages,
    tools: {
      lookup: tool({
        description: 'Searches the repository.',
        inputSchema: z.object({ q: z.string() }),
        execute: ({ q }) => Promise.resolve(`3 matches for ${q}`),
      }),
      // Through the middleware's sessions: held, or loaded from its store.
      [CONTEXT_RELOAD_TOOL_NAME]: contextReloadTool({
        sessions: acm,
        sessionId: 'example',
      }),
    },
    stopWhen: isStepCount(4),
  });
  const memory = acm.getMemory('example');
  const reload = result.steps
    .flatMap((step) => step.toolResults)
    .find((toolResult) => toolResult.toolName === CONTEXT_RELOAD_TOOL_NAME);
  return {
    answer: result.text,
    conversationMessages: conversation.messages.length,
    promptMessages: model.doGenerateCalls.map((call) => call.prompt.length),
    summaryCalls: summaryModel.doGenerateCalls.length,
    compressionEvents: memory?.getCompressionEvents().length ?? 0,
    reloadedCharacters:
      typeof reload?.output === 'string' ? reload.output.length : 0,
  };
}
