/**
 * What a compression pass costs beside its summaries (issue #13 item 5), on
 * real SWE-bench messages with the default exact counter and a summarizer
 * that answers after a fixed 200 ms (`fixedLatencySummarizer`):
 *
 * - one `compressIfNeeded` in `compress` mode over 1k messages of history
 *   (counted turn by turn before, as in a live session): the first LLM pass's
 *   wall time ÷ 200 ms, and the whole call ÷ (200 ms × its LLM passes);
 * - k = 1 and k = 16 summaries (`compressToolRuns` alone, default config
 *   otherwise, `maxToken` 4000 so that the call is triggered) over a history
 *   of exactly k real SWE tool runs (`buildToolRunHistory`): the whole
 *   call's wall time (every summary of the history, however many passes it
 *   takes); then spans split in groups (`summarizerInputTokens`
 *   8000), at the default `summarizerConcurrency` (16: the pass then holds more
 *   requests than slots) and at 64.
 *
 * Times are taken by this script (`performance.now()` around the call, and in
 * the event listener for the end of the first pass), never by the engine.
 * Used by cost.ts; see bench/README.md.
 */
import { performance } from 'node:perf_hooks';
import { AutoContextMemory, createTiktokenTokenCounter } from '@acm/core';
import type { AutoContextConfigInput, Message } from '@acm/core';
import { STRATEGY_NAMES } from '@acm/core/internal';
import {
  fixedLatencySummarizer,
  loadSharedConversationsAsCore,
} from '@acm/core/testing';
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
    /** k = 16 summaries ÷ one, default config: the whole call (goal ≤ 1.5). */
    readonly k16OverK1: number;
    /** The same with spans split in groups of 8,000 tokens (default concurrency 16). */
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
  // Exactly k real tool runs, so that the default config (every qualifying
  // run in one pass) sends k summaries.
  const histories = { 1: buildToolRunHistory(1), 16: buildToolRunHistory(16) };
  for (const [label, k, extra] of [
    ['k1', 1, {}],
    ['k16', 16, {}],
    ['k1-split', 1, { summarizerInputTokens: 8000 }],
    ['k16-split', 16, { summarizerInputTokens: 8000 }],
    [
      'k16-split-concurrency-64',
      16,
      { summarizerInputTokens: 8000, summarizerConcurrency: 64 },
    ],
  ] as const) {
    process.stderr.write(`compression passes: ${label}…\n`);
    passes.push(
      await measurePass(
        label,
        histories[k],
        {
          mode: 'compress',
          maxToken: 4000,
          strategies: ONLY_TOOL_RUNS,
          ...extra,
        },
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
      // The whole call: at the defaults every summary of the history is in
      // it (k summaries, however many passes they take).
      k16OverK1: byLabel('k16').callMs / byLabel('k1').callMs,
      k16OverK1Split: byLabel('k16-split').callMs / byLabel('k1-split').callMs,
      k16OverK1SplitConcurrency64:
        byLabel('k16-split-concurrency-64').callMs / byLabel('k1-split').callMs,
    },
  };
}

/**
 * A history of exactly `k` real tool runs from the SWE runs of shared/data,
 * the first ones in the data that qualify at the defaults: a maximal run of
 * 4 or more consecutive exchanges (8 or more tool messages, more than
 * `minConsecutiveToolMessages`) of 5,500 tokens or more (above
 * `minCompressionTokenThreshold`; a run above `summarizerInputTokens` is
 * split, as real runs are), between the run's request and a final answer;
 * then 30 short turns, so that every run lies outside `lastKeep`. Fresh ids
 * per run.
 */
export function buildToolRunHistory(k: number): Message[] {
  const counter = createTiktokenTokenCounter();
  const history: Message[] = [];
  const text = (id: string, role: 'user' | 'assistant', body: string) =>
    ({ id, role, content: [{ type: 'text', text: body }] }) as Message;
  let found = 0;
  for (const conversation of loadSharedConversationsAsCore({
    dataset: 'swe',
  })) {
    const messages = conversation.messages;
    let index = 0;
    while (index < messages.length && found < k) {
      const run = readRun(messages, index);
      if (run.length === 0) {
        index += 1;
        continue;
      }
      index += run.length;
      const tokens = counter.countMessages(run);
      const exchanges = run.filter((message) => message.role === 'assistant');
      if (exchanges.length < 4 || tokens < 5500) continue;
      const prefix = `run${found}-`;
      history.push(text(`${prefix}u`, 'user', `Task ${found}: go on.`));
      history.push(
        ...run.map((message) => ({
          ...message,
          id: `${prefix}${message.id}`,
        })),
      );
      history.push(text(`${prefix}a`, 'assistant', `Step ${found} is done.`));
      found += 1;
    }
    if (found === k) break;
  }
  if (found < k)
    throw new Error(
      `only ${found} tool runs of the kind asked for in the data`,
    );
  for (let turn = 0; turn < 30; turn += 1) {
    history.push(text(`tail-u${turn}`, 'user', `Question ${turn}?`));
    history.push(text(`tail-a${turn}`, 'assistant', `Answer ${turn}.`));
  }
  return history;
}

/** The consecutive exchanges (a call and its results) from `start`, as messages. */
function readRun(messages: readonly Message[], start: number): Message[] {
  const run: Message[] = [];
  let index = start;
  for (;;) {
    const call = messages[index];
    if (
      call?.role !== 'assistant' ||
      !call.content.some((part) => part.type === 'tool-call')
    )
      break;
    const ids = new Set(
      call.content.flatMap((part) =>
        part.type === 'tool-call' ? [part.toolCallId] : [],
      ),
    );
    let next = index + 1;
    while (
      messages[next]?.role === 'tool' &&
      messages[next]!.content.every(
        (part) => part.type === 'tool-result' && ids.has(part.toolCallId),
      )
    )
      next += 1;
    if (next === index + 1) break;
    run.push(...messages.slice(index, next));
    index = next;
  }
  return run;
}
