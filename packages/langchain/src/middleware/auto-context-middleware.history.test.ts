import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HistoryMismatchEvent, Message } from '@acm/core';
import { createApproximateTokenCounter, getMessageText } from '@acm/core';
import { createFileSessionStore } from '@acm/store-file';
import type { BaseMessage } from '@langchain/core/messages';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { tool } from '@langchain/core/tools';
import { createAgent } from 'langchain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { summarizerFromChatModel } from '../summarizer-from-chat-model';
import { autoContextMiddleware } from './auto-context-middleware';
import type { AutoContextMiddlewareOptions } from './auto-context-middleware';

const THREAD = 'chat-42';

let directory = '';
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'acm-langchain-history-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** What the file store holds for a thread (read by a store instance of its own). */
async function stored(sessionId = THREAD) {
  return createFileSessionStore({ directory }).load(sessionId);
}

const textsOf = (messages: readonly Message[] | undefined) =>
  (messages ?? []).map(
    (message) => `${message.role}: ${getMessageText(message)}`,
  );

/** A model that answers `answer: <the last user text>` and records what it saw. */
function createAnsweringModel() {
  const seen: string[][] = [];
  const model = fakeModel();
  for (let index = 0; index < 20; index++) {
    model.respond((messages: BaseMessage[]) => {
      const visible = messages.filter((message) => message.type !== 'system');
      seen.push(visible.map((message) => `${message.type}: ${message.text}`));
      const question = visible
        .filter((message) => message.type === 'human')
        .at(-1);
      return new AIMessage(`answer: ${question?.text ?? ''}`);
    });
  }
  return { model, seen };
}

