import { describe, expect, it } from 'vitest';
import {
  bashCall,
  bashResult,
  buildLog,
  textMessage,
} from '../../vocabulary/message/__fixtures__/message-builders';
import type { AutoContextConfigInput } from '../../vocabulary/config/config';
import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { InvalidMessageError } from '../../vocabulary/error/invalid-message-error';
import { StoreConflictError } from '../../vocabulary/error/store-conflict-error';
import { StoreError } from '../../vocabulary/error/store-error';
import type { Message } from '../../vocabulary/message/message';
import type { Plan } from '../../engine/plan/plan';
import { DEFAULT_PROMPTS } from '../../engine/prompt/default-prompts';
import { createInMemorySessionStore } from '../store/in-memory-session-store';
import type { SessionStore } from '../store/session-store';
import type { Summarizer } from '../../summary/summarizer/summarizer';
import { fixedClock } from '../../testing/fixed-clock';
import { scriptedSummarizer } from '../../testing/scripted-summarizer';
import { sequentialIds } from '../../testing/sequential-ids';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';
import type { TokenCounter } from '../../state/token/token-counter';
import type { AutoContextMemoryOptions } from './auto-context-memory-options';
import { AutoContextMemory } from './auto-context-memory';
import { MAX_CLEARED_OFFLOAD_IDS } from './remember-cleared-offload';
import { CALIBRATION_LIMITS } from './update-calibration';
import { createAutoContextMemory } from './create-auto-context-memory';
import { getSessionTag } from '../../state/offload/session-tag';

/** A system prompt and five closed rounds (user, call, result, answer): 21 messages. */
const fiveRounds: readonly Message[] = [
  textMessage('s0', 'system', 'You are a coding agent.'),
  ...[1, 2, 3, 4, 5].flatMap((round) => [
    textMessage(`u${round}`, 'user', `Task ${round}: build package ${round}.`),
    bashCall(`a${round}`, `c${round}`, `make package-${round}`),
    bashResult(`t${round}`, `c${round}`, buildLog(`package-${round}`, 2000)),
    textMessage(`f${round}`, 'assistant', `Package ${round} builds.`),
  ]),
];

/** Only `summarizeRounds`, under token pressure (about 3,000 tokens against a 1,000 trigger). */
const summarizeRoundsOnly: AutoContextConfigInput = {
  mode: 'compress',
  maxToken: 2000,
  tokenRatio: 0.5,
  targetRatio: 0.25,
  msgThreshold: 1000,
  minCompressionTokenThreshold: 0,
  strategies: {
    rollupHistory: false,
    compressToolRuns: false,
    offloadLargeMessagesProtected: false,
    offloadLargeMessages: false,
    summarizeLargeCurrentMessages: false,
    compressCurrentRound: false,
    lastResort: false,
  },
};

const plan: Plan = {
  name: 'Ship',
  description: 'Ship the release',
  expectedOutcome: 'Release published',
  subtasks: [
    { name: 'Task 1', state: 'in_progress' },
    { name: 'Task 2', state: 'done' },
    { name: 'Task 3', state: 'todo' },
  ],
};

function createMemory(
  options: AutoContextMemoryOptions = {},
): AutoContextMemory {
  return createAutoContextMemory({
    sessionId: 'session-a',
    counter: createApproximateTokenCounter(),
    clock: fixedClock(1000),
    generateId: sequentialIds('id'),
    summarizer: scriptedSummarizer([]),
    ...options,
  });
}

/** A summarizer that waits until `release()` is called. */
function gatedSummarizer(summary: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const summarizer = scriptedSummarizer(() => gate.then(() => summary));
  return { summarizer, release };
}

/** A store whose every method fails like a database that went away. */
function failingStore(): SessionStore {
  const fail = () => {
    throw new Error('connection refused');
  };
  return { load: fail, save: fail, delete: fail, list: fail };
}

