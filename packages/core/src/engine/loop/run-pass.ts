import type { AutoContextConfig } from '../../vocabulary/config/config';
import type {
  CompressionEvent,
  CompressionFailedEvent,
  SummarizerCost,
} from '../../vocabulary/event/compression-event';
import { getMessageCharCount } from '../../vocabulary/message/message-text';
import type { Message } from '../../vocabulary/message/message';
import type { StrategyName } from '../../vocabulary/message/acm-marker';
import type { ContextState } from '../../state/context-state/context-state';
import type {
  CompressionPlan,
  CompressionPressure,
  PlannedEdit,
} from '../strategy/compression-plan';
import { STRATEGIES, createStrategyContext } from '../strategy';
import { renderReplacement } from '../strategy/render-replacement';
import { STRATEGY_DESCRIPTORS } from '../../vocabulary/config/strategy-descriptors';
import { checkTrigger } from '../trigger/check-trigger';
import type { TriggerCheck } from '../trigger/check-trigger';
import type { TokenCounter } from '../../state/token/token-counter';
import { applyPlan } from './apply-plan';
import type { CompressionLoopOptions } from './compression-loop';
import type { PassReport } from './pass-report';
import { runSummaryTasks } from './run-summary-tasks';
import type { SummaryTaskFailure } from './run-summary-tasks';

/** Strategies that rewrite the current round (from the strategy descriptors). */
export const CURRENT_ROUND_STRATEGIES: ReadonlySet<StrategyName> = new Set(
  STRATEGY_DESCRIPTORS.flatMap((descriptor) =>
    descriptor.currentRound ? [descriptor.name] : [],
  ),
);

/** What a pass needs that does not change during one compression call. */
export interface PassSetup {
  readonly options: CompressionLoopOptions;
  /** Tokens the working messages may take: `(maxToken − fixedTokens) / calibration`. */
  readonly messageBudget: number;
  /**
   * Ids of the exchange in flight when the call started (and what follows a
   * call still waiting for its result). Protected in every pass of the call:
   * a fold after it puts an assistant message there, which would make it
   * look consumed to the next pass's analysis (DESIGN §5: untouched).
   */
  readonly inFlightIds: ReadonlySet<string>;
}

/** What the passes of one call carry from one to the next. */
export interface LoopProgress {
  readonly state: ContextState;
  /** The trigger check of `state`. */
  readonly trigger: TriggerCheck;
  /** Whether a pass of this call applied edits. */
  readonly applied: boolean;
}

/** How a pass ended, for the walk. */
export type PassOutcome =
  'none' | 'applied' | 'no-progress' | 'failed' | 'aborted' | 'deferred';

export interface PassResult {
  readonly outcome: PassOutcome;
  readonly progress: LoopProgress;
  /** The plan and its report; absent when the strategy had nothing to do. */
  readonly pass?: {
    readonly plan: CompressionPlan;
    readonly report: PassReport;
  };
  /** Events this pass recorded (a summary failure, the applied edits), oldest first. */
  readonly events: readonly CompressionEvent[];
}

/**
 * One strategy pass, in four named steps: plan (the strategy's pure plan, or
 * deferred when a current-round rewrite is not worth it yet) → summarize (the
 * plan's LLM tasks) → validate (render each edit once, keep the edits that
 * shrink the working messages) → commit (apply them at once, re-check the
 * trigger). Inputs and outputs are explicit: the pass returns the new
 * progress and what it recorded.
 */