describe('autoContextMiddleware history across a restart', () => {
  it('should keep a thread across a restart when run as the quick start shows (store, no checkpointer)', async () => {
    /** One process, as docs/adapters/langchain.md §1 sets the agent up (a scripted model for ChatOpenAI). */
    const startProcess = () => {
      const store = createFileSessionStore({ directory });
      const { model, seen } = createAnsweringModel();
      const search = tool(() => 'found', {
        name: 'search',
        description: 'Searches the docs.',
        schema: z.object({ q: z.string() }),
      });
      const agent = createAgent({
        model,
        tools: [search],
        systemPrompt: 'You are a careful engineer.',
        middleware: [
          autoContextMiddleware({
            config: { maxToken: 128_000 },
            summarizer: summarizerFromChatModel(model),
            store, // optional SessionStore: the memory of each thread survives restarts
          }),
        ],
      });
      const ask = (text: string) =>
        agent.invoke(
          { messages: [new HumanMessage(text)] },
          { configurable: { thread_id: THREAD } },
        );
      return { ask, seen };
    };

    const first = startProcess();
    await first.ask('Where is the bug?');
    await first.ask('Fix it.');
    const before = await stored();
    expect(textsOf(before?.original)).toEqual([
      'user: Where is the bug?',
      'assistant: answer: Where is the bug?',
      'user: Fix it.',
      'assistant: answer: Fix it.',
    ]);

    const second = startProcess();
    const state = await second.ask('Did the tests pass?');
    // The model saw the thread, the state holds it, the store kept every message.
    expect(second.seen[0]).toEqual([
      'human: Where is the bug?',
      'ai: answer: Where is the bug?',
      'human: Fix it.',
      'ai: answer: Fix it.',
      'human: Did the tests pass?',
    ]);
    expect(state.messages.map((message) => message.text)).toEqual([
      'Where is the bug?',
      'answer: Where is the bug?',
      'Fix it.',
      'answer: Fix it.',
      'Did the tests pass?',
      'answer: Did the tests pass?',
    ]);
    const after = await stored();
    expect(after?.original.slice(0, 4)).toEqual(before?.original);
    expect(after?.original).toHaveLength(6);
  });

  /** One process with a middleware over the file store; invokes the thread with `messages`. */
  const startProcess = (options: AutoContextMiddlewareOptions = {}) => {
    const { model, seen } = createAnsweringModel();
    const agent = createAgent({
      model,
      tools: [],
      middleware: [
        autoContextMiddleware({
          store: createFileSessionStore({ directory }),
          counter: createApproximateTokenCounter(),
          ...options,
        }),
      ],
    });
    const invoke = (messages: BaseMessage[]) =>
      agent.invoke({ messages }, { configurable: { thread_id: THREAD } });
    return { invoke, seen };
  };

  /** The first process: two runs (ids as LangGraph keeps them); 4 messages stored. */
  const twoRuns = async () => {
    const { invoke } = startProcess();
    await invoke([new HumanMessage({ id: 'q1', content: 'one' })]);
    const state = await invoke([
      new HumanMessage({ id: 'q2', content: 'two' }),
    ]);
    const before = await stored();
    expect(before?.original.map((message) => message.id)).toEqual(
      state.messages.map((message) => message.id),
    );
    expect(before?.original).toHaveLength(4);
    return { history: state.messages, before: before! };
  };

  it("should refuse, in 'mirror' mode, a run with only the new message and leave the store as it was", async () => {
    const { before } = await twoRuns();
    const events: HistoryMismatchEvent[] = [];
    const { invoke, seen } = startProcess({
      history: 'mirror',
      onHistoryMismatch: (event) => events.push(event),
    });
    await expect(
      invoke([new HumanMessage({ id: 'q3', content: 'three' })]),
    ).rejects.toMatchObject({
      code: 'HISTORY_MISMATCH',
      sessionId: THREAD,
      history: 'mirror',
      storedCount: 4,
      receivedCount: 1,
    });
    expect(seen).toEqual([]);
    expect(events.map((event) => event.outcome)).toEqual(['error']);
    expect(await stored()).toEqual(before);
  });

  it("should refuse by default a state that repeats the thread's start and leaves it", async () => {
    const { history, before } = await twoRuns();
    const { invoke } = startProcess();
    await expect(
      invoke([
        ...history.slice(0, 2),
        new HumanMessage({ id: 'q2b', content: 'two, edited' }),
      ]),
    ).rejects.toMatchObject({ reason: 'diverged', divergedAt: 2 });
    expect(await stored()).toEqual(before);
  });

  it("should continue an edited state in a fork with onMismatch 'fork', the same fork after another restart", async () => {
    const { history, before } = await twoRuns();
    const events: HistoryMismatchEvent[] = [];
    const branch = [
      ...history.slice(0, 2),
      new HumanMessage({ id: 'q2b', content: 'two, edited' }),
    ];
    const { invoke, seen } = startProcess({
      onMismatch: 'fork',
      onHistoryMismatch: (event) => events.push(event),
    });
    const state = await invoke(branch);
    expect(seen[0]).toEqual([
      'human: one',
      'ai: answer: one',
      'human: two, edited',
    ]);
    expect(events).toEqual([
      expect.objectContaining({
        outcome: 'fork',
        divergedAt: 2,
        forkSessionId: `${THREAD}~fork-2`,
      }),
    ]);
    expect(await stored()).toEqual(before);
    expect(textsOf((await stored(`${THREAD}~fork-2`))?.original)).toEqual([
      'user: one',
      'assistant: answer: one',
      'user: two, edited',
      'assistant: answer: two, edited',
    ]);
    // Another restart: the branch, carried on by the app, lands in the same fork.
    const again = startProcess({ onMismatch: 'fork' });
    await again.invoke([
      ...state.messages,
      new HumanMessage({ id: 'q3', content: 'three' }),
    ]);
    expect((await stored(`${THREAD}~fork-2`))?.original).toHaveLength(6);
    expect(await stored()).toEqual(before);
  });

  it("should start the thread over with onMismatch 'replace', archive what it drops and say so", async () => {
    const { history, before } = await twoRuns();
    const events: HistoryMismatchEvent[] = [];
    const { invoke } = startProcess({
      onMismatch: 'replace',
      onHistoryMismatch: (event) => events.push(event),
    });
    await invoke([
      ...history.slice(0, 2),
      new HumanMessage({ id: 'q2b', content: 'two, edited' }),
    ]);
    expect(events).toEqual([
      expect.objectContaining({
        outcome: 'replace',
        divergedAt: 2,
        dropped: expect.objectContaining({
          count: 2,
          ids: [history[2]!.id, history[3]!.id],
        }) as unknown,
      }),
    ]);
    const after = await stored();
    expect(textsOf(after?.original)).toEqual([
      'user: one',
      'assistant: answer: one',
      'user: two, edited',
      'assistant: answer: two, edited',
    ]);
    // 0 lost: each original is still in the thread or behind the archive id.
    const archiveId = events[0]!.dropped!.archiveId!;
    const kept = new Set(
      [...after!.original, ...after!.offloads[archiveId]!].map((message) =>
        JSON.stringify(message),
      ),
    );
    expect(
      before.original.filter((message) => !kept.has(JSON.stringify(message))),
    ).toEqual([]);
  });
});
