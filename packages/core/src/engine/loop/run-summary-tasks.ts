import type { Clock } from '../../vocabulary/clock/clock';
import type { AutoContextConfig } from '../../vocabulary/config/config';
import { SummarizerError } from '../../vocabulary/error/summarizer-error';
import type { SummarizerFailureReason } from '../../vocabulary/error/summarizer-error';
import type { SummarizerCost } from '../../vocabulary/event/compression-event';
import type { SummaryTask } from '../strategy/compression-plan';
import { renderTranscript, validateSummary } from '../../summary/text';
import { summarizeSpan } from '../../summary/summarizer';
import type { Summarizer } from '../../summary/summarizer/summarizer';
import type { TokenCounter } from '../../state/token/token-counter';
import { combineSignals } from './combine-signals';
import { createConcurrencyLimit } from './create-concurrency-limit';
import type { ConcurrencyLimit } from './create-concurrency-limit';
import { fanOutSignal } from './fan-out-signal';
import { raceAbort } from '../../vocabulary/util/race-abort';
import { releaseTimeoutSignal } from './release-timeout-signal';
import { describeError } from '../../vocabulary/util/describe-error';

export interface RunSummaryTasksOptions {
  readonly tasks: readonly SummaryTask[];
  readonly summarizer: Summarizer;
  /** Summarizes the tasks the summarizer failed on; none: a failure fails the pass. */
  readonly fallback: Summarizer | undefined;
  readonly config: Pick<
    AutoContextConfig,
    'summarizerTimeoutMs' | 'summarizerInputTokens' | 'summarizerConcurrency'
  >;
  readonly counter: TokenCounter;
  readonly clock: Clock;
  /** The caller's signal: an abort stops everything, fallback included. */
  readonly signal: AbortSignal | undefined;
  /** Makes the pass's timeout signal; `undefined`: no timeout (dry runs). */
  readonly timeoutSignal: ((ms: number) => AbortSignal) | undefined;
  readonly planHint: string | undefined;
}

/** The first failure of a pass, in task order. */
export interface SummaryTaskFailure {
  readonly taskKey: string;
  readonly reason: SummarizerFailureReason;
  readonly message: string;
}

export type RunSummaryTasksResult =
  | {
      readonly ok: true;
      readonly summaries: Readonly<Record<string, string>>;
      readonly costs: Readonly<Record<string, SummarizerCost>>;
      readonly calls: number;
      /** Set when the fallback replaced failed summaries. */
      readonly failure?: SummaryTaskFailure;
    }
  | {
      readonly ok: false;
      readonly failure: SummaryTaskFailure;
      readonly calls: number;
      /** The caller aborted: stop at once. */
      readonly aborted: boolean;
    };

type TaskResult =
  | {
      readonly ok: true;
      readonly text: string;
      readonly cost: SummarizerCost;
      readonly calls: number;
    }
  | {
      readonly ok: false;
      readonly failure: SummaryTaskFailure;
      readonly calls: number;
    };

/**
 * Runs the summary tasks of one plan in parallel under one signal (the
 * caller's, combined with a timeout), validates every summary against the
 * task's rendered input, and falls back to `fallback` for the failed ones
 * (unless the caller aborted). Every summarizer request of the pass (tasks,
 * split groups, merges, fallbacks) goes through one gate of
 * `config.summarizerConcurrency` slots. Never rejects: failures are data.
 * Internal to the engine.
 */
export async function runSummaryTasks({
  tasks,
  summarizer,
  fallback,
  config,
  counter,
  clock,
  signal,
  timeoutSignal,
  planHint,
}: RunSummaryTasksOptions): Promise<RunSummaryTasksResult> {
  const timeout = timeoutSignal?.(config.summarizerTimeoutMs);
  const combined = combineSignals([signal, timeout]);
  const limit = createConcurrencyLimit(config.summarizerConcurrency);
  // The tasks of a pass share their instructions and plan hint: counted once.
  const passCounter = memoizeCountText(counter);
  const run = (task: SummaryTask, using: Summarizer, taskSignal: AbortSignal) =>
    runTask({
      task,
      summarizer: gated(using, limit),
      signal: taskSignal,
      callerSignal: signal,
      timeout,
      timeoutMs: config.summarizerTimeoutMs,
      maxInputTokens: config.summarizerInputTokens,
      counter: passCounter,
      clock,
      planHint,
    });

  const fanned = fanOutSignal(combined.signal, tasks.length);
  let results: TaskResult[];
  try {
    results = await Promise.all(
      tasks.map((task, index) => run(task, summarizer, fanned.signals[index]!)),
    );
  } finally {
    fanned.dispose();
    combined.dispose();
    // The timeout's timer keeps the process alive only while the pass is pending.
    releaseTimeoutSignal(timeout);
  }

  let calls = results.reduce((total, result) => total + result.calls, 0);
  const firstFailure = results.find((result) => !result.ok)?.failure;
  if (firstFailure === undefined) {
    return { ok: true, ...collect(tasks, results), calls };
  }
  const aborted = isAborted(signal);
  if (aborted || fallback === undefined) {
    return { ok: false, failure: firstFailure, calls, aborted };
  }

  const fallbackSignals = fanOutSignal(signal, tasks.length);
  let retried: TaskResult[];
  try {
    retried = await Promise.all(
      tasks.map((task, index) => {
        const result = results[index]!;
        return result.ok
          ? Promise.resolve(result)
          : run(task, fallback, fallbackSignals.signals[index]!);
      }),
    );
  } finally {
    fallbackSignals.dispose();
  }
  calls += retried.reduce(
    (total, result, index) => total + (results[index]!.ok ? 0 : result.calls),
    0,
  );
  const fallbackFailure = retried.find((result) => !result.ok)?.failure;
  if (fallbackFailure !== undefined) {
    return {
      ok: false,
      failure: {
        ...firstFailure,
        message: `${firstFailure.message}; the extractive fallback failed too (${fallbackFailure.reason})`,
      },
      calls,
      aborted: isAborted(signal),
    };
  }
  return { ok: true, ...collect(tasks, retried), calls, failure: firstFailure };
}

