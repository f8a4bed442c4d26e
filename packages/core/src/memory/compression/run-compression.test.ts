import { describe, expect, it } from 'vitest';
import {
  bashCall,
  bashResult,
  buildLog,
  textMessage,
} from '../../vocabulary/message/__fixtures__/message-builders';
import type { AutoContextConfigInput } from '../../vocabulary/config/config';
import { resolveConfig } from '../../vocabulary/config/resolve-config';
import { checkStateContract } from '../../state/contract/check-state-contract';
import type { CompressionEvent } from '../../vocabulary/event/compression-event';
import type { StrategyName } from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';
import { createContextState } from '../../state/context-state/create-context-state';
import { createExtractiveSummarizer } from '../../summary/summarizer/create-extractive-summarizer';
import type { Summarizer } from '../../summary/summarizer/summarizer';
import { fixedClock } from '../../testing/fixed-clock';
import { scriptedSummarizer } from '../../testing/scripted-summarizer';
import type { ScriptedSummarizerStep } from '../../testing/scripted-summarizer';
import { sequentialIds } from '../../testing/sequential-ids';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';
import type { CompressionListenerEvent } from '../../engine/loop/compression-listener-event';
import { planCompression } from './plan-compression';
import { runCompression } from './run-compression';
import type { RunCompressionOptions } from './run-compression';

/** Two closed rounds with a large tool output each, then a current round in flight. About 4,100 tokens. */
const history: readonly Message[] = [
  textMessage('s0', 'system', 'You are a coding agent.'),
  textMessage('u1', 'user', 'Fix the build.'),
  bashCall('a1', 'c1', 'make'),
  bashResult('t1', 'c1', buildLog('make', 6000)),
  textMessage(
    'f1',
    'assistant',
    'The build is fixed: the missing import in src/app.ts was added.',
  ),
  textMessage('u2', 'user', 'Now run the tests.'),
  bashCall('a2', 'c2', 'npm test'),
  bashResult('t2', 'c2', buildLog('test', 6000)),
  textMessage('f2', 'assistant', 'All 42 tests pass.'),
  textMessage('u3', 'user', 'Deploy it.'),
  bashCall('a3', 'c3', 'deploy'),
  bashResult('t3', 'c3', 'deployed ok'),
];

/** `history` whose current round also holds a large consumed tool output (index 11). */
const busyCurrentRound: readonly Message[] = [
  ...history.slice(0, 10),
  bashCall('a3', 'c3', 'deploy --verbose'),
  bashResult('t3', 'c3', buildLog('deploy', 6000)),
  bashCall('a4', 'c4', 'curl https://example.com/health'),
  bashResult('t4', 'c4', 'ok'),
];

const LLM_STRATEGIES: readonly StrategyName[] = [
  'rollupHistory',
  'compressToolRuns',
  'summarizeRounds',
  'summarizeLargeCurrentMessages',
  'compressCurrentRound',
];

/**
 * Token pressure only: trigger at 2,000 tokens, low-water mark at 1,000. The
 * rollup (which also runs under token pressure) keeps the recent rounds that
 * fit 100,000 tokens here, so these histories are not rolled up.
 */
const tokenPressure: AutoContextConfigInput = {
  maxToken: 4000,
  historyRollupKeepRecentTokens: 100_000,
  tokenRatio: 0.5,
  targetRatio: 0.25,
  msgThreshold: 1000,
  lastKeep: 0,
  largePayloadThreshold: 2000,
  offloadSinglePreview: 100,
  minCompressionTokenThreshold: 0,
  minConsecutiveToolMessages: 0,
};

const counter = createApproximateTokenCounter();

function run(
  messages: readonly Message[],
  configInput: AutoContextConfigInput,
  options: Partial<Omit<RunCompressionOptions, 'config' | 'state'>> = {},
) {
  const state = createContextState({ sessionId: 'session', messages });
  const promise = runCompression({
    state,
    config: resolveConfig(configInput),
    counter,
    summarizer: createExtractiveSummarizer(),
    clock: fixedClock(1000),
    generateId: sequentialIds('id'),
    ...options,
  });
  return { state, promise };
}

const strategiesOf = (events: readonly CompressionEvent[]) =>
  events.map((event) => event.strategy);

