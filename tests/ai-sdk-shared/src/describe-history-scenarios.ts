import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HistoryMismatchEvent, Message } from '@acm/ai-sdk';
import {
  HistoryMismatchError,
  autoContextMiddleware,
  createApproximateTokenCounter,
  getMessageText,
} from '@acm/ai-sdk';
import { stringifyToolOutput } from '@acm/core';
import type { AutoContextMiddlewareOptions } from '@acm/ai-sdk';
import { createFileSessionStore } from '@acm/store-file';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  AiSdkMajor,
  MockCallOptions,
  MockPromptMessage,
  MockStreamPart,
  MockUsage,
} from './ai-sdk-major';
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

const SESSION = 'chat-42';
const counter = createApproximateTokenCounter();

/** The text of a prompt message (its text parts). */
function textOf(message: MockPromptMessage): string {
  if (typeof message.content === 'string') return message.content;
  return message.content
    .map((part) => ('text' in part ? String(part.text) : `[${part.type}]`))
    .join('');
}

/** A user message as an app sends it. */
const user = (text: string) => ({ role: 'user' as const, content: text });

/**
 * A model that answers `answer: <last user text>`, or, when the user asks to
 * `look up` something, calls `lookup` first; every prompt is recorded.
 */
function createChatModel(major: AiSdkMajor) {
  const answerTo = (options: MockCallOptions) => {
    const last = options.prompt.at(-1)!;
    const question = [...options.prompt]
      .reverse()
      .find((message) => message.role === 'user');
    const text = question === undefined ? '' : textOf(question);
    if (last.role === 'user' && text.startsWith('look up')) {
      return {
        content: [
          {
            type: 'tool-call' as const,
            toolCallId: `call-${options.prompt.length}`,
            toolName: 'lookup',
            input: JSON.stringify({ q: text.slice(8) }),
          },
        ],
        finish: 'tool-calls' as const,
      };
    }
    return {
      content: [{ type: 'text' as const, text: `answer: ${text}` }],
      finish: 'stop' as const,
    };
  };
  return new major.MockLanguageModel({
    doGenerate: (options) => {
      const { content, finish } = answerTo(options);
      return Promise.resolve({
        content,
        finishReason: { unified: finish, raw: finish },
        usage,
        warnings: [],
      });
    },
    doStream: (options) => {
      const { content, finish } = answerTo(options);
      const parts: MockStreamPart[] = [];
      for (const part of content) {
        if (part.type === 'text') {
          parts.push(
            { type: 'text-start', id: 't' },
            { type: 'text-delta', id: 't', delta: part.text.slice(0, 4) },
            { type: 'text-delta', id: 't', delta: part.text.slice(4) },
            { type: 'text-end', id: 't' },
          );
        } else {
          parts.push(part);
        }
      }
      parts.push({
        type: 'finish',
        finishReason: { unified: finish, raw: finish },
        usage,
      });
      return Promise.resolve({
        stream: major.convertArrayToReadableStream(parts),
      });
    },
  });
}

