import type {
  CompressionEvent,
  CompressionFailedEvent,
  SummarizerCost,
} from '../../vocabulary/event/compression-event';
import type { StrategyName } from '../../vocabulary/message/acm-marker';
import type { ContextState } from '../../state/context-state/context-state';
import type { CompressionPlan } from '../strategy/compression-plan';
import type { CompressionLoopOptions } from './compression-loop';
import { runSummaryTasks } from './run-summary-tasks';
import type { SummaryTaskFailure } from './run-summary-tasks';

/** What the summarize step returns: the summaries, or how it failed, with the state and events it recorded. */
export type SummarizeStep =
  | {
      readonly type: 'ok';
      readonly summaries: Readonly<Record<string, string>>;
      readonly costs: Readonly<Record<string, SummarizerCost>>;
      readonly calls: number;
      /** Set when the fallback replaced a failed summary. */
      readonly failure: SummaryTaskFailure | undefined;
      readonly state: ContextState;
      readonly events: readonly CompressionEvent[];
    }
  | {
      readonly type: 'failed' | 'aborted';
      readonly calls: number;
      readonly failure: SummaryTaskFailure | undefined;
      readonly state: ContextState;
      readonly events: readonly CompressionEvent[];
    };

/**
 * Step 2, summarize: runs the plan's LLM tasks (none for a no-LLM plan). A
 * failed summary is recorded in the state as a `compression-error` event,
 * also when the fallback replaced it.
 */
export async function summarizePass(
  name: StrategyName,
  plan: CompressionPlan,
  options: CompressionLoopOptions,
  state: ContextState,
): Promise<SummarizeStep> {
  if (plan.tasks.length === 0) {
    return {
      type: 'ok',
      summaries: {},
      costs: {},
      calls: 0,
      failure: undefined,
      state,
      events: [],
    };
  }
  const { clock } = options;
  const outcome = await runSummaryTasks({
    tasks: plan.tasks,
    summarizer: options.summarizer,
    fallback: options.fallback,
    config: options.config,
    counter: options.counter,
    clock,
    signal: options.signal,
    timeoutSignal: options.timeoutSignal,
    planHint: options.planHint,
  });
  let next = state;
  const events: CompressionEvent[] = [];
  if (outcome.failure !== undefined) {
    const event: CompressionFailedEvent = {
      type: 'compression-error',
      strategy: name,
      at: clock.now(),
      range: rangeOfTask(plan, outcome.failure.taskKey),
      error: {
        code: 'SUMMARIZER_FAILURE',
        reason: outcome.failure.reason,
        message: outcome.failure.message,
      },
      fallbackUsed: outcome.ok,
    };
    next = {
      ...next,
      events: [...next.events, event],
      revision: next.revision + 1,
    };
    events.push(event);
  }
  if (!outcome.ok) {
    return {
      type: outcome.aborted ? 'aborted' : 'failed',
      calls: outcome.calls,
      failure: outcome.failure,
      state: next,
      events,
    };
  }
  return {
    type: 'ok',
    summaries: outcome.summaries,
    costs: outcome.costs,
    calls: outcome.calls,
    failure: outcome.failure,
    state: next,
    events,
  };
}

/** The range of the edit that names `taskKey`, or of the whole plan when none does. */
function rangeOfTask(
  plan: CompressionPlan,
  taskKey: string,
): { start: number; end: number } {
  const edit = plan.edits.find((candidate) =>
    candidate.taskKeys.includes(taskKey),
  );
  if (edit !== undefined)
    return { start: edit.range.start, end: edit.range.end };
  return {
    start: plan.edits[0]!.range.start,
    end: plan.edits[plan.edits.length - 1]!.range.end,
  };
}
