import type { CompressionEvent } from '../../vocabulary/event/compression-event';
import type { StrategyName } from '../../vocabulary/message/acm-marker';
import type { ContextState } from '../../state/context-state/context-state';
import type {
  CompressionPlan,
  CompressionPressure,
} from '../strategy/compression-plan';
import { STRATEGIES, createStrategyContext } from '../strategy';
import type { TriggerCheck } from '../trigger/check-trigger';
import { commitPass } from './commit-pass';
import type { CompressionLoopOptions } from './compression-loop';
import { isPassDeferred } from './is-pass-deferred';
import type { PassReport } from './pass-report';
import { summarizePass } from './summarize-pass';
import { validatePass } from './validate-pass';

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
  /** Write working summaries from the originals behind earlier ones (this pass). */
  readonly resummarize?: boolean;
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

  if (isPassDeferred(name, plan, progress, config, counter)) {
    return {
      outcome: 'deferred',
      progress,
      pass: { plan, report: report(progress.state, 'deferred', {}) },
      events: [],
    };
  }

  const summarized = await summarizePass(name, plan, options, progress.state);
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
    // An explicit re-summary rewrites the working summary even when the new
    // one is not smaller (the caller asked for it).
    setup.resummarize === true && name === 'rollupHistory',
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
    options,
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

/** Step 1, plan: the strategy's pure plan for `state`, or `undefined`. */
function planPass(
  name: StrategyName,
  { options, messageBudget, inFlightIds, resummarize }: PassSetup,
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
    ...(resummarize === true ? { resummarize } : {}),
    readOriginalsUpTo: options.readOriginalsUpTo,
    ...(options.planHint === undefined ? {} : { planHint: options.planHint }),
  });
  return STRATEGIES[name](context);
}
