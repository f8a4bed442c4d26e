import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  autoContextMiddleware,
  createApproximateTokenCounter,
  longTermMemoryMiddleware,
  longTermMemoryTools,
  toAiSdkMessages,
} from '@acm/ai-sdk';
import { fromOpenAIMessages, getMessageText } from '@acm/core';
import type { Message } from '@acm/core';
import {
  RETRIEVE_FROM_MEMORY_TOOL_NAME,
  createLongTermMemory,
} from '@acm/core/long-term';
import { createFileLongTermBackend } from '@acm/store-file';
import type { ModelMessage } from 'ai';
import { generateText, isStepCount, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';

/** The committed sample of real agent runs (licence in data/README.md). */
const SAMPLE_PATH = fileURLToPath(
  new URL('../../../data/sample.jsonl', import.meta.url),
);
/** James changes his Atlanta → Las Vegas flight of reservation XEWRD9 (tau-bench airline). */
const CONVERSATION_ID = 'tau-airline/task13-trial0';
const CUSTOMER = 'james_lee_6136';
const RETURNING_QUESTION =
  "Hi, it's James again. Which flight is my Atlanta to Las Vegas segment on now, and which reservation was that?";

const usage = {
  inputTokens: {
    total: undefined,
    noCache: undefined,
    cacheRead: undefined,
    cacheWrite: undefined,
  },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

function loadConversation(id: string): Message[] {
  for (const line of readFileSync(SAMPLE_PATH, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const record = JSON.parse(line) as { id: string; messages: unknown[] };
    if (record.id === id) return fromOpenAIMessages(record.messages);
  }
  throw new Error(`conversation ${id} is not in ${SAMPLE_PATH}`);
}

export interface ExampleReport {
  /** Model calls replayed in session 1 (one per answer the agent gave). */
  readonly sessionOneCalls: number;
  /** Records in the customer's long-term memory after session 1. */
  readonly recordsAfterSessionOne: number;
  /** The `<long_term_memory>` block session 2's first model call received. */
  readonly injectedBlock: string;
  /** What `retrieve_from_memory` answered in session 2 (agent mode). */
  readonly toolAnswer: string;
  /** The answer of session 2. */
  readonly answer: string;
  /** What another customer's memory finds for the same question. */
  readonly otherCustomerBlock: string;
}

/** The `<long_term_memory>` block of a prompt, '' when none. */
function findBlock(prompt: readonly { content: unknown }[]): string {
  const match = /<long_term_memory>[\s\S]*?<\/long_term_memory>/.exec(
    JSON.stringify(prompt.map((message) => message.content)),
  );
  return match === null ? '' : (JSON.parse(`"${match[0]}"`) as string);
}

/**
 * Session 1 replays the recorded conversation through the middleware stack
 * (`autoContextMiddleware` then `longTermMemoryMiddleware`, static mode): at
 * each answer of the recorded agent, a mock model returns that answer, and
 * the middleware records the turn after it (the customer's message, the tool
 * results, the answer) without delaying it. The process then "restarts":
 * session 2 opens the same file, in `'both'` mode, and the customer comes
 * back with a question only the first session can answer.
 */
export async function runExample(): Promise<ExampleReport> {
  const directory = await mkdtemp(join(tmpdir(), 'acm-ltm-example-'));
  const path = join(directory, 'long-term.jsonl');
  try {
    // ── Session 1 ────────────────────────────────────────────────────────
    const conversation = loadConversation(CONVERSATION_ID);
    const [system, ...history] = toAiSdkMessages(conversation);
    if (history.length !== conversation.length - 1) {
      throw new Error('expected one AI SDK message per recorded message');
    }
    const instructions = system?.role === 'system' ? system.content : '';
    const first = createLongTermMemory({
      backend: await createFileLongTermBackend({ path }),
      owner: { userId: CUSTOMER },
      mode: 'static',
      sessionId: 'session-1',
    });
    const recordLtm = longTermMemoryMiddleware({ memory: first });
    const acm = autoContextMiddleware({
      sessionId: 'session-1',
      counter: createApproximateTokenCounter(),
    });
    let sessionOneCalls = 0;
    const recorded = conversation.slice(1); // what `history` was made from, one to one
    for (const [index, message] of recorded.entries()) {
      if (
        message.role !== 'assistant' ||
        message.content.some((part) => part.type === 'tool-call')
      ) {
        continue;
      }
      const answer = getMessageText(message);
      const replay = new MockLanguageModelV4({
        doGenerate: () =>
          Promise.resolve({
            content: [{ type: 'text', text: answer }],
            finishReason: { unified: 'stop', raw: 'stop' },
            usage,
            warnings: [],
          }),
      });
      await generateText({
        model: wrapLanguageModel({
          model: replay,
          middleware: [acm, recordLtm],
        }),
        instructions,
        messages: history.slice(0, index) as ModelMessage[],
      });
      sessionOneCalls++;
    }
    await recordLtm.flush(); // before the process ends

    // ── Session 2, a week later, in a new process ───────────────────────
    const backend = await createFileLongTermBackend({ path });
    const second = createLongTermMemory({
      backend,
      owner: { userId: CUSTOMER },
      mode: 'both',
      sessionId: 'session-2',
    });
    const recordsAfterSessionOne = (
      await backend.search({
        owner: { userId: CUSTOMER },
        query: 'xewrd9 hat052 atl las james',
        limit: 100,
      })
    ).length;
    let injectedBlock = '';
    const agent = new MockLanguageModelV4({
      doGenerate: ({ prompt }) => {
        const last = prompt.at(-1);
        if (last?.role === 'user') {
          injectedBlock = findBlock(prompt);
          // Agent mode too: look the reservation's payment up by keywords.
          return Promise.resolve({
            content: [
              {
                type: 'tool-call',
                toolCallId: 'call-1',
                toolName: RETRIEVE_FROM_MEMORY_TOOL_NAME,
                input: JSON.stringify({ keywords: ['XEWRD9', 'updated'] }),
              },
            ],
            finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
            usage,
            warnings: [],
          });
        }
        const flight = /changed to flight (HAT\d{3})/.exec(injectedBlock)?.[1];
        // The tool result (JSON in JSON: escaped quotes).
        const reservation = /reservation_id\\": \\"([A-Z0-9]{6})/.exec(
          JSON.stringify(prompt),
        )?.[1];
        return Promise.resolve({
          content: [
            {
              type: 'text',
              text: `Welcome back, James! Your Atlanta to Las Vegas segment is on flight ${flight ?? '?'}, in reservation ${reservation ?? '?'}.`,
            },
          ],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage,
          warnings: [],
        });
      },
    });
    const ltm = longTermMemoryMiddleware({ memory: second });
    const result = await generateText({
      model: wrapLanguageModel({
        model: agent,
        middleware: [
          autoContextMiddleware({
            sessionId: 'session-2',
            counter: createApproximateTokenCounter(),
          }),
          ltm,
        ],
      }),
      instructions,
      prompt: RETURNING_QUESTION,
      tools: longTermMemoryTools(second),
      stopWhen: isStepCount(3),
    });
    await ltm.flush();
    const toolAnswer = result.steps
      .flatMap((step) => step.toolResults)
      .map((toolResult) => String(toolResult.output))
      .join('\n');

    // Another customer asks the same question: nothing of James's is found.
    const stranger = createLongTermMemory({
      backend,
      owner: { userId: 'mia_li_3668' },
      mode: 'static',
    });
    const otherCustomerBlock = await stranger.retrieve(RETURNING_QUESTION);

    return {
      sessionOneCalls,
      recordsAfterSessionOne,
      injectedBlock,
      toolAnswer,
      answer: result.text,
      otherCustomerBlock,
    };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