export async function runPass(
  name: StrategyName,
  setup: PassSetup,
  progress: LoopProgress,
  pressure: CompressionPressure,
): Promise<PassResult> {
  const { options } = setup;
  const { config, counter, clock } = options;
  const plan = planPass(name, setup, progress.state, pressure);
  if (plan === undefined || plan.edits.length === 0)
    return { outcome: 'none', progress, events: [] };

  const started = clock.now();
  const tokensBefore = counter.countMessages(progress.state.working);
  const messagesBefore = progress.state.working.length;
  const report = (
    state: ContextState,
    outcome: PassReport['outcome'],
    extra: Partial<PassReport>,
  ): PassReport => ({
    strategy: name,
    outcome,
    editCount: plan.edits.length,
    taskCount: plan.tasks.length,
    summarizerCalls: 0,
    fallbackUsed: false,
    tokensBefore,
    tokensAfter: counter.countMessages(state.working),
    messagesBefore,
    messagesAfter: state.working.length,
    durationMs: clock.now() - started,
    ...extra,
  });

  if (isDeferred(name, plan, progress, config, counter)) {
    return {
      outcome: 'deferred',
      progress,
      pass: { plan, report: report(progress.state, 'deferred', {}) },
      events: [],
    };
  }

  const summarized = await summarizePass(name, plan, setup, progress.state);
  const events = [...summarized.events];
  let state = summarized.state;
  const failure =
    summarized.failure === undefined
      ? undefined
      : {
          reason: summarized.failure.reason,
          message: summarized.failure.message,
        };
  const summarizerCalls = summarized.calls;
  if (summarized.type !== 'ok') {
    return {
      outcome: summarized.type,
      progress: { ...progress, state },
      pass: {
        plan,
        report: report(state, summarized.type, { summarizerCalls, failure }),
      },
      events,
    };
  }

  const worthwhile = validatePass(
    plan,
    summarized.summaries,
    state,
    counter,
    pressure.messageCount,
  );
  if (worthwhile.edits.length === 0) {
    return {
      outcome: 'no-progress',
      progress: { ...progress, state },
      pass: {
        plan,
        report: report(state, 'unproductive', { summarizerCalls }),
      },
      events,
    };
  }

  const committed = commitPass(
    plan,
    worthwhile,
    summarized.summaries,
    summarized.costs,
    setup,
    state,
  );
  state = committed.state;
  events.push(...committed.events);
  const passReport = report(state, 'applied', {
    summarizerCalls,
    fallbackUsed: summarized.failure !== undefined,
    ...(failure === undefined ? {} : { failure }),
  });
  return {
    outcome: passReport.tokensAfter < tokensBefore ? 'applied' : 'no-progress',
    progress: { state, trigger: committed.trigger, applied: true },
    pass: { plan, report: passReport },
    events,
  };
}

/** The trigger check of `state` under the call's options. */
export function checkLoopTrigger(
  state: ContextState,
  options: CompressionLoopOptions,
): TriggerCheck {
  return checkTrigger({
    messages: state.working,
    config: options.config,
    counter: options.counter,
    fixedTokens: options.fixedTokens,
    calibration: options.calibration,
  });
}

/** Step 1, plan: the strategy's pure plan for `state`, or `undefined`. */
function planPass(
  name: StrategyName,
  { options, messageBudget, inFlightIds }: PassSetup,
  state: ContextState,
  pressure: CompressionPressure,
): CompressionPlan | undefined {
  const context = createStrategyContext({
    messages: state.working,
    config: options.config,
    counter: options.counter,
    generateId: options.generateId,
    pressure,
    offloads: state.offloads,
    messageBudget,
    protectedIds: inFlightIds,
    ...(options.planHint === undefined ? {} : { planHint: options.planHint }),
  });
  return STRATEGIES[name](context);
}

/**
 * Cache awareness: below the hard budget, a current-round pass must be worth
 * the rewrite of messages the provider has cached. With clearToolUses on, the
 * current round is left to the clearing until the hard budget: LLM summaries
 * only where clearing is not enough (#11 item 4,
 * docs/decisions/2026-11-25-clearing-path-and-default-mode.md). Once a pass
 * of this call has applied, the cached prefix is rewritten this turn anyway:
 * a current-round pass then runs now rather than cost a rewrite of its own on
 * a later turn (docs/decisions/2026-11-26-clear-to-the-low-water-mark.md).
 */