describe('AutoContextMemory', () => {
  describe('basics', () => {
    it('should write an added message to both the working and the original messages', async () => {
      const memory = createMemory();
      const message = textMessage('u1', 'user', 'Hello World');

      await memory.addMessage(message);

      expect(memory.getMessages()).toEqual([message]);
      expect(memory.getOriginalMessages()).toEqual([message]);
      expect(memory.getMessages()[0]).toBe(message);
      expect(memory.getState().revision).toBe(1);
    });

    it('should be constructible with new and with the factory alike', async () => {
      const memory = new AutoContextMemory({
        sessionId: 'session-a',
        counter: createApproximateTokenCounter(),
      });
      await memory.addMessages(fiveRounds);

      expect(memory.sessionId).toBe('session-a');
      expect(memory.config.msgThreshold).toBe(100);
      expect(memory.getMessages()).toHaveLength(21);
    });

    it('should apply a change before the call returns when nothing is pending', () => {
      const memory = createMemory();
      const message = textMessage('u1', 'user', 'Hello');

      void memory.addMessage(message);

      expect(memory.getMessages()).toEqual([message]);
    });

    it('should reject an invalid message and keep the state', async () => {
      const memory = createMemory();
      await memory.addMessage(textMessage('u1', 'user', 'Hello'));

      const error: unknown = await memory
        .addMessage(textMessage('u1', 'user', 'Same id'))
        .catch((caught: unknown) => caught);

      expect(InvalidMessageError.isInstance(error)).toBe(true);
      expect(memory.getMessages()).toHaveLength(1);
      expect(memory.getState().revision).toBe(1);
    });

    it('should not call the summarizer below the threshold', async () => {
      const summarizer = scriptedSummarizer([]);
      const memory = createMemory({ summarizer });
      await memory.addMessages(fiveRounds);

      const compression = await memory.compressIfNeeded();

      expect(compression.applied).toBe(false);
      expect(compression.stopReason).toBe('not-triggered');
      expect(summarizer.calls).toHaveLength(0);
      expect(memory.getMessages()).toEqual(fiveRounds);
      expect(memory.getCompressionEvents()).toEqual([]);
    });

    it('should delete a working message and keep it in the original messages', async () => {
      const memory = createMemory();
      await memory.addMessages(fiveRounds);

      const deleted = await memory.deleteMessage(1);

      expect(deleted).toBe(true);
      expect(memory.getMessages()).toEqual([
        fiveRounds[0],
        ...fiveRounds.slice(2),
      ]);
      expect(memory.getOriginalMessages()).toEqual(fiveRounds);
    });

    it('should ignore a delete at an invalid index', async () => {
      const memory = createMemory();
      await memory.addMessages(fiveRounds);
      const before = memory.getState();

      const outcomes = [
        await memory.deleteMessage(-1),
        await memory.deleteMessage(21),
        await memory.deleteMessage(1.5),
      ];

      expect(outcomes).toEqual([false, false, false]);
      expect(memory.getState()).toBe(before);
    });

    it('should clear the messages, the offloads and the events', async () => {
      const memory = createMemory({
        config: summarizeRoundsOnly,
        summarizer: scriptedSummarizer(() => 'The round was handled.'),
      });
      await memory.addMessages(fiveRounds);
      await memory.compressIfNeeded();
      expect(Object.keys(memory.getOffloadContext())).toHaveLength(4);

      await memory.clear();

      expect(memory.getMessages()).toEqual([]);
      expect(memory.getOriginalMessages()).toEqual([]);
      expect(memory.getOffloadContext()).toEqual({});
      expect(memory.getCompressionEvents()).toEqual([]);
      expect(memory.getState().sessionId).toBe('session-a');
    });

    it('should offload, reload and clear by id, and reload an unknown id as empty', async () => {
      const memory = createMemory();
      const first = [textMessage('x1', 'user', 'first context')];
      const second = [
        textMessage('y1', 'user', 'second context'),
        textMessage('y2', 'assistant', 'answer'),
      ];

      const firstId = await memory.offload(first);
      const secondId = await memory.offload(second);

      const tag = getSessionTag('session-a');
      expect([firstId, secondId]).toEqual([`${tag}_id-0`, `${tag}_id-1`]);
      expect(memory.reload(firstId)).toEqual(first);
      expect(memory.reload(secondId)).toEqual(second);
      expect(memory.reload('no-such-id')).toEqual([]);
      expect(memory.getMessages()).toEqual([]);

      expect(await memory.clearOffload(firstId)).toBe(true);
      expect(await memory.clearOffload(firstId)).toBe(false);
      expect(memory.reload(firstId)).toEqual([]);
      expect(memory.reload(secondId)).toEqual(second);
      expect(memory.lookupOffload(firstId)).toEqual({ status: 'cleared' });
      expect(memory.lookupOffload(secondId)).toEqual({
        status: 'found',
        messages: second,
      });
      expect(memory.lookupOffload('no-such-id')).toEqual({
        status: 'not-found',
      });
    });

    it('should remember the offload ids that clear() removed', async () => {
      const memory = createMemory();
      const offloadId = await memory.offload([
        textMessage('x1', 'user', 'context'),
      ]);

      await memory.clear();

      expect(memory.lookupOffload(offloadId)).toEqual({ status: 'cleared' });
    });

    it('should forget the oldest cleared ids beyond the tombstone limit', async () => {
      const memory = createMemory();
      const ids = Array.from(
        { length: MAX_CLEARED_OFFLOAD_IDS + 1 },
        (_, index) => `offload-${index}`,
      );
      const state = JSON.parse(memory.saveState()) as Record<string, unknown>;
      await memory.loadState({
        ...state,
        offloads: Object.fromEntries(ids.map((id) => [id, []])),
      });

      await memory.clear();

      expect(memory.lookupOffload(ids[0]!)).toEqual({ status: 'not-found' });
      expect(memory.lookupOffload(ids[1]!)).toEqual({ status: 'cleared' });
      expect(memory.lookupOffload(ids.at(-1)!)).toEqual({ status: 'cleared' });
    });

    it('should keep every original message after compression', async () => {
      const summarizer = scriptedSummarizer(() => 'The round was handled.');
      const memory = createMemory({ config: summarizeRoundsOnly, summarizer });
      await memory.addMessages(fiveRounds);

      const compression = await memory.compressIfNeeded();

      expect(compression.applied).toBe(true);
      expect(summarizer.calls).toHaveLength(4);
      expect(memory.getOriginalMessages()).toEqual(fiveRounds);
      expect(memory.getMessages()).toHaveLength(13);
      expect(Object.keys(memory.getOffloadContext())).toHaveLength(4);
      expect(
        memory
          .getCompressionEvents()
          .map((event) => `${event.type}:${event.strategy}`),
      ).toEqual([
        'compression:summarizeRounds',
        'compression:summarizeRounds',
        'compression:summarizeRounds',
        'compression:summarizeRounds',
      ]);
      expect(compression.state).toBe(memory.getState());
    });

    it('should give the summarizer the plan hint of the attached notebook', async () => {
      const summarizer = scriptedSummarizer(() => 'The round was handled.');
      const memory = createMemory({ config: summarizeRoundsOnly, summarizer });
      memory.attachPlanNotebook({ getCurrentPlan: () => plan });
      await memory.addMessages(fiveRounds);

      await memory.compressIfNeeded();

      expect(summarizer.calls.map((request) => request.planHint)).toEqual(
        Array(4).fill(
          [
            'Plan: Ship',
            'Goal: Ship the release',
            'Current Progress: Task 1',
            'Remaining: Task 3',
            'Progress: 1/3 subtasks completed',
            'Expected Outcome: Release published',
          ].join('\n'),
        ),
      );
    });

    it('should send no plan hint once the notebook is detached', async () => {
      const summarizer = scriptedSummarizer(() => 'The round was handled.');
      const memory = createMemory({
        config: summarizeRoundsOnly,
        summarizer,
        planNotebook: { getCurrentPlan: () => plan },
      });
      memory.attachPlanNotebook(undefined);
      await memory.addMessages(fiveRounds);

      await memory.compressIfNeeded();

      expect(summarizer.calls.map((request) => request.planHint)).toEqual(
        Array(4).fill(undefined),
      );
    });

    it('should send the default prompt when none is configured', async () => {
      const summarizer = scriptedSummarizer(() => 'The round was handled.');
      const memory = createMemory({ config: summarizeRoundsOnly, summarizer });
      await memory.addMessages(fiveRounds);

      await memory.compressIfNeeded();

      expect(summarizer.calls.map((request) => request.instructions)).toEqual(
        Array(4).fill(DEFAULT_PROMPTS.summarizeRounds),
      );
    });

    it('should send the custom prompt when one is configured', async () => {
      const summarizer = scriptedSummarizer(() => 'The round was handled.');
      const memory = createMemory({
        config: {
          ...summarizeRoundsOnly,
          customPrompt: { summarizeRounds: 'Summarize this round tersely.' },
        },
        summarizer,
      });
      await memory.addMessages(fiveRounds);

      await memory.compressIfNeeded();

      expect(summarizer.calls.map((request) => request.instructions)).toEqual(
        Array(4).fill('Summarize this round tersely.'),
      );
    });

    it('should list the user turns and final answers as interaction messages', async () => {
      const memory = createMemory();
      await memory.addMessages(fiveRounds.slice(0, 9));

      expect(
        memory.getInteractionMessages().map((message) => message.id),
      ).toEqual(['u1', 'f1', 'u2', 'f2']);
    });

    it('should return frozen snapshots', async () => {
      const memory = createMemory();
      await memory.addMessages(fiveRounds.slice(0, 2));
      const snapshot = memory.getMessages();

      expect(Object.isFrozen(snapshot)).toBe(true);
      expect(() => {
        (snapshot as Message[]).push(textMessage('u9', 'user', 'sneaked in'));
      }).toThrow(TypeError);
      expect(Object.isFrozen(memory.getState())).toBe(true);
      expect(Object.isFrozen(memory.getOffloadContext())).toBe(true);

      await memory.addMessage(textMessage('u2', 'user', 'next'));
      expect(snapshot).toHaveLength(2);
      expect(memory.getMessages()).toHaveLength(3);
    });

    it('should preview a compression without changing anything or calling the summarizer', async () => {
      const summarizer = scriptedSummarizer([]);
      const memory = createMemory({ config: summarizeRoundsOnly, summarizer });
      await memory.addMessages(fiveRounds);
      const before = memory.getState();

      const preview = await memory.previewCompression();

      expect(preview.passes.map((pass) => pass.strategy)).toEqual([
        'summarizeRounds',
      ]);
      expect(preview.messagesBefore).toBe(21);
      expect(preview.messagesAfter).toBe(13);
      expect(summarizer.calls).toHaveLength(0);
      expect(memory.getState()).toBe(before);
    });
  });

  describe('concurrency', () => {
    it('should keep a message added while a compression runs', async () => {
      const { summarizer, release } = gatedSummarizer('The round was handled.');
      const memory = createMemory({ config: summarizeRoundsOnly, summarizer });
      await memory.addMessages(fiveRounds);
      const next = textMessage('u6', 'user', 'Task 6: publish.');

      const compression = memory.compressIfNeeded();
      const added = memory.addMessage(next);
      await Promise.resolve();
      expect(memory.getMessages()).toEqual(fiveRounds);

      release();
      const [outcome] = await Promise.all([compression, added]);

      expect(outcome.applied).toBe(true);
      expect(memory.getMessages()).toHaveLength(14);
      expect(memory.getMessages().at(-1)).toBe(next);
      expect(memory.getOriginalMessages()).toEqual([...fiveRounds, next]);
    });

    it('should apply interleaved calls in call order', async () => {
      const { summarizer, release } = gatedSummarizer('The round was handled.');
      const memory = createMemory({ config: summarizeRoundsOnly, summarizer });
      await memory.addMessages(fiveRounds);
      const first = textMessage('u6', 'user', 'first');
      const second = textMessage('f6', 'assistant', 'second');
      const third = textMessage('u7', 'user', 'third');

      const calls = [
        memory.compressIfNeeded(),
        memory.addMessage(first),
        memory.addMessage(second),
        memory.deleteMessage(0),
        memory.addMessage(third),
      ];
      release();
      await Promise.all(calls);

      expect(memory.getOriginalMessages()).toEqual([
        ...fiveRounds,
        first,
        second,
        third,
      ]);
      expect(memory.getMessages().slice(-3)).toEqual([first, second, third]);
      expect(memory.getMessages()).toHaveLength(15);
      expect(memory.getMessages()[0]?.id).toBe('u1');
    });

    it('should run a call after an earlier one failed', async () => {
      const memory = createMemory();
      const message = textMessage('u1', 'user', 'Hello');

      const failed = memory.loadState('not json');
      const added = memory.addMessage(message);

      await expect(failed).rejects.toThrow('not valid JSON');
      await added;
      expect(memory.getMessages()).toEqual([message]);
    });
  });

  describe('calibration', () => {
    it('should keep the clamped ratio of provider tokens to the estimate', () => {
      const memory = createMemory();

      expect(memory.getCalibration()).toBe(1);
      expect(memory.setCalibration(1200, 1000)).toBe(1.2);
      expect(memory.setCalibration(100_000, 1000)).toBe(CALIBRATION_LIMITS.max);
      expect(memory.setCalibration(1, 1000)).toBe(CALIBRATION_LIMITS.min);
      expect(memory.setCalibration(0, 1000)).toBe(CALIBRATION_LIMITS.min);
      expect(memory.getCalibration()).toBe(CALIBRATION_LIMITS.min);
    });

    it('should reject a token figure that is not a finite number of 0 or more', () => {
      const memory = createMemory();

      expect(() => memory.setCalibration(-1, 10)).toThrow(InvalidArgumentError);
      expect(() => memory.setCalibration(10, Number.NaN)).toThrow(
        'Invalid argument for parameter estimatedTokens',
      );
    });

    it('should use the calibration in the trigger', async () => {
      const memory = createMemory({ config: summarizeRoundsOnly });
      await memory.addMessages(fiveRounds.slice(0, 2));
      const tokens = memory.countTokens();

      memory.setCalibration(tokens * 4, tokens);
      const preview = await memory.previewCompression();

      expect(preview.trigger.tokenCount).toBe(tokens * 4);
    });
  });

  describe('counting', () => {
    const tools = [
      {
        name: 'ls',
        description: 'List files.',
        parameters: { type: 'object' },
      },
      'raw',
    ];
    const request: readonly Message[] = [
      textMessage('u1', 'user', 'List the files.'),
      bashCall('a1', 'c1', 'ls'),
    ];

    /** The approximate counter, recording every call made to it. */
    function spyCounter() {
      const inner = createApproximateTokenCounter();
      const calls: string[] = [];
      const counted: (readonly Message[])[] = [];
      const counter: TokenCounter = {
        name: 'spy',
        countText: (value) => {
          calls.push(`countText:${value}`);
          return inner.countText(value);
        },
        countMessage: (message) => {
          calls.push(`countMessage:${message.id}`);
          return inner.countMessage(message);
        },
        countMessages: (messages) => {
          calls.push(`countMessages:${messages.length}`);
          counted.push(messages);
          return inner.countMessages(messages);
        },
      };
      return { counter, calls, counted };
    }

    it('should count a system prompt and tool schemas as fixed tokens', () => {
      const memory = createMemory();

      // (3 + 'You are a coding agent.' 6) + (3 + the tool's JSON 16) + (3 + 'raw' 1)
      expect(
        memory.countFixedTokens({ system: 'You are a coding agent.', tools }),
      ).toBe(32);
      expect(memory.countFixedTokens({ tools })).toBe(23);
      expect(
        memory.countFixedTokens({ system: 'You are a coding agent.' }),
      ).toBe(9);
      expect(memory.countFixedTokens({})).toBe(0);
    });

    it('should count the messages of a request, not the working messages', async () => {
      const memory = createMemory();
      await memory.addMessages(fiveRounds);

      // 'List the files.' 8 + the `ls` tool call 16
      expect(memory.countMessageTokens(request)).toBe(24);
      expect(memory.countMessageTokens([])).toBe(0);
      expect(memory.countMessageTokens(fiveRounds)).toBe(memory.countTokens());
    });

    it("should count fixed tokens and messages with the memory's own counter", () => {
      const { counter, calls, counted } = spyCounter();
      const memory = createMemory({ counter });

      const fixedTokens = memory.countFixedTokens({
        system: 'Be brief.',
        tools,
      });
      const messageTokens = memory.countMessageTokens(request);

      // (3 + 'Be brief.' 3) + (3 + the tool's JSON 16) + (3 + 'raw' 1)
      expect(fixedTokens).toBe(29);
      expect(messageTokens).toBe(24);
      expect(calls).toEqual([
        'countText:Be brief.',
        'countText:{"name":"ls","description":"List files.","parameters":{"type":"object"}}',
        'countText:raw',
        'countMessages:2',
      ]);
      expect(counted[0]).toBe(request);
    });
  });

  describe('persistence', () => {
    it('should round-trip the state through saveState and loadState', async () => {
      const memory = createMemory({
        config: summarizeRoundsOnly,
        summarizer: scriptedSummarizer(() => 'The round was handled.'),
      });
      await memory.addMessages(fiveRounds);
      await memory.compressIfNeeded();
      const restored = createMemory();

      await restored.loadState(memory.saveState());

      expect(restored.getState()).toEqual(memory.getState());
    });

    it('should reject a state of another session and keep its own', async () => {
      const other = createMemory({ sessionId: 'session-b' });
      await other.addMessage(textMessage('u1', 'user', 'Hello'));
      const memory = createMemory();

      const error: unknown = await memory
        .loadState(other.saveState())
        .catch((caught: unknown) => caught);

      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect((error as InvalidArgumentError).parameter).toBe('state.sessionId');
      expect(memory.getMessages()).toEqual([]);
    });

    it('should save to and load from a store', async () => {
      const store = createInMemorySessionStore();
      const memory = createMemory({
        store,
        config: summarizeRoundsOnly,
        summarizer: scriptedSummarizer(() => 'The round was handled.'),
      });
      await memory.addMessages(fiveRounds);
      await memory.compressIfNeeded();

      expect(await memory.save()).toBe(true);
      expect(await memory.save()).toBe(false);

      const restored = createMemory({ store });
      expect(await restored.load()).toBe(true);
      expect(restored.getState()).toEqual(memory.getState());
      expect(Object.isFrozen(restored.getMessages())).toBe(true);

      await restored.addMessage(textMessage('u6', 'user', 'Task 6'));
      expect(await restored.save()).toBe(true);
      expect(await Promise.resolve(store.load('session-a'))).toEqual(
        restored.getState(),
      );
    });

    it('should report a missing session and keep the state', async () => {
      const memory = createMemory({ store: createInMemorySessionStore() });
      await memory.addMessage(textMessage('u1', 'user', 'Hello'));

      expect(await memory.load()).toBe(false);
      expect(memory.getMessages()).toHaveLength(1);
    });

    it('should reject a save that lost the compare-and-set and keep the state', async () => {
      const store = createInMemorySessionStore();
      const first = createMemory({ store });
      const second = createMemory({ store });
      await first.addMessage(
        textMessage('u1', 'user', 'from the first writer'),
      );
      await first.save();
      await second.addMessage(
        textMessage('u1', 'user', 'from the second writer'),
      );
      const before = second.getState();

      const error: unknown = await second
        .save()
        .catch((caught: unknown) => caught);

      expect(StoreConflictError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        expectedRevision: null,
        actualRevision: 1,
      });
      expect(second.getState()).toBe(before);
      const stored = await Promise.resolve(store.load('session-a'));
      expect(stored?.working[0]?.content[0]).toEqual({
        type: 'text',
        text: 'from the first writer',
      });
    });

    it('should save after reloading from the store following a conflict', async () => {
      const store = createInMemorySessionStore();
      const first = createMemory({ store });
      const second = createMemory({ store });
      await first.addMessage(textMessage('u1', 'user', 'one'));
      await first.save();

      await second.load();
      await second.addMessage(textMessage('u2', 'user', 'two'));

      expect(await second.save()).toBe(true);
      await first.addMessage(textMessage('u3', 'user', 'three'));
      await expect(first.save()).rejects.toThrow(StoreConflictError);
    });

    it('should reject with a StoreError when the store fails and keep the state', async () => {
      const memory = createMemory({ store: failingStore() });
      await memory.addMessage(textMessage('u1', 'user', 'Hello'));
      const before = memory.getState();

      const saveError: unknown = await memory
        .save()
        .catch((caught: unknown) => caught);
      const loadError: unknown = await memory
        .load()
        .catch((caught: unknown) => caught);

      expect(StoreError.isInstance(saveError)).toBe(true);
      expect(saveError).toMatchObject({
        operation: 'save',
        sessionId: 'session-a',
        message:
          'The session store failed to save session "session-a": connection refused',
      });
      expect((saveError as StoreError).cause).toEqual(
        new Error('connection refused'),
      );
      expect(StoreError.isInstance(loadError)).toBe(true);
      expect(loadError).toMatchObject({ operation: 'load' });
      expect(memory.getState()).toBe(before);
    });

    it('should reject save and load without a store', async () => {
      const memory = createMemory();

      await expect(memory.save()).rejects.toThrow(
        'Invalid argument for parameter store',
      );
      await expect(memory.load()).rejects.toThrow(InvalidArgumentError);
    });
  });

  describe('options', () => {
    it('should reject an invalid session id and an invalid config', () => {
      expect(() => createMemory({ sessionId: '' })).toThrow(
        'Invalid argument for parameter sessionId',
      );
      expect(() => createMemory({ config: { lastKeep: -1 } })).toThrow(
        'lastKeep',
      );
    });

    it('should prefix every id it mints with the session tag', async () => {
      const summarizer: Summarizer = scriptedSummarizer(
        () => 'The round was handled.',
      );
      const memory = createMemory({ config: summarizeRoundsOnly, summarizer });
      await memory.addMessages(fiveRounds);

      await memory.compressIfNeeded();

      const tag = getSessionTag('session-a');
      expect(Object.keys(memory.getOffloadContext())).toEqual([
        `${tag}_id-0`,
        `${tag}_id-2`,
        `${tag}_id-4`,
        `${tag}_id-6`,
      ]);
    });

    it('should pass compression events to the listener', async () => {
      const received: string[] = [];
      const memory = createMemory({
        config: summarizeRoundsOnly,
        summarizer: scriptedSummarizer(() => 'The round was handled.'),
        onEvent: (event) => received.push(event.type),
      });
      await memory.addMessages(fiveRounds);

      await memory.compressIfNeeded();

      expect(received).toEqual([
        'compaction-start',
        'compression',
        'compression',
        'compression',
        'compression',
        'compaction-end',
      ]);
    });
  });
});
