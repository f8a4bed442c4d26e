/**
 * Issue #24, item 1: what a stored session becomes when, after a restart, a
 * prompt does not continue it, through each adapter as an app uses it: the
 * AI SDK middleware (ai 7, `generateText` on a mock model), the LangChain
 * `createAgent` middleware and chat history, and `@acm/agent`. Each of the
 * first `--limit` tau-bench conversations (real user turns, default 10) is
 * stored through the adapter over `@acm/store-file` in a temporary folder;
 * then a new adapter instance over a new store instance (a restart) gets
 *
 * - `only-new`: just a new user message, under `history: 'mirror'` and
 *   `'append'`;
 * - `edited`: the stored history up to its last user message, that message
 *   edited, under `onMismatch: 'error'`, `'fork'` (where offered) and
 *   `'replace'`.
 *
 * Every stored original is then looked for in the session, its fork and the
 * archive entry the event names: `lost` counts those found nowhere; a change
 * without an error or an event is `silent`. The options are passed as they
 * are, so the same script run on a checkout without them measures "today"
 * (the options are ignored there). Prints a table and writes
 * `results/history-mismatch.json`.
 *
 * Run: cd bench && npx tsx --conditions=@acm/source lifecycle/history-mismatch.ts [--limit N] [--out FILE]
 */
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { autoContextMiddleware as aiSdkMiddleware } from '@acm/ai-sdk';
import { createAutoContextMemory, createReActAgent } from '@acm/agent';
import { scriptedChatModel } from '@acm/agent/testing';
import { createApproximateTokenCounter, getMessageText } from '@acm/core';
import type { ContextState, Message } from '@acm/core';
import { toAiSdkMessages } from '@acm/core/formats';
import { loadSharedConversationsAsCore } from '@acm/core/testing';
import {
  AutoContextChatMessageHistory,
  toLangChainMessages,
} from '@acm/langchain';
import { autoContextMiddleware as langchainMiddleware } from '@acm/langchain/middleware';
import { createFileSessionStore } from '@acm/store-file';
import { AIMessage } from '@langchain/core/messages';
import type { BaseMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { generateText, wrapLanguageModel } from 'ai';
import type { ModelMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { createAgent } from 'langchain';
import { sharedDataDirectory } from '../lib/paths';
import { writeResult } from '../lib/write-result';

const counter = createApproximateTokenCounter();

/** What one adapter is given after the restart. */
type Case = 'only-new' | 'edited';

/** The options a row passes (ignored by a checkout that has none). */
interface RowOptions {
  readonly history?: 'mirror' | 'append';
  readonly onMismatch?: 'error' | 'fork' | 'replace';
}

/** What happened to one stored session. */
interface Outcome {
  /** The call rejected with `HistoryMismatchError` (code `HISTORY_MISMATCH`). */
  readonly typedError: boolean;
  /** Another error (its message). */
  readonly otherError?: string;
  /** `onHistoryMismatch` events. */
  readonly events: number;
  /** Stored originals found nowhere afterwards (session, fork, archive). */
  readonly lost: number;
  /** Whether the stored session is exactly as before. */
  readonly unchanged: boolean;
  /** Whether the stored originals are still the session's first messages. */
  readonly prefixKept: boolean;
}

/** One harness: stores a conversation, then sends a case to a new instance. */
interface Harness {
  readonly adapter: string;
  readonly forks: boolean;
  readonly defaultHistory: 'mirror' | 'append';
  store(
    directory: string,
    sessionId: string,
    messages: Message[],
  ): Promise<void>;
  send(
    directory: string,
    sessionId: string,
    input: { readonly kind: Case; readonly messages: Message[] },
    options: RowOptions & {
      readonly onHistoryMismatch: (event: unknown) => void;
    },
  ): Promise<void>;
}

const userText = (text: string, id: string): Message => ({
  id,
  role: 'user',
  content: [{ type: 'text', text }],
});

/** The answer every mock model gives. */
const ANSWER = 'Noted.';

function createAiSdkModel() {
  return new MockLanguageModelV4({
    doGenerate: () =>
      Promise.resolve({
        content: [{ type: 'text', text: ANSWER }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 1, text: 1, reasoning: 0 },
        },
        warnings: [],
      }),
  });
}

const aiSdk: Harness = {
  adapter: 'AI SDK middleware (ai 7)',
  forks: true,
  defaultHistory: 'mirror',
  async store(directory, sessionId, messages) {
    const acm = aiSdkMiddleware({
      sessionId,
      counter,
      store: createFileSessionStore({ directory }),
    });
    await generateText({
      model: wrapLanguageModel({ model: createAiSdkModel(), middleware: acm }),
      messages: toAiSdkMessages(messages) as ModelMessage[],
    });
  },
  async send(directory, sessionId, input, options) {
    const acm = aiSdkMiddleware({
      sessionId,
      counter,
      store: createFileSessionStore({ directory }),
      ...options,
    });
    await generateText({
      model: wrapLanguageModel({ model: createAiSdkModel(), middleware: acm }),
      messages: toAiSdkMessages(input.messages) as ModelMessage[],
    });
  },
};

function createLangChainAgent(directory: string, options: object) {
  const model = fakeModel();
  for (let index = 0; index < 4; index++) model.respond(new AIMessage(ANSWER));
  return createAgent({
    model,
    tools: [],
    middleware: [
      langchainMiddleware({
        counter,
        store: createFileSessionStore({ directory }),
        reloadTool: false,
        ...options,
      }),
    ],
  });
}

const langchain: Harness = {
  adapter: 'LangChain createAgent middleware',
  forks: true,
  defaultHistory: 'append',
  async store(directory, sessionId, messages) {
    await createLangChainAgent(directory, {}).invoke(
      { messages: toLangChainMessages(messages) },
      { configurable: { thread_id: sessionId } },
    );
  },
  async send(directory, sessionId, input, options) {
    await createLangChainAgent(directory, options).invoke(
      { messages: toLangChainMessages(input.messages) },
      { configurable: { thread_id: sessionId } },
    );
  },
};

const chatHistory: Harness = {
  adapter: 'LangChain chat history',
  forks: false,
  defaultHistory: 'append',
  async store(directory, sessionId, messages) {
    await new AutoContextChatMessageHistory({
      sessionId,
      counter,
      store: createFileSessionStore({ directory }),
    }).addMessages(toLangChainMessages(messages));
  },
  async send(directory, sessionId, input, options) {
    const history = new AutoContextChatMessageHistory({
      sessionId,
      counter,
      store: createFileSessionStore({ directory }),
      ...(options as object),
    });
    // RunnableWithMessageHistory adds the turn: the input, then the answer.
    const messages: BaseMessage[] = toLangChainMessages(input.messages);
    await history.addMessages([...messages, new AIMessage(ANSWER)]);
  },
};

function createNativeAgent(
  directory: string,
  sessionId: string,
  options: object,
) {
  const memory = createAutoContextMemory({
    sessionId,
    counter,
    store: createFileSessionStore({ directory }),
  });
  return createReActAgent({
    model: scriptedChatModel(() => ({
      message: { role: 'assistant', content: [{ type: 'text', text: ANSWER }] },
    })),
    memory,
    autoSave: true,
    ...options,
  });
}

const agent: Harness = {
  adapter: '@acm/agent',
  forks: false,
  defaultHistory: 'append',
  async store(directory, sessionId, messages) {
    await createNativeAgent(directory, sessionId, {}).run(messages);
  },
  async send(directory, sessionId, input, options) {
    await createNativeAgent(directory, sessionId, options).run(input.messages);
  },
};

/** The rows: each harness, each case, each option set. */
function rowsOf(harness: Harness): { kind: Case; options: RowOptions }[] {
  return [
    { kind: 'only-new', options: { history: 'mirror' } },
    { kind: 'only-new', options: { history: 'append' } },
    { kind: 'edited', options: { onMismatch: 'error' } },
    ...(harness.forks
      ? [{ kind: 'edited' as const, options: { onMismatch: 'fork' as const } }]
      : []),
    { kind: 'edited', options: { onMismatch: 'replace' } },
  ];
}

/** The input of a case, made from the stored originals. */
function inputOf(kind: Case, stored: readonly Message[]): Message[] {
  if (kind === 'only-new') {
    return [userText('One more question about my booking.', 'bench-new')];
  }
  let last = stored.length - 1;
  while (last > 0 && stored[last]!.role !== 'user') last--;
  return [
    ...stored.slice(0, last),
    {
      ...userText(
        `${getMessageText(stored[last]!)} (edited)`,
        stored[last]!.id,
      ),
    },
  ];
}

/** Every stored session of the folder whose id starts with `sessionId` (the session and its forks). */
async function loadAll(directory: string, sessionIds: readonly string[]) {
  const store = createFileSessionStore({ directory });
  const states: ContextState[] = [];
  for (const id of sessionIds) {
    const state = await store.load(id);
    if (state !== undefined) states.push(state);
  }
  return states;
}

async function measure(
  harness: Harness,
  kind: Case,
  options: RowOptions,
  conversation: Message[],
  index: number,
): Promise<Outcome & { readonly before: number }> {
  const directory = await mkdtemp(join(tmpdir(), 'acm-history-bench-'));
  try {
    const sessionId = `tau-${index}`;
    await harness.store(directory, sessionId, conversation);
    const [before] = await loadAll(directory, [sessionId]);
    if (before === undefined)
      throw new Error(`${harness.adapter}: nothing stored`);
    const events: {
      forkSessionId?: string;
      dropped?: { archiveId?: string };
    }[] = [];
    let typedError = false;
    let otherError: string | undefined;
    try {
      await harness.send(
        directory,
        sessionId,
        { kind, messages: inputOf(kind, before.original) },
        {
          ...options,
          onHistoryMismatch: (event) =>
            events.push(event as (typeof events)[number]),
        },
      );
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      const code =
        (error as { code?: unknown }).code ??
        (cause as { code?: unknown } | undefined)?.code;
      if (code === 'HISTORY_MISMATCH') typedError = true;
      else otherError = error instanceof Error ? error.message : String(error);
    }
    const forkIds = events.flatMap((event) =>
      event.forkSessionId === undefined ? [] : [event.forkSessionId],
    );
    const [after, ...forks] = await loadAll(directory, [sessionId, ...forkIds]);
    const archiveIds = events.flatMap((event) =>
      event.dropped?.archiveId === undefined ? [] : [event.dropped.archiveId],
    );
    const found = new Set<string>();
    for (const state of [after, ...forks]) {
      if (state === undefined) continue;
      for (const message of state.original) found.add(JSON.stringify(message));
      for (const archiveId of archiveIds) {
        for (const message of state.offloads[archiveId] ?? []) {
          found.add(JSON.stringify(message));
        }
      }
    }
    const lost = before.original.filter(
      (message) => !found.has(JSON.stringify(message)),
    ).length;
    const prefixKept =
      after !== undefined &&
      before.original.every(
        (message, position) =>
          JSON.stringify(after.original[position]) === JSON.stringify(message),
      );
    return {
      before: before.original.length,
      typedError,
      otherError,
      events: events.length,
      lost,
      unchanged: JSON.stringify(after) === JSON.stringify(before),
      prefixKept,
    };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const limitAt = args.indexOf('--limit');
  const limit = limitAt === -1 ? 10 : Number(args[limitAt + 1]);
  const outAt = args.indexOf('--out');
  const conversations = loadSharedConversationsAsCore({
    dataset: 'tau',
    dataDir: sharedDataDirectory,
    limit,
  })
    // The system prompt is the app's, not the conversation's.
    .map(({ messages }) =>
      messages.filter((message) => message.role !== 'system'),
    );

  const rows = [];
  for (const harness of [aiSdk, langchain, chatHistory, agent]) {
    for (const { kind, options } of rowsOf(harness)) {
      const outcomes: (Outcome & { readonly before: number })[] = [];
      for (const [index, conversation] of conversations.entries()) {
        outcomes.push(
          await measure(harness, kind, options, conversation, index),
        );
      }
      const sum = (pick: (outcome: (typeof outcomes)[number]) => number) =>
        outcomes.reduce((total, outcome) => total + pick(outcome), 0);
      const row = {
        adapter: harness.adapter,
        case: kind,
        options,
        conversations: outcomes.length,
        storedOriginals: sum((outcome) => outcome.before),
        lost: sum((outcome) => outcome.lost),
        silentChanges: sum((outcome) =>
          !outcome.unchanged &&
          !outcome.typedError &&
          outcome.events === 0 &&
          !outcome.prefixKept
            ? 1
            : 0,
        ),
        typedErrors: sum((outcome) => (outcome.typedError ? 1 : 0)),
        events: sum((outcome) => outcome.events),
        unchanged: sum((outcome) => (outcome.unchanged ? 1 : 0)),
        historyKept: sum((outcome) => (outcome.prefixKept ? 1 : 0)),
        otherErrors: [
          ...new Set(outcomes.flatMap((outcome) => outcome.otherError ?? [])),
        ],
      };
      rows.push(row);
      const option = Object.entries(options)
        .map(([key, value]) => `${key}: ${String(value)}`)
        .join(', ');
      console.log(
        `${row.adapter.padEnd(34)} ${kind.padEnd(9)} ${option.padEnd(22)} ` +
          `lost ${row.lost}/${row.storedOriginals}, silent ${row.silentChanges}, ` +
          `typed errors ${row.typedErrors}, events ${row.events}, unchanged ${row.unchanged}, ` +
          `history kept ${row.historyKept} of ${row.conversations}` +
          (row.otherErrors.length > 0
            ? `, other errors: ${row.otherErrors.join(' | ')}`
            : ''),
      );
    }
  }
  const result = { limit, rows };
  if (outAt === -1) {
    console.log(`Wrote ${writeResult('history-mismatch.json', result)}`);
  } else {
    writeFileSync(args[outAt + 1]!, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`Wrote ${args[outAt + 1]!}`);
  }
}

await main();