function collect(
  tasks: readonly SummaryTask[],
  results: readonly TaskResult[],
): {
  summaries: Record<string, string>;
  costs: Record<string, SummarizerCost>;
} {
  const summaries: Record<string, string> = {};
  const costs: Record<string, SummarizerCost> = {};
  tasks.forEach((task, index) => {
    const result = results[index]!;
    if (!result.ok) return;
    summaries[task.key] = result.text;
    costs[task.key] = result.cost;
  });
  return { summaries, costs };
}

async function runTask({
  task,
  summarizer,
  signal,
  callerSignal,
  timeout,
  timeoutMs,
  maxInputTokens,
  counter,
  clock,
  planHint,
}: {
  task: SummaryTask;
  summarizer: Summarizer;
  signal: AbortSignal;
  callerSignal: AbortSignal | undefined;
  timeout: AbortSignal | undefined;
  timeoutMs: number;
  maxInputTokens: number;
  counter: TokenCounter;
  clock: Clock;
  planHint: string | undefined;
}): Promise<TaskResult> {
  const started = clock.now();
  const fail = (
    reason: SummarizerFailureReason,
    message: string,
    calls: number,
  ): TaskResult => ({
    ok: false,
    failure: { taskKey: task.key, reason, message },
    calls,
  });
  let result: Awaited<ReturnType<typeof summarizeSpan>>;
  // Rendered once: the request and the validation of its answer share it.
  const transcript = renderTranscript(task.messages);
  try {
    const span = (async () =>
      summarizeSpan({
        summarizer,
        strategy: task.strategy,
        messages: task.messages,
        instructions: task.instructions,
        ...(planHint === undefined ? {} : { planHint }),
        ...(task.targetChars === undefined
          ? {}
          : { targetChars: task.targetChars }),
        maxInputTokens,
        counter,
        signal,
        transcript,
      }))();
    result = await raceAbort(span, signal);
  } catch (error) {
    if (callerSignal?.aborted === true) {
      return fail(
        'aborted',
        `The caller aborted the summary of task ${task.key}`,
        1,
      );
    }
    if (timeout?.aborted === true) {
      return fail(
        'timeout',
        `The summary of task ${task.key} took longer than summarizerTimeoutMs (${timeoutMs} ms)`,
        1,
      );
    }
    // A group summary of a split span that was unusable keeps its reason.
    const reason = SummarizerError.isInstance(error) ? error.reason : 'threw';
    return fail(
      reason,
      `The summarizer failed on task ${task.key}: ${describeError(error)}`,
      1,
    );
  }
  const validation = validateSummary({
    summary: result.text,
    input: transcript,
  });
  if (!validation.ok) {
    return fail(
      validation.reason,
      `The summary of task ${task.key} was rejected (${validation.reason})`,
      result.calls,
    );
  }
  return {
    ok: true,
    text: result.text,
    cost: {
      inputTokens: result.usage.inputTokens,
      outputTokens: result.usage.outputTokens,
      durationMs: clock.now() - started,
    },
    calls: result.calls,
  };
}

/** `counter` whose `countText` remembers its answers for the life of one pass. */
function memoizeCountText(counter: TokenCounter): TokenCounter {
  const counts = new Map<string, number>();
  return {
    name: counter.name,
    countText: (text) => {
      let count = counts.get(text);
      if (count === undefined) {
        count = counter.countText(text);
        counts.set(text, count);
      }
      return count;
    },
    countMessage: (message) => counter.countMessage(message),
    countMessages: (messages) => counter.countMessages(messages),
  };
}

/** `summarizer`, each request waiting for a slot of `limit` (skipped when its signal aborted meanwhile). */
function gated(summarizer: Summarizer, limit: ConcurrencyLimit): Summarizer {
  return (request) =>
    limit(() => Promise.resolve(summarizer(request)), request.signal);
}

/** Reads the flag through a call, so narrowing from an earlier check does not stick across awaits. */
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}