describe('runCompression', () => {
  describe('trigger', () => {
    it('should return the state itself and emit nothing when nothing triggers', async () => {
      const received: CompressionListenerEvent[] = [];
      const summarizer = scriptedSummarizer([]);
      const { state, promise } = run(
        history,
        { maxToken: 1_000_000, msgThreshold: 1000 },
        { summarizer, onEvent: (event) => received.push(event) },
      );
      const compression = await promise;

      expect(compression.state).toBe(state);
      expect(compression.applied).toBe(false);
      expect(compression.stopReason).toBe('not-triggered');
      expect(compression.passes).toEqual([]);
      expect(compression.trigger.triggered).toBe(false);
      expect(summarizer.calls).toHaveLength(0);
      expect(received).toEqual([]);
    });

    it('should compress when forced although nothing triggers', async () => {
      const { promise } = run(
        history,
        { ...tokenPressure, maxToken: 1_000_000, mode: 'compact' },
        { force: true },
      );
      const compression = await promise;

      expect(compression.trigger.triggered).toBe(false);
      expect(compression.applied).toBe(true);
      expect(compression.passes.map((pass) => pass.strategy)).toEqual([
        'offloadLargeMessagesProtected',
      ]);
    });
  });

  describe('modes', () => {
    it('should never call the summarizer in compact mode', async () => {
      const summarizer = scriptedSummarizer([]);
      const { promise } = run(
        history,
        { ...tokenPressure, mode: 'compact' },
        { summarizer },
      );
      const compression = await promise;

      expect(summarizer.calls).toHaveLength(0);
      expect(strategiesOf(compression.events)).toEqual([
        'offloadLargeMessagesProtected',
        'offloadLargeMessagesProtected',
      ]);
      expect(compression.stopReason).toBe('under-target');
    });

    it('should never offload without the LLM in compress mode', async () => {
      const summarizer = scriptedSummarizer(
        () => 'a short summary of the span',
      );
      const { promise } = run(
        history,
        { ...tokenPressure, mode: 'compress' },
        { summarizer },
      );
      const compression = await promise;

      expect(summarizer.calls.length).toBeGreaterThan(0);
      expect(compression.events.length).toBeGreaterThan(0);
      for (const event of compression.events) {
        expect(LLM_STRATEGIES).toContain(event.strategy);
      }
    });

    it('should stop after compaction in auto mode when it shrank the context enough', async () => {
      const summarizer = scriptedSummarizer([]);
      const { promise } = run(
        history,
        { ...tokenPressure, targetRatio: 0.01, compactRatioThreshold: 0.75 },
        { summarizer },
      );
      const compression = await promise;

      expect(summarizer.calls).toHaveLength(0);
      expect(compression.stopReason).toBe('compacted');
      expect(compression.passes.map((pass) => pass.strategy)).toEqual([
        'offloadLargeMessagesProtected',
      ]);
    });

    it('should escalate to the LLM strategies in auto mode above compactRatioThreshold', async () => {
      const summarizer = scriptedSummarizer(() => 'summary');
      const { promise } = run(
        history,
        { ...tokenPressure, targetRatio: 0.01, compactRatioThreshold: 0.01 },
        { summarizer },
      );
      const compression = await promise;

      expect(compression.passes[0]!.strategy).toBe(
        'offloadLargeMessagesProtected',
      );
      expect(summarizer.calls.length).toBeGreaterThan(0);
      expect(
        compression.passes.slice(1).every((pass) => pass.taskCount > 0),
      ).toBe(true);
    });

    it('should escalate in auto mode while still at or above the trigger', async () => {
      // Offloading is off: compaction does nothing, the trigger still fires.
      const summarizer = scriptedSummarizer(() => 'summary');
      const { promise } = run(
        history,
        {
          ...tokenPressure,
          strategies: {
            offloadLargeMessagesProtected: false,
            offloadLargeMessages: false,
          },
        },
        { summarizer },
      );
      const compression = await promise;

      expect(compression.passes[0]!.strategy).toBe('compressToolRuns');
      expect(summarizer.calls).toHaveLength(2);
    });
  });

  describe('summarizer concurrency', () => {
    /** Answers after a macrotask; records the most requests in flight at once. */
    function trackingSummarizer() {
      let inFlight = 0;
      const tracked = { maxInFlight: 0, calls: 0 };
      const summarizer: Summarizer = async () => {
        tracked.calls += 1;
        inFlight += 1;
        tracked.maxInFlight = Math.max(tracked.maxInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight -= 1;
        return { text: 'summary' };
      };
      return { summarizer, tracked };
    }
    const twoToolRuns: AutoContextConfigInput = {
      ...tokenPressure,
      strategies: {
        offloadLargeMessagesProtected: false,
        offloadLargeMessages: false,
      },
    };

    it("should run a pass's summaries in parallel by default", async () => {
      const { summarizer, tracked } = trackingSummarizer();
      const compression = await run(history, twoToolRuns, { summarizer })
        .promise;

      expect(compression.passes[0]!.strategy).toBe('compressToolRuns');
      expect(compression.passes[0]!.summarizerCalls).toBe(2);
      expect(tracked.maxInFlight).toBe(2);
    });

    it('should keep at most summarizerConcurrency requests in flight, with the same result', async () => {
      const parallel = trackingSummarizer();
      const serial = trackingSummarizer();
      const unbounded = await run(history, twoToolRuns, {
        summarizer: parallel.summarizer,
      }).promise;
      const bounded = await run(
        history,
        { ...twoToolRuns, summarizerConcurrency: 1 },
        { summarizer: serial.summarizer },
      ).promise;

      expect(serial.tracked.maxInFlight).toBe(1);
      expect(serial.tracked.calls).toBe(parallel.tracked.calls);
      expect(bounded.state).toEqual(unbounded.state);
    });
  });

  describe('strategy order and stopping', () => {
    it('should walk on to the next strategy until under the low-water mark', async () => {
      // lastKeep 6 protects t2 from the protected offload; the unprotected one takes it.
      const { promise } = run(history, {
        ...tokenPressure,
        mode: 'compact',
        lastKeep: 6,
      });
      const compression = await promise;

      expect(
        compression.passes.map((pass) => [pass.strategy, pass.outcome]),
      ).toEqual([
        ['offloadLargeMessagesProtected', 'applied'],
        ['offloadLargeMessages', 'applied'],
      ]);
      expect(compression.events.map((event) => event.range)).toEqual([
        { start: 3, end: 4 },
        { start: 7, end: 8 },
      ]);
      expect(compression.stopReason).toBe('under-target');
    });

    it('should stop at the low-water mark without running the next strategy', async () => {
      // Low-water mark 2,000 tokens: offloading t1 alone (about 2,000 tokens) is enough.
      const { promise } = run(history, {
        ...tokenPressure,
        mode: 'compact',
        lastKeep: 6,
        tokenRatio: 0.75,
        targetRatio: 0.6,
      });
      const compression = await promise;

      expect(compression.passes.map((pass) => pass.strategy)).toEqual([
        'offloadLargeMessagesProtected',
      ]);
      expect(compression.stopReason).toBe('under-target');
    });

    it('should skip strategies switched off', async () => {
      const { promise } = run(history, {
        ...tokenPressure,
        mode: 'compact',
        strategies: { offloadLargeMessagesProtected: false },
      });
      const compression = await promise;

      expect(compression.passes.map((pass) => pass.strategy)).toEqual([
        'offloadLargeMessages',
      ]);
    });

    it('should run a strategy again while it keeps reducing tokens', async () => {
      const summarizer = scriptedSummarizer(() => 'summary');
      const { promise } = run(
        history,
        { ...tokenPressure, mode: 'compress', maxToolRunsPerPass: 1 },
        { summarizer },
      );
      const compression = await promise;

      expect(
        compression.passes.map((pass) => pass.strategy).slice(0, 2),
      ).toEqual(['compressToolRuns', 'compressToolRuns']);
    });

    it('should not repeat a pass that did not reduce tokens', async () => {
      // Shorter than its transcript (valid), but its message outweighs the run it replaces.
      const summarizer = scriptedSummarizer((request) => ({
        text: request.transcript.slice(0, request.transcript.length - 1),
      }));
      const { promise } = run(
        history,
        { ...tokenPressure, mode: 'compress', maxToolRunsPerPass: 1 },
        { summarizer },
      );
      const compression = await promise;
      const first = compression.passes[0]!;

      expect(first.strategy).toBe('compressToolRuns');
      expect(first.tokensAfter).toBeGreaterThanOrEqual(first.tokensBefore);
      expect(compression.passes[1]?.strategy).not.toBe('compressToolRuns');
    });

    it('should never touch the current round under message-count pressure alone', async () => {
      const summarizer = scriptedSummarizer(() => 'summary');
      const { state, promise } = run(
        busyCurrentRound,
        { ...tokenPressure, maxToken: 1_000_000, msgThreshold: 5 },
        { summarizer },
      );
      const compression = await promise;
      const currentRound = state.working.slice(9);

      expect(compression.trigger.messageCountReached).toBe(true);
      expect(compression.trigger.tokensReached).toBe(false);
      expect(compression.state.working.slice(-currentRound.length)).toEqual(
        currentRound,
      );
      compression.state.working
        .slice(-currentRound.length)
        .forEach((message, index) => {
          expect(message).toBe(currentRound[index]);
        });
      expect(strategiesOf(compression.events)).not.toContain(
        'summarizeLargeCurrentMessages',
      );
      expect(strategiesOf(compression.events)).not.toContain(
        'compressCurrentRound',
      );
    });

    it('should compress the current round under token pressure', async () => {
      const summarizer = scriptedSummarizer(() => 'summary');
      const { promise } = run(
        busyCurrentRound,
        { ...tokenPressure, mode: 'compress', targetRatio: 0.01 },
        { summarizer },
      );
      const compression = await promise;

      expect(strategiesOf(compression.events)).toContain(
        'summarizeLargeCurrentMessages',
      );
    });

    it('should run the last resort when still at or over maxToken', async () => {
      const { promise } = run(history, {
        ...tokenPressure,
        mode: 'compact',
        maxToken: 3000,
        strategies: {
          offloadLargeMessagesProtected: false,
          offloadLargeMessages: false,
        },
      });
      const compression = await promise;

      expect(compression.passes.map((pass) => pass.strategy)).toEqual([
        'lastResort',
      ]);
      expect(counter.countMessages(compression.state.working)).toBeLessThan(
        3000,
      );
    });

    it('should not run the last resort under maxToken', async () => {
      const { promise } = run(history, {
        ...tokenPressure,
        mode: 'compact',
        maxToken: 5000,
        strategies: {
          offloadLargeMessagesProtected: false,
          offloadLargeMessages: false,
        },
      });
      const compression = await promise;

      expect(compression.passes).toEqual([]);
      expect(compression.stopReason).toBe('nothing-applies');
    });
  });

  describe('events', () => {
    it('should record and emit every event between the lifecycle notices', async () => {
      const received: CompressionListenerEvent[] = [];
      const { state, promise } = run(
        history,
        { ...tokenPressure, mode: 'compact' },
        { onEvent: (event) => received.push(event) },
      );
      const compression = await promise;

      expect(received.map((event) => event.type)).toEqual([
        'compaction-start',
        'compression',
        'compression',
        'compaction-end',
      ]);
      expect(received.slice(1, 3)).toEqual(compression.events);
      expect(compression.state.events).toEqual(compression.events);
      expect(compression.state.revision).toBe(state.revision + 1);
      expect(compression.events).toEqual([
        {
          type: 'compression',
          strategy: 'offloadLargeMessagesProtected',
          at: 1000,
          range: { start: 3, end: 4 },
          messageCount: 1,
          tokensBefore: counter.countMessages([history[3]!]),
          tokensAfter: counter.countMessages([compression.state.working[3]!]),
          offloadIds: ['id-0'],
          previousMessageId: 'a1',
          nextMessageId: 'f1',
          replacementIds: ['id-1'],
        },
        {
          type: 'compression',
          strategy: 'offloadLargeMessagesProtected',
          at: 1000,
          range: { start: 7, end: 8 },
          messageCount: 1,
          tokensBefore: counter.countMessages([history[7]!]),
          tokensAfter: counter.countMessages([compression.state.working[7]!]),
          offloadIds: ['id-2'],
          previousMessageId: 'a2',
          nextMessageId: 'f2',
          replacementIds: ['id-3'],
        },
      ]);
      expect(received[3]).toEqual({
        type: 'compaction-end',
        at: 1000,
        applied: true,
        stopReason: 'under-target',
        passCount: 1,
        tokensBefore: counter.countMessages(history),
        tokensAfter: counter.countMessages(compression.state.working),
        messagesBefore: 12,
        messagesAfter: 12,
      });
    });

    it('should give ranges as they were before the edit', async () => {
      const summarizer = scriptedSummarizer(() => 'summary');
      const { promise } = run(
        history,
        { ...tokenPressure, mode: 'compress' },
        { summarizer },
      );
      const compression = await promise;
      const toolRunEvents = compression.events.filter(
        (event) => event.strategy === 'compressToolRuns',
      );

      expect(
        toolRunEvents.map((event) =>
          event.type === 'compression'
            ? [event.range, event.previousMessageId, event.nextMessageId]
            : undefined,
        ),
      ).toEqual([
        [{ start: 2, end: 4 }, 'u1', 'f1'],
        [{ start: 6, end: 8 }, 'u2', 'f2'],
      ]);
    });

    it('should not let a throwing listener break the compression', async () => {
      const { promise } = run(
        history,
        { ...tokenPressure, mode: 'compact' },
        {
          onEvent: () => {
            throw new Error('listener bug');
          },
        },
      );
      const compression = await promise;

      expect(compression.applied).toBe(true);
    });

    it('should give the plan hint to every summary request', async () => {
      const summarizer = scriptedSummarizer(() => 'summary');
      const { promise } = run(
        busyCurrentRound,
        { ...tokenPressure, mode: 'compress', targetRatio: 0.01 },
        { summarizer, planHint: '<plan>ship it</plan>' },
      );
      await promise;

      expect(summarizer.calls.length).toBeGreaterThan(2);
      expect(summarizer.calls.map((request) => request.planHint)).toEqual(
        summarizer.calls.map(() => '<plan>ship it</plan>'),
      );
    });
  });

  describe('fault injection', () => {
    /**
     * Compress mode, under `maxToken` (no last resort): the first pass is
     * compressToolRuns with two tasks (the runs of t1 and t2).
     */
    const faultConfig: AutoContextConfigInput = {
      ...tokenPressure,
      maxToken: 5000,
      tokenRatio: 0.4,
      targetRatio: 0.2,
      mode: 'compress',
    };

    async function expectFailedPass(
      summarizer: Summarizer & { calls?: readonly unknown[] },
      reason: string,
      options: Partial<RunCompressionOptions> = {},
      configInput: AutoContextConfigInput = faultConfig,
    ) {
      const { state, promise } = run(history, configInput, {
        summarizer,
        ...options,
      });
      const compression = await promise;

      expect(compression.state.working).toBe(state.working);
      expect(compression.state.original).toBe(state.original);
      expect(compression.state.offloads).toBe(state.offloads);
      expect(compression.state.revision).toBe(state.revision + 1);
      expect(compression.events).toHaveLength(1);
      expect(compression.state.events).toEqual(compression.events);
      expect(compression.events[0]).toMatchObject({
        type: 'compression-error',
        strategy: 'compressToolRuns',
        at: 1000,
        error: { code: 'SUMMARIZER_FAILURE', reason },
        fallbackUsed: false,
      });
      expect(compression.passes).toHaveLength(1);
      expect(compression.passes[0]!.failure?.reason).toBe(reason);
      // The remaining LLM strategies were skipped: only the failed pass's two tasks ran.
      if (summarizer.calls !== undefined)
        expect(summarizer.calls).toHaveLength(2);
      return compression;
    }

    const failing = (step: ScriptedSummarizerStep) =>
      scriptedSummarizer((_request, index) => (index === 0 ? step : 'summary'));

    it('should leave the state as it was when the summarizer throws', async () => {
      const compression = await expectFailedPass(
        failing({ throw: new Error('provider down') }),
        'threw',
      );

      expect(compression.passes[0]!.outcome).toBe('failed');
      expect(compression.events[0]).toMatchObject({
        range: { start: 2, end: 4 },
        error: {
          message:
            'The summarizer failed on task compressToolRuns:2: provider down',
        },
      });
    });

    it('should leave the state as it was when the summarizer hangs past the timeout', async () => {
      const compression = await expectFailedPass(
        failing({ hang: true }),
        'timeout',
        { timeoutSignal: (ms) => AbortSignal.timeout(ms) },
        { ...faultConfig, summarizerTimeoutMs: 30 },
      );

      expect(compression.passes[0]!.outcome).toBe('failed');
    });

    it('should not hang on a summarizer that ignores the abort signal', async () => {
      const started = performance.now();
      const ignoring: Summarizer = () => new Promise(() => {});
      await expectFailedPass(
        ignoring,
        'timeout',
        { timeoutSignal: (ms) => AbortSignal.timeout(ms) },
        { ...faultConfig, summarizerTimeoutMs: 30 },
      );

      expect(performance.now() - started).toBeLessThan(2000);
    });

    it('should stop at once when the caller aborts', async () => {
      const controller = new AbortController();
      const summarizer = scriptedSummarizer((_request, index) => {
        // Abort once both requests are out (an abort inside the call is tested below).
        if (index === 0)
          setTimeout(() => controller.abort(new Error('user pressed stop')), 0);
        return { hang: true };
      });
      const compression = await expectFailedPass(summarizer, 'aborted', {
        signal: controller.signal,
      });

      expect(compression.stopReason).toBe('aborted');
      expect(compression.passes[0]!.outcome).toBe('aborted');
    });

    it('should do nothing when the caller aborted before the call', async () => {
      const controller = new AbortController();
      controller.abort();
      const summarizer = scriptedSummarizer([]);
      const { state, promise } = run(history, faultConfig, {
        summarizer,
        signal: controller.signal,
      });
      const compression = await promise;

      expect(compression.state).toBe(state);
      expect(compression.stopReason).toBe('aborted');
      expect(summarizer.calls).toHaveLength(0);
    });

    it('should reject an empty summary', async () => {
      const compression = await expectFailedPass(
        failing({ empty: true }),
        'empty',
      );

      expect(compression.events[0]!.range).toEqual({ start: 2, end: 4 });
    });

    it('should reject a summary longer than its input', async () => {
      const compression = await expectFailedPass(
        failing('echo'),
        'not-shorter',
      );

      expect(compression.stopReason).toBe('nothing-applies');
    });

    it('should reject an error text returned as a summary', async () => {
      const compression = await expectFailedPass(
        failing('Error generating summary: the model is overloaded'),
        'error-text',
      );

      expect(compression.applied).toBe(false);
    });

    it('should use the extractive fallback when configured', async () => {
      const summarizer = failing({ throw: new Error('provider down') });
      const { state, promise } = run(
        history,
        { ...faultConfig, fallbackToExtractive: true },
        { summarizer },
      );
      const compression = await promise;

      expect(compression.events[0]).toMatchObject({
        type: 'compression-error',
        strategy: 'compressToolRuns',
        error: { code: 'SUMMARIZER_FAILURE', reason: 'threw' },
        fallbackUsed: true,
      });
      expect(compression.events.slice(1, 3).map((event) => event.type)).toEqual(
        ['compression', 'compression'],
      );
      expect(compression.passes[0]).toMatchObject({
        strategy: 'compressToolRuns',
        outcome: 'applied',
        fallbackUsed: true,
        failure: { reason: 'threw' },
      });
      expect(compression.state.working).not.toBe(state.working);
      expect(
        checkStateContract({ before: state, after: compression.state }),
      ).toEqual([]);
    });

    it('should still run the deterministic last resort after a failed LLM pass', async () => {
      const summarizer = failing({ throw: new Error('provider down') });
      const { promise } = run(
        history,
        { ...faultConfig, maxToken: 3000, tokenRatio: 0.6, targetRatio: 0.3 },
        { summarizer },
      );
      const compression = await promise;

      expect(
        compression.passes.map((pass) => [pass.strategy, pass.outcome]),
      ).toEqual([
        ['compressToolRuns', 'failed'],
        ['lastResort', 'applied'],
      ]);
    });
  });

  describe('unproductive edits', () => {
    it('should apply nothing when every replacement would be larger than its span', async () => {
      // Each summary is one character shorter than its transcript (valid), so
      // with the ledger and the reload tag every replacement outgrows its span.
      const summarizer = scriptedSummarizer((request) =>
        request.transcript.slice(0, -1),
      );
      const { state, promise } = run(
        history,
        {
          ...tokenPressure,
          mode: 'compress',
          strategies: {
            rollupHistory: false,
            summarizeRounds: false,
            summarizeLargeCurrentMessages: false,
            compressCurrentRound: false,
            lastResort: false,
          },
        },
        { summarizer },
      );
      const compression = await promise;

      expect(
        compression.passes.map((pass) => [pass.strategy, pass.outcome]),
      ).toEqual([['compressToolRuns', 'unproductive']]);
      expect(summarizer.calls.length).toBeGreaterThan(0);
      expect(compression.applied).toBe(false);
      expect(compression.state.working).toBe(state.working);
      expect(compression.state.offloads).toBe(state.offloads);
      expect(compression.events).toEqual([]);
    });
  });

  describe('cache awareness', () => {
    /** A long system prompt (never compressed) and one consumed exchange of about 300 tokens in the current round. */
    const smallCurrentRound: readonly Message[] = [
      textMessage('s0', 'system', buildLog('policy', 9000)),
      textMessage('u1', 'user', 'Check the deployment.'),
      bashCall('a1', 'c1', 'kubectl get pods'),
      bashResult('t1', 'c1', buildLog('pods', 1200)),
      bashCall('a2', 'c2', 'kubectl logs web'),
      bashResult('t2', 'c2', 'ok'),
    ];
    const countingSummarizer = () => {
      const calls: string[] = [];
      const extractive = createExtractiveSummarizer();
      const summarizer: Summarizer = (request) => {
        calls.push(request.transcript);
        return extractive(request);
      };
      return { calls, summarizer };
    };
    const config = (
      overrides: AutoContextConfigInput,
    ): AutoContextConfigInput => ({
      maxToken: 4000,
      tokenRatio: 0.5,
      targetRatio: 0.25,
      msgThreshold: 1000,
      largePayloadThreshold: 5000,
      offloadSinglePreview: 100,
      minCurrentRoundSavingsRatio: 0.5,
      ...overrides,
    });

    it('should defer a current-round pass that saves less than the minimum under the hard budget', async () => {
      const { calls, summarizer } = countingSummarizer();
      const { state, promise } = run(smallCurrentRound, config({}), {
        summarizer,
      });
      const outcome = await promise;

      expect(outcome.trigger.tokensReached).toBe(true);
      expect(outcome.trigger.tokenCount).toBeLessThan(4000);
      expect(outcome.applied).toBe(false);
      expect(outcome.state.working).toBe(state.working);
      expect(
        outcome.passes.map((pass) => [pass.strategy, pass.outcome]),
      ).toEqual([['compressCurrentRound', 'deferred']]);
      expect(calls).toHaveLength(0);
    });

    it('should run the same pass when the gate is switched off', async () => {
      const { calls, summarizer } = countingSummarizer();
      const { promise } = run(
        smallCurrentRound,
        config({ minCurrentRoundSavingsRatio: 0 }),
        { summarizer },
      );
      const outcome = await promise;

      expect(
        outcome.passes.map((pass) => [pass.strategy, pass.outcome]),
      ).toEqual([['compressCurrentRound', 'applied']]);
      expect(calls).toHaveLength(1);
      expect(strategiesOf(outcome.events)).toEqual(['compressCurrentRound']);
    });

    it('should run a current-round pass it would defer once an earlier pass of the call rewrote the prompt', async () => {
      // A closed round with a large output before the same current round:
      // offloadLargeMessages rewrites the prompt first, under the hard budget
      // and above the low-water mark.
      const withLargeHistory: readonly Message[] = [
        textMessage('s0', 'system', buildLog('policy', 4400)),
        textMessage('u0', 'user', 'Show the cluster.'),
        bashCall('a0', 'c0', 'kubectl get nodes'),
        bashResult('t0', 'c0', buildLog('nodes', 5020)),
        textMessage('f0', 'assistant', 'Three nodes are ready.'),
        ...smallCurrentRound.slice(1),
      ];
      const { calls, summarizer } = countingSummarizer();
      const { promise } = run(withLargeHistory, config({}), { summarizer });
      const outcome = await promise;

      expect(outcome.trigger.tokenCount).toBeLessThan(4000);
      expect(
        outcome.passes.map((pass) => [pass.strategy, pass.outcome]),
      ).toEqual([
        ['offloadLargeMessages', 'applied'],
        ['compressCurrentRound', 'applied'],
      ]);
      expect(calls).toHaveLength(1);
      expect(strategiesOf(outcome.events)).toEqual([
        'offloadLargeMessages',
        'compressCurrentRound',
      ]);
    });

    it('should summarize an over-share task with the clear that rewrote the prompt, not a few turns later', async () => {
      // A coding agent's loop at the hard budget with a task over 25 % of it:
      // clearToolUses lands under the trigger, which alone would end the walk
      // (compaction was enough); the prompt is rewritten anyway, so the task
      // is summarized in the same call.
      const loop: Message[] = [
        textMessage('s0', 'system', 'You are a coding agent.'),
        textMessage('u1', 'user', buildLog('task', 3600)),
      ];
      for (let index = 0; index < 8; index++) {
        loop.push(
          bashCall(`a${index}`, `c${index}`, `cat src/module${index}.ts`),
          bashResult(`t${index}`, `c${index}`, buildLog(`out${index}`, 1500)),
        );
      }
      const { promise } = run(loop, {
        maxToken: 4000,
        largePayloadThreshold: 2000,
      });
      const outcome = await promise;

      expect(outcome.trigger.tokenCount).toBeGreaterThanOrEqual(4000);
      expect(
        outcome.passes.map((pass) => [pass.strategy, pass.outcome]),
      ).toEqual([
        ['clearToolUses', 'applied'],
        ['summarizeLargeCurrentMessages', 'applied'],
      ]);
      const task = outcome.state.working[1]!;
      expect(task.metadata?.acm).toMatchObject({
        kind: 'request-summary',
        strategy: 'summarizeLargeCurrentMessages',
        replaces: ['u1'],
      });
      expect(outcome.stopReason).toBe('under-target');
    });

    it('should never defer at or over the hard budget', async () => {
      const { calls, summarizer } = countingSummarizer();
      const { promise } = run(
        smallCurrentRound,
        config({ maxToken: 2500, tokenRatio: 0.5, targetRatio: 0.25 }),
        { summarizer },
      );
      const outcome = await promise;

      expect(outcome.trigger.tokenCount).toBeGreaterThanOrEqual(2500);
      expect(outcome.passes[0]).toMatchObject({
        strategy: 'compressCurrentRound',
        outcome: 'applied',
      });
      expect(calls).toHaveLength(1);
    });
  });

  describe('planCompression', () => {
    it('should plan without calling an LLM or changing anything', async () => {
      const state = createContextState({
        sessionId: 'session',
        messages: history,
      });
      const snapshot = structuredClone(state);
      const config = resolveConfig({ ...tokenPressure, mode: 'compress' });
      const dryRun = await planCompression({
        state,
        config,
        counter,
        generateId: sequentialIds('id'),
      });
      const compression = await runCompression({
        state,
        config,
        counter,
        summarizer: createExtractiveSummarizer(),
        clock: fixedClock(0),
        generateId: sequentialIds('id'),
      });

      expect(state).toEqual(snapshot);
      expect(dryRun.passes.map((pass) => pass.strategy)).toEqual(
        compression.passes.map((pass) => pass.strategy),
      );
      expect(
        dryRun.passes.map((pass) => [pass.tokensBefore, pass.tokensAfter]),
      ).toEqual(
        compression.passes.map((pass) => [pass.tokensBefore, pass.tokensAfter]),
      );
      expect(dryRun.working).toEqual(compression.state.working);
      expect(dryRun.tokensBefore).toBe(counter.countMessages(history));
      expect(dryRun.tokensAfter).toBeLessThan(dryRun.tokensBefore);
      expect(dryRun.passes[0]!.plan.tasks.length).toBe(2);
    });
  });
});