/** The `@acm/ai-sdk` history scenarios: a stored session, a restart, then each mode and policy. */
export function describeHistoryScenarios(major: AiSdkMajor): void {
  describe(`autoContextMiddleware history across a restart (${major.label})`, () => {
    let directory = '';
    beforeEach(async () => {
      directory = await mkdtemp(join(tmpdir(), 'acm-ai-sdk-history-'));
    });
    afterEach(async () => {
      await rm(directory, { recursive: true, force: true });
    });

    /** One process: a middleware over the file store in `directory`, and the model it wraps. */
    const start = (options: AutoContextMiddlewareOptions = {}) => {
      const store = createFileSessionStore({ directory });
      const acm = autoContextMiddleware({
        sessionId: SESSION,
        store,
        counter,
        ...options,
      });
      const model = createChatModel(major);
      const wrapped = major.wrapLanguageModel({ model, middleware: acm });
      const tools = {
        lookup: createLookupTool(major, ({ q }) =>
          Promise.resolve(`found ${q}`),
        ),
      };
      const generate = (messages: readonly unknown[]) =>
        major.generateText({
          model: wrapped,
          messages,
          tools,
          stopWhen: major.stepCount(5),
        });
      return { acm, model, generate, store };
    };

    /** What the store holds for a session (read by a store instance of its own). */
    const stored = async (sessionId = SESSION) => {
      const state = await createFileSessionStore({ directory }).load(sessionId);
      return state;
    };
    /** `role: text` per message (a tool message: its results' outputs). */
    const textsOf = (messages: readonly Message[]) =>
      messages.map(
        (message) =>
          `${message.role}: ${
            message.role === 'tool'
              ? message.content
                  .map((part) =>
                    part.type === 'tool-result'
                      ? stringifyToolOutput(part.output)
                      : '',
                  )
                  .join('')
              : getMessageText(message)
          }`,
      );

    /** The first process: a chat app that sends the full history (mirror, the default); 9 messages stored. */
    const chatFiveTurns = async () => {
      const { generate } = start();
      const messages: unknown[] = [];
      for (let turn = 1; turn <= 5; turn++) {
        messages.push(user(`question ${turn}`));
        const result = await generate(messages);
        messages.push(...result.response.messages);
      }
      const state = await stored();
      expect(state?.original).toHaveLength(9);
      return { messages, before: state! };
    };

    it("should keep the history and add the new message, in 'append' mode, when the app sends only the new message", async () => {
      const { before } = await chatFiveTurns();
      // Another process; the app sends only the new user message.
      const { generate, model } = start({ history: 'append' });
      const result = await generate([user('question 6')]);
      expect(result.text).toBe('answer: question 6');
      // The model saw the stored history, then the new message.
      const prompt = model.doGenerateCalls[0]!.prompt;
      expect(prompt.map(textOf)).toEqual([
        ...textsOf(before.original).map((line) =>
          line.split(': ').slice(1).join(': '),
        ),
        'question 6',
      ]);
      const after = await stored();
      // Nothing lost: the 9 originals, the new message and the recorded answer.
      expect(after!.original.slice(0, 9)).toEqual(before.original);
      expect(textsOf(after!.original.slice(9))).toEqual([
        'user: question 6',
        'assistant: answer: question 6',
      ]);
      // The next call, with a tool loop: no message stored twice.
      const { generate: next } = start({ history: 'append' });
      const loop = await next([user('look up the fix')]);
      expect(loop.text).toBe('answer: look up the fix');
      const final = await stored();
      expect(textsOf(final!.original.slice(11))).toEqual([
        'user: look up the fix',
        'assistant: ',
        'tool: found the fix',
        'assistant: answer: look up the fix',
      ]);
    });

    it("should record a streamed answer in 'append' mode, and store nothing twice when the app sends it back", async () => {
      await chatFiveTurns();
      const { model, acm } = start({ history: 'append' });
      const wrapped = major.wrapLanguageModel({ model, middleware: acm });
      const streamed = major.streamText({
        model: wrapped,
        messages: [user('question 6')],
      });
      expect(await streamed.text).toBe('answer: question 6');
      const response = await streamed.response;
      expect(textsOf((await stored())!.original.slice(9))).toEqual([
        'user: question 6',
        'assistant: answer: question 6',
      ]);
      // An app that sends what is new since its last call: that answer and the next question.
      const { generate } = start({ history: 'append' });
      await generate([...response.messages, user('question 7')]);
      expect(textsOf((await stored())!.original.slice(9))).toEqual([
        'user: question 6',
        'assistant: answer: question 6',
        'user: question 7',
        'assistant: answer: question 7',
      ]);
    });

    it("should refuse, in 'mirror' mode, a prompt with only the new message and change nothing", async () => {
      const { before } = await chatFiveTurns();
      const events: HistoryMismatchEvent[] = [];
      const { generate, model } = start({
        onHistoryMismatch: (event) => events.push(event),
      });
      const error = await generate([user('question 6')]).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(HistoryMismatchError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        code: 'HISTORY_MISMATCH',
        sessionId: SESSION,
        history: 'mirror',
        storedCount: 9,
        receivedCount: 1,
        divergedAt: 0,
      });
      expect((error as Error).message).toContain("set history: 'append'");
      expect(model.doGenerateCalls).toHaveLength(0);
      expect(events.map((event) => event.outcome)).toEqual(['error']);
      expect(await stored()).toEqual(before);
    });

    it("should continue an edited history in a fork with onMismatch 'fork', the same fork after another restart, and keep the session", async () => {
      const { messages, before } = await chatFiveTurns();
      const events: HistoryMismatchEvent[] = [];
      // The user edits the fifth question (message 8) after a restart.
      const branch = [...messages.slice(0, 8), user('question 5, edited')];
      const first = start({
        onMismatch: 'fork',
        onHistoryMismatch: (event) => events.push(event),
      });
      const result = await first.generate(branch);
      expect(result.text).toBe('answer: question 5, edited');
      expect(events).toEqual([
        expect.objectContaining({
          outcome: 'fork',
          sessionId: SESSION,
          reason: 'diverged',
          divergedAt: 8,
          forkSessionId: `${SESSION}~fork-8`,
        }),
      ]);
      expect(first.acm.getMemory(SESSION)?.sessionId).toBe(`${SESSION}~fork-8`);
      // The session is as it was; the fork holds the branch.
      expect(await stored()).toEqual(before);
      const fork = await stored(`${SESSION}~fork-8`);
      expect(fork!.original.slice(0, 8)).toEqual(before.original.slice(0, 8));
      expect(textsOf(fork!.original.slice(8))).toEqual([
        'user: question 5, edited',
      ]);
      // Another restart: the branch goes on in the same fork.
      const second = start({ onMismatch: 'fork' });
      await second.generate([
        ...branch,
        ...result.response.messages,
        user('question 6'),
      ]);
      expect((await stored(`${SESSION}~fork-8`))!.original).toHaveLength(11);
      expect(await stored()).toEqual(before);
    });

    it("should start over from a regenerated history with onMismatch 'replace', archive what it drops and say so", async () => {
      const { messages, before } = await chatFiveTurns();
      const events: HistoryMismatchEvent[] = [];
      const { generate, acm } = start({
        onMismatch: 'replace',
        onHistoryMismatch: (event) => events.push(event),
      });
      // A regenerate of the fourth answer: the history up to question 4.
      await generate(messages.slice(0, 7));
      expect(events).toHaveLength(1);
      const [event] = events;
      expect(event).toMatchObject({
        outcome: 'replace',
        reason: 'shorter',
        divergedAt: 7,
        dropped: { count: 2, ids: ['m7', 'm8'] },
      });
      const after = await stored();
      expect(after!.original).toEqual(before.original.slice(0, 7));
      // Nothing lost: what was dropped is archived behind the reload id, in the store.
      const archiveId = event!.dropped!.archiveId!;
      expect(after!.offloads[archiveId]).toEqual(before.original.slice(7));
      expect(acm.getMemory(SESSION)?.reload(archiveId)).toEqual(
        before.original.slice(7),
      );
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
}
