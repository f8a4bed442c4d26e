/**
 * What a compression pass costs beside its summaries (issue #13 item 5), on
 * real SWE-bench messages with the default exact counter and a summarizer
 * that answers after a fixed 200 ms (`fixedLatencySummarizer`):
 *
 * - one `compressIfNeeded` in `compress` mode over 1k messages of history
 *   (counted turn by turn before, as in a live session): the first LLM pass's
 *   wall time ÷ 200 ms, and the whole call ÷ (200 ms × its LLM passes);
 * - k = 1 and k = 16 summaries in one pass (`compressToolRuns` alone,
 *   `maxToolRunsPerPass` = k, 10k messages of history), each span whole; then
 *   each span split in groups and merged (`summarizerInputTokens` 8000), at
 *   the default `summarizerConcurrency` (16: the pass then holds more requests
 *   than slots) and at 64: the pass's wall time.
 *
 * Times are taken by this script (`performance.now()` around the call, and in
 * the event listener for the end of the first pass), never by the engine.
 * Used by cost.ts; see bench/README.md.
 */
import { performance } from 'node:perf_hooks';
import { AutoContextMemory, createTiktokenTokenCounter } from '@acm/core';
import type { AutoContextConfigInput, Message } from '@acm/core';
import { STRATEGY_NAMES } from '@acm/core/internal';
import { fixedLatencySummarizer } from '@acm/core/testing';
import { median } from '../lib/stats';

export const SUMMARY_LATENCY_MS = 200;

export interface PassFigures {
  readonly label: string;
  readonly historyMessages: number;
  /** Median ms from the call to the first applied pass (measured here). */
  readonly firstPassMs: number;
  readonly firstPassStrategy: string;
  readonly firstPassTasks: number;
  readonly firstPassSummarizerCalls: number;
  /** `firstPassMs ÷ SUMMARY_LATENCY_MS`. */
  readonly firstPassOverLatency: number;
  /** Median ms of the whole call, and passes that called the summarizer. */
  readonly callMs: number;
  readonly llmPasses: number;
  /** `callMs ÷ (SUMMARY_LATENCY_MS × llmPasses)`. */
  readonly callOverLatencyPerLlmPass: number;
  /** CPU ms of the process during the call (median), all passes. */
  readonly callCpuMs: number;
  readonly runs: number;
}

/** Every strategy off but `compressToolRuns` (the names from the descriptors). */
const ONLY_TOOL_RUNS: AutoContextConfigInput['strategies'] = Object.fromEntries(
  STRATEGY_NAMES.map((name) => [name, name === 'compressToolRuns']),
);

async function measurePass(
  label: string,
  history: readonly Message[],
  config: AutoContextConfigInput,
  runs: number,
): Promise<PassFigures> {
  const firsts: number[] = [];
  const calls: number[] = [];
  const cpus: number[] = [];
  let report:
    | { strategy: string; tasks: number; calls: number; llmPasses: number }
    | undefined;
  for (let run = 0; run < runs; run += 1) {
    let firstPassEnd: number | undefined;
    const memory = new AutoContextMemory({
      sessionId: `cost-pass-${label}-${run}`,
      config,
      counter: createTiktokenTokenCounter(),
      summarizer: fixedLatencySummarizer({ latencyMs: SUMMARY_LATENCY_MS }),
      onEvent: (event) => {
        if (event.type === 'compression' && firstPassEnd === undefined) {
          firstPassEnd = performance.now();
        }
      },
    });
    await memory.addMessages(history);
    memory.countTokens(); // a live session counted every message on its turn
    const cpu = process.cpuUsage();
    const start = performance.now();
    const result = await memory.compressIfNeeded();
    const end = performance.now();
    const used = process.cpuUsage(cpu);
    const first = result.passes.find((pass) => pass.outcome === 'applied');
    if (first === undefined || firstPassEnd === undefined) {
      throw new Error(`${label}: no pass was applied`);
    }
    firsts.push(firstPassEnd - start);
    calls.push(end - start);
    cpus.push((used.user + used.system) / 1000);
    report = {
      strategy: first.strategy,
      tasks: first.taskCount,
      calls: first.summarizerCalls,
      llmPasses: result.passes.filter((pass) => pass.summarizerCalls > 0)
        .length,
    };
  }
  const firstPassMs = median(firsts);
  const callMs = median(calls);
  return {
    label,
    historyMessages: history.length,
    firstPassMs,
    firstPassStrategy: report!.strategy,
    firstPassTasks: report!.tasks,
    firstPassSummarizerCalls: report!.calls,
    firstPassOverLatency: firstPassMs / SUMMARY_LATENCY_MS,
    callMs,
    llmPasses: report!.llmPasses,
    callOverLatencyPerLlmPass:
      callMs / (SUMMARY_LATENCY_MS * Math.max(1, report!.llmPasses)),
    callCpuMs: median(cpus),
    runs,
  };
}

export interface PassesResult {
  readonly passes: readonly PassFigures[];
  readonly ratios: {
    /** One LLM pass over 1k messages ÷ 200 ms (goal ≤ 2). */
    readonly onePassOver1kMessagesOverLatency: number;
    /** k = 16 summaries in one pass ÷ one summary, spans whole (goal ≤ 1.5). */
    readonly k16OverK1: number;
    /** The same with every span split in groups and merged (default concurrency 16). */
    readonly k16OverK1Split: number;
    /** The same at `summarizerConcurrency` 64. */
    readonly k16OverK1SplitConcurrency64: number;
  };
}

export async function measurePasses({
  buildHistory,
  runs = 3,
}: {
  buildHistory: (size: number, prefix: string) => Message[];
  runs?: number;
}): Promise<PassesResult> {
  const passes: PassFigures[] = [];
  const oneK = buildHistory(1000, 'pass1k-');
  process.stderr.write('compression passes: 1k messages, compress mode…\n');
  passes.push(
    await measurePass('compress-1k', oneK, { mode: 'compress' }, runs),
  );
  // Enough history for 16 tool runs of more than 6 tool messages each.
  const runsHistory = buildHistory(10_000, 'passk-');
  for (const [label, extra] of [
    ['k1', { maxToolRunsPerPass: 1 }],
    ['k16', { maxToolRunsPerPass: 16 }],
    ['k1-split', { maxToolRunsPerPass: 1, summarizerInputTokens: 8000 }],
    ['k16-split', { maxToolRunsPerPass: 16, summarizerInputTokens: 8000 }],
    [
      'k16-split-concurrency-64',
      {
        maxToolRunsPerPass: 16,
        summarizerInputTokens: 8000,
        summarizerConcurrency: 64,
      },
    ],
  ] as const) {
    process.stderr.write(`compression passes: ${label}…\n`);
    passes.push(
      await measurePass(
        label,
        runsHistory,
        { mode: 'compress', strategies: ONLY_TOOL_RUNS, ...extra },
        runs,
      ),
    );
  }
  const byLabel = (label: string) =>
    passes.find((pass) => pass.label === label)!;
  return {
    passes,
    ratios: {
      onePassOver1kMessagesOverLatency:
        byLabel('compress-1k').firstPassOverLatency,
      k16OverK1: byLabel('k16').firstPassMs / byLabel('k1').firstPassMs,
      k16OverK1Split:
        byLabel('k16-split').firstPassMs / byLabel('k1-split').firstPassMs,
      k16OverK1SplitConcurrency64:
        byLabel('k16-split-concurrency-64').firstPassMs /
        byLabel('k1-split').firstPassMs,
    },
  };
}