function isDeferred(
  name: StrategyName,
  plan: CompressionPlan,
  progress: LoopProgress,
  config: AutoContextConfig,
  counter: TokenCounter,
): boolean {
  return (
    CURRENT_ROUND_STRATEGIES.has(name) &&
    !progress.applied &&
    progress.trigger.tokenCount < config.maxToken &&
    config.minCurrentRoundSavingsRatio > 0 &&
    ((config.strategies.clearToolUses && config.mode !== 'compress') ||
      estimateSavings(plan, counter, config) <
        config.maxToken * config.minCurrentRoundSavingsRatio)
  );
}

type SummarizeStep =
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
async function summarizePass(
  name: StrategyName,
  plan: CompressionPlan,
  { options }: PassSetup,
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

/** The edits worth applying, each with its rendered replacement. */
interface WorthwhileEdits {
  readonly edits: readonly PlannedEdit[];
  readonly replacements: readonly (readonly Message[])[];
}

/**
 * Step 3, validate: renders every edit once and keeps those that pay for the
 * cache rewrite they cause: the replacement (summary + ledger + tag) is
 * smaller than the span or, under message-count pressure, has fewer messages.
 */
function validatePass(
  plan: CompressionPlan,
  summaries: Readonly<Record<string, string>>,
  state: ContextState,
  counter: TokenCounter,
  countPressure: boolean,
): WorthwhileEdits {
  const edits: PlannedEdit[] = [];
  const replacements: (readonly Message[])[] = [];
  for (const edit of plan.edits) {
    const replacement = renderReplacement(
      edit,
      pickSummaries(summaries, edit.taskKeys),
    );
    const span = state.working.slice(edit.range.start, edit.range.end);
    if (
      counter.countMessages(replacement) < counter.countMessages(span) ||
      (countPressure && replacement.length < span.length)
    ) {
      edits.push(edit);
      replacements.push(replacement);
    }
  }
  return { edits, replacements };
}

/**
 * Step 4, commit: applies the worthwhile edits at once (`applyPlan`, with
 * the replacements rendered in step 3) and re-checks the trigger.
 */
function commitPass(
  plan: CompressionPlan,
  worthwhile: WorthwhileEdits,
  summaries: Readonly<Record<string, string>>,
  costs: Readonly<Record<string, SummarizerCost>>,
  { options }: PassSetup,
  state: ContextState,
): {
  readonly state: ContextState;
  readonly trigger: TriggerCheck;
  readonly events: readonly CompressionEvent[];
} {
  const next = applyPlan({
    state,
    plan:
      worthwhile.edits.length === plan.edits.length
        ? plan
        : { ...plan, edits: worthwhile.edits },
    summaries,
    replacements: worthwhile.replacements,
    costs,
    clock: options.clock,
    counter: options.counter,
  });
  return {
    state: next,
    trigger: checkLoopTrigger(next, options),
    events: next.events.slice(state.events.length),
  };
}

/** The summaries an edit names (absent ones left out). */
function pickSummaries(
  summaries: Readonly<Record<string, string>>,
  keys: readonly string[],
): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const key of keys) {
    const summary = summaries[key];
    if (summary !== undefined) picked[key] = summary;
  }
  return picked;
}

/**
 * Tokens a plan is expected to save: each summary task is assumed to shrink
 * its span to its character target (or to `currentRoundCompressionRatio`).
 */
function estimateSavings(
  plan: CompressionPlan,
  counter: TokenCounter,
  config: AutoContextConfig,
): number {
  let savings = 0;
  for (const task of plan.tasks) {
    const tokens = counter.countMessages(task.messages);
    let chars = 0;
    for (const message of task.messages) chars += getMessageCharCount(message);
    const keptRatio =
      task.targetChars === undefined || chars === 0
        ? config.currentRoundCompressionRatio
        : Math.min(1, task.targetChars / chars);
    savings += tokens * (1 - keptRatio);
  }
  return savings;
}

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
