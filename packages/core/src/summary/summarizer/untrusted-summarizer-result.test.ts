import { describe, expect, it } from 'vitest';
import {
  bashCall,
  bashResult,
  buildLog,
  textMessage,
} from '../../vocabulary/message/__fixtures__/message-builders';
import type { AutoContextConfigInput } from '../../vocabulary/config/config';
import { checkStateContract } from '../../state/contract/check-state-contract';
import { SummarizerError } from '../../vocabulary/error/summarizer-error';
import { createAutoContextMemory } from '../../memory/facade/create-auto-context-memory';
import type { Message } from '../../vocabulary/message/message';
import type { Summarizer } from './summarizer';
import { fixedClock } from '../../testing/fixed-clock';
import { sequentialIds } from '../../testing/sequential-ids';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';
import { readSummaryResult } from './read-summary-result';

/** Two closed rounds with large tool outputs, then a round in flight. */
const history: readonly Message[] = [
  textMessage('s0', 'system', 'You are a coding agent.'),
  textMessage('u1', 'user', 'Fix the build.'),
  bashCall('a1', 'c1', 'make'),
  bashResult('t1', 'c1', buildLog('make', 6000)),
  textMessage('f1', 'assistant', 'The build is fixed.'),
  textMessage('u2', 'user', 'Now run the tests.'),
  bashCall('a2', 'c2', 'npm test'),
  bashResult('t2', 'c2', buildLog('test', 6000)),
  textMessage('f2', 'assistant', 'All 42 tests pass.'),
  textMessage('u3', 'user', 'Deploy it.'),
  bashCall('a3', 'c3', 'deploy'),
  bashResult('t3', 'c3', 'deployed ok'),
];

/** Compress mode under maxToken: the first pass is compressToolRuns (LLM), no last resort. */
const config: AutoContextConfigInput = {
  mode: 'compress',
  maxToken: 5000,
  tokenRatio: 0.4,
  targetRatio: 0.2,
  msgThreshold: 1000,
  lastKeep: 0,
  largePayloadThreshold: 2000,
  offloadSinglePreview: 100,
  minCompressionTokenThreshold: 0,
  minConsecutiveToolMessages: 0,
};

/** What misbehaving summarizers resolved with in the field (issue #14). */
const badReplies: ReadonlyArray<readonly [string, unknown]> = [
  ['a bare string', 'The build was fixed.'],
  ['an empty object', {}],
  ['text null', { text: null }],
  ['text a number', { text: 42 }],
  ['null', null],
  ['undefined', undefined],
  ['an array', [{ text: 'x' }]],
  ['text an object', { text: { content: 'x' } }],
];

async function compressWith(
  summarizer: Summarizer,
  fallbackToExtractive: boolean,
) {
  const memory = createAutoContextMemory({
    sessionId: 'session-a',
    config: { ...config, fallbackToExtractive },
    counter: createApproximateTokenCounter(),
    clock: fixedClock(1000),
    generateId: sequentialIds('id'),
    summarizer,
  });
  await memory.addMessages(history);
  const before = memory.getState();
  const result = await memory.compressIfNeeded();
  return { memory, before, result };
}

describe('readSummaryResult', () => {
  it.each(badReplies)(
    'should throw a SummarizerError with reason invalid-result for %s',
    (_label, reply) => {
      let caught: unknown;
      try {
        readSummaryResult(reply);
      } catch (error) {
        caught = error;
      }
      expect(SummarizerError.isInstance(caught)).toBe(true);
      expect((caught as SummarizerError).reason).toBe('invalid-result');
    },
  );

  it('should read text and count only finite non-negative usage figures', () => {
    expect(
      readSummaryResult({
        text: 'ok',
        usage: { inputTokens: Number.NaN, outputTokens: 7 },
      }),
    ).toEqual({ text: 'ok', inputTokens: 0, outputTokens: 7 });
    expect(readSummaryResult({ text: 'ok', usage: 'lots' })).toEqual({
      text: 'ok',
      inputTokens: 0,
      outputTokens: 0,
    });
  });
});

describe('compressIfNeeded with an untrusted summarizer result', () => {
  it.each(badReplies)(
    'should record a typed invalid-result failure and keep the state for %s',
    async (_label, reply) => {
      const summarizer = (() =>
        Promise.resolve(reply)) as unknown as Summarizer;
      const { memory, before, result } = await compressWith(summarizer, false);

      expect(result.applied).toBe(false);
      expect(result.events[0]).toMatchObject({
        type: 'compression-error',
        error: { code: 'SUMMARIZER_FAILURE', reason: 'invalid-result' },
        fallbackUsed: false,
      });
      const after = memory.getState();
      expect(after.working).toBe(before.working);
      expect(after.original).toBe(before.original);
      expect(after.offloads).toBe(before.offloads);
    },
  );

  it.each(badReplies)(
    'should fall back to the extractive summarizer for %s when configured',
    async (_label, reply) => {
      const summarizer = (() =>
        Promise.resolve(reply)) as unknown as Summarizer;
      const { memory, before, result } = await compressWith(summarizer, true);

      expect(result.events[0]).toMatchObject({
        type: 'compression-error',
        error: { code: 'SUMMARIZER_FAILURE', reason: 'invalid-result' },
        fallbackUsed: true,
      });
      expect(result.applied).toBe(true);
      expect(checkStateContract({ before, after: memory.getState() })).toEqual(
        [],
      );
    },
  );

  it('should treat a summarizer that throws synchronously or returns no promise as a failure', async () => {
    const throwing = (() => {
      throw new TypeError('boom');
    }) as Summarizer;
    const plain = (() => ({ text: 'x' })) as unknown as Summarizer;

    for (const summarizer of [throwing]) {
      const { result } = await compressWith(summarizer, false);
      expect(result.events[0]).toMatchObject({
        error: { code: 'SUMMARIZER_FAILURE', reason: 'threw' },
      });
    }
    // A plain object return is accepted like a resolved promise.
    const { result } = await compressWith(plain, false);
    expect(result.applied).toBe(true);
  });
});
