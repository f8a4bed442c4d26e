import type { Clock, IdGenerator } from '../clock/clock';
import type { AutoContextConfig } from '../config/config';
import type {
  CompressionEvent,
  CompressionFailedEvent,
} from '../event/compression-event';
import type { StrategyName } from '../message/acm-marker';
import { getMessageCharCount } from '../message/message-text';
import type { ContextState } from '../state/context-state';
import type {
  CompressionPlan,
  CompressionPressure,
  PlannedEdit,
} from '../strategy/compression-plan';
import { STRATEGIES, createStrategyContext } from '../strategy';
import { STRATEGY_DESCRIPTORS } from '../strategy/strategy-descriptors';
import type { Summarizer } from '../summarizer/summarizer';
import { checkTrigger } from '../threshold/check-trigger';
import type { TriggerCheck } from '../threshold/check-trigger';
import type { TokenCounter } from '../token/token-counter';
import { applyPlan } from './apply-plan';
import type {
  CompressionListenerEvent,
  CompressionStopReason,
  OverBudget,
} from './compression-listener-event';
import type { PassReport } from './pass-report';
import { runSummaryTasks } from './run-summary-tasks';
import { LLM_STRATEGIES, selectStrategyOrder } from './select-strategy-order';

/** How many times one strategy may run in one call while it keeps reducing tokens. */
const MAX_PASSES_PER_STRATEGY = 8;

/** Strategies that rewrite the current round (from the strategy descriptors). */
const CURRENT_ROUND_STRATEGIES: ReadonlySet<StrategyName> = new Set(
  STRATEGY_DESCRIPTORS.flatMap((descriptor) =>
    descriptor.currentRound ? [descriptor.name] : [],
  ),
);

/** Strategies that run after the walk, while still over `maxToken`. */
const HARD_BUDGET_STRATEGIES: readonly StrategyName[] =
  STRATEGY_DESCRIPTORS.flatMap((descriptor) =>
    descriptor.phase === 'hard-budget' ? [descriptor.name] : [],
  );

export interface CompressionLoopOptions {
  readonly state: ContextState;
  readonly config: AutoContextConfig;
  readonly counter: TokenCounter;
  /** Runs the LLM tasks (the extractive summarizer in a dry run). */
  readonly summarizer: Summarizer;
  /** Replaces failed summaries; `undefined`: a failure fails the pass. */
  readonly fallback: Summarizer | undefined;
  readonly clock: Clock;
  readonly generateId: IdGenerator;
  readonly timeoutSignal: ((ms: number) => AbortSignal) | undefined;
  readonly signal: AbortSignal | undefined;
  readonly planHint: string | undefined;
  readonly fixedTokens: number;
  readonly calibration: number;
  readonly force: boolean;
  readonly emit: ((event: CompressionListenerEvent) => void) | undefined;
}

/** One pass the loop ran, with the plan behind it. */
export interface LoopPass {
  readonly plan: CompressionPlan;
  readonly report: PassReport;
}

export interface CompressionLoopResult {
  readonly state: ContextState;
  readonly applied: boolean;
  readonly trigger: TriggerCheck;
  readonly passes: readonly LoopPass[];
  /** Events recorded by this call, oldest first. */
  readonly events: readonly CompressionEvent[];
  readonly stopReason: CompressionStopReason;
  /** Set when the prompt is still over `maxToken` at the end. */
  readonly overBudget?: OverBudget;
}

type PassOutcome =
  'none' | 'applied' | 'no-progress' | 'failed' | 'aborted' | 'deferred';

/**
 * The closed loop of DESIGN §3.6, shared by `runCompression` and the dry run
 * `planCompression`. Internal to the engine.
 */
export async function compressionLoop(
  options: CompressionLoopOptions,
): Promise<CompressionLoopResult> {
  const {
    state,
    config,
    counter,
    clock,
    generateId,
    signal,
    planHint,
    force,
    emit,
  } = options;
  const isAborted = () => signal?.aborted === true;
  const check = (current: ContextState) =>
    checkTrigger({
      messages: current.working,
      config,
      counter,
      fixedTokens: options.fixedTokens,
      calibration: options.calibration,
    });

  const initialTrigger = check(state);
  if (!initialTrigger.triggered && !force) {
    return {
      state,
      applied: false,
      trigger: initialTrigger,
      passes: [],
      events: [],
      stopReason: 'not-triggered',
    };
  }

  emit?.({
    type: 'compaction-start',
    at: clock.now(),
    trigger: initialTrigger,
    force,
  });
  const forcedOnly = !initialTrigger.triggered;
  const fired: CompressionPressure = {
    messageCount: initialTrigger.messageCountReached,
    tokens: initialTrigger.tokensReached || forcedOnly,
  };
  const tokenLowWater = config.maxToken * config.targetRatio;
  const messageLowWater =
    (config.msgThreshold * config.targetRatio) / config.tokenRatio;
  const tokensAtStart = counter.countMessages(state.working);
  const messageBudget = Math.max(
    0,
    (config.maxToken - options.fixedTokens) / options.calibration,
  );

  let current = state;
  let trigger = initialTrigger;
  let applied = false;
  let llmBlocked = false;
  let stopReason: CompressionStopReason | undefined;
  const passes: LoopPass[] = [];
  const events: CompressionEvent[] = [];

  const pressure = (): CompressionPressure => ({
    messageCount: fired.messageCount && trigger.messageCount >= messageLowWater,
    tokens:
      fired.tokens &&
      (trigger.tokenCount >= tokenLowWater || (forcedOnly && !applied)),
  });
  const satisfied = () => {
    const active = pressure();
    return !active.messageCount && !active.tokens;
  };
  const record = (event: CompressionEvent) => {
    events.push(event);
    emit?.(event);
  };

  const runPass = async (name: StrategyName): Promise<PassOutcome> => {
    const context = createStrategyContext({
      messages: current.working,
      config,
      counter,
      generateId,
      pressure: pressure(),
      offloads: current.offloads,
      messageBudget,
      ...(planHint === undefined ? {} : { planHint }),
    });
    const plan = STRATEGIES[name](context);
    if (plan === undefined || plan.edits.length === 0) return 'none';

    const started = clock.now();
    const tokensBefore = counter.countMessages(current.working);
    const messagesBefore = current.working.length;
    const report = (
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
      tokensAfter: counter.countMessages(current.working),
      messagesBefore,
      messagesAfter: current.working.length,
      durationMs: clock.now() - started,
      ...extra,
    });

    // Cache awareness: below the hard budget, a current-round pass must be
    // worth the rewrite of messages the provider has cached. With
    // clearToolUses on, the current round is left to the clearing until the
    // hard budget: LLM summaries only where clearing is not enough (#11 item 4,
    // docs/decisions/2026-11-25-clearing-path-and-default-mode.md).
    if (
      CURRENT_ROUND_STRATEGIES.has(name) &&
      trigger.tokenCount < config.maxToken &&
      config.minCurrentRoundSavingsRatio > 0 &&
      ((config.strategies.clearToolUses && config.mode !== 'compress') ||
        estimateSavings(plan, counter, config) <
          config.maxToken * config.minCurrentRoundSavingsRatio)
    ) {
      passes.push({ plan, report: report('deferred', {}) });
      return 'deferred';
    }

    let summaries: Readonly<Record<string, string>> = {};
    let costs = {};
    let summarizerCalls = 0;
    let fallbackUsed = false;
    let failure: PassReport['failure'];
    if (plan.tasks.length > 0) {
      const outcome = await runSummaryTasks({
        tasks: plan.tasks,
        summarizer: options.summarizer,
        fallback: options.fallback,
        config,
        counter,
        clock,
        signal,
        timeoutSignal: options.timeoutSignal,
        planHint,
      });
      summarizerCalls = outcome.calls;
      if (outcome.failure !== undefined) {
        failure = {
          reason: outcome.failure.reason,
          message: outcome.failure.message,
        };
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
        current = {
          ...current,
          events: [...current.events, event],
          revision: current.revision + 1,
        };
        record(event);
      }
      if (!outcome.ok) {
        const kind = outcome.aborted ? 'aborted' : 'failed';
        passes.push({
          plan,
          report: report(kind, { summarizerCalls, failure }),
        });
        return kind;
      }
      summaries = outcome.summaries;
      costs = outcome.costs;
      fallbackUsed = outcome.failure !== undefined;
    }

    // An edit must pay for the cache rewrite it causes: keep it only when its
    // replacement (summary + ledger + tag) is smaller than the span, or, under
    // message-count pressure, when it has fewer messages.
    const worthwhile = plan.edits.filter((edit) =>
      isWorthwhile(edit, summaries, current, counter, pressure().messageCount),
    );
    if (worthwhile.length === 0) {
      passes.push({
        plan,
        report: report('unproductive', { summarizerCalls }),
      });
      return 'no-progress';
    }
    const next = applyPlan({
      state: current,
      plan:
        worthwhile.length === plan.edits.length
          ? plan
          : { ...plan, edits: worthwhile },
      summaries,
      costs,
      clock,
      counter,
    });
    const newEvents = next.events.slice(current.events.length);
    current = next;
    applied = true;
    for (const event of newEvents) record(event);
    trigger = check(current);
    const passReport = report('applied', {
      summarizerCalls,
      fallbackUsed,
      ...(failure === undefined ? {} : { failure }),
    });
    passes.push({ plan, report: passReport });
    return passReport.tokensAfter < tokensBefore ? 'applied' : 'no-progress';
  };

  const order = selectStrategyOrder(config);
  let escalated = false;
  walk: for (const name of order) {
    if (satisfied()) {
      stopReason = 'under-target';
      break;
    }
    if (isAborted()) {
      stopReason = 'aborted';
      break;
    }
    // Message-count pressure alone never touches the current round (PR #1514).
    if (CURRENT_ROUND_STRATEGIES.has(name) && !pressure().tokens) break;
    if (LLM_STRATEGIES.has(name)) {
      if (llmBlocked) continue;
      if (config.mode === 'auto' && !escalated) {
        const ratio =
          tokensAtStart === 0
            ? 0
            : counter.countMessages(current.working) / tokensAtStart;
        if (!trigger.triggered && ratio <= config.compactRatioThreshold) {
          stopReason = 'compacted';
          break;
        }
        escalated = true;
      }
    }
    for (let repeat = 0; repeat < MAX_PASSES_PER_STRATEGY; repeat++) {
      if (repeat > 0 && (satisfied() || isAborted())) break;
      const outcome = await runPass(name);
      if (outcome === 'aborted') {
        stopReason = 'aborted';
        break walk;
      }
      if (outcome === 'failed') llmBlocked = true;
      if (outcome !== 'applied') break;
    }
  }

  hardBudget: for (const name of HARD_BUDGET_STRATEGIES) {
    if (stopReason === 'aborted' || !config.strategies[name] || isAborted())
      continue;
    for (let repeat = 0; repeat < MAX_PASSES_PER_STRATEGY; repeat++) {
      if (trigger.tokenCount < config.maxToken) break;
      const outcome = await runPass(name);
      if (outcome === 'aborted') {
        stopReason = 'aborted';
        break hardBudget;
      }
      if (outcome !== 'applied') break;
    }
  }

  if (stopReason !== 'aborted' && isAborted()) stopReason = 'aborted';
  const finalReason: CompressionStopReason =
    stopReason === 'aborted'
      ? 'aborted'
      : satisfied()
        ? 'under-target'
        : (stopReason ?? 'nothing-applies');
  const endTrigger = check(current);
  const overBudget =
    endTrigger.tokenCount > config.maxToken
      ? describeOverBudget(current, endTrigger.tokenCount, options)
      : undefined;
  emit?.({
    type: 'compaction-end',
    at: clock.now(),
    applied,
    stopReason: finalReason,
    passCount: passes.length,
    tokensBefore: tokensAtStart,
    tokensAfter: counter.countMessages(current.working),
    messagesBefore: state.working.length,
    messagesAfter: current.working.length,
    ...(overBudget === undefined ? {} : { overBudget }),
  });
  return {
    state: current,
    applied,
    trigger: initialTrigger,
    passes,
    events,
    stopReason: finalReason,
    ...(overBudget === undefined ? {} : { overBudget }),
  };
}

/** Why the prompt is still over budget: the protected set's share of it. */
function describeOverBudget(
  state: ContextState,
  tokens: number,
  options: CompressionLoopOptions,
): OverBudget {
  const { config, counter } = options;
  const context = createStrategyContext({
    messages: state.working,
    config,
    counter,
    pressure: { messageCount: false, tokens: true },
  });
  const kept = state.working.filter(
    (message, index) => message.role === 'system' || context.isProtected(index),
  );
  const protectedTokens =
    Math.round(counter.countMessages(kept) * options.calibration) +
    options.fixedTokens;
  return {
    maxToken: config.maxToken,
    tokens,
    protectedTokens,
    excused: protectedTokens > config.maxToken,
  };
}

/** Whether applying `edit` shrinks the working messages (see the loop). */
function isWorthwhile(
  edit: PlannedEdit,
  summaries: Readonly<Record<string, string>>,
  state: ContextState,
  counter: TokenCounter,
  countPressure: boolean,
): boolean {
  const span = state.working.slice(edit.range.start, edit.range.end);
  const picked: Record<string, string> = {};
  for (const key of edit.taskKeys) {
    const summary = summaries[key];
    if (summary !== undefined) picked[key] = summary;
  }
  const replacement = edit.build(picked);
  return (
    counter.countMessages(replacement) < counter.countMessages(span) ||
    (countPressure && replacement.length < span.length)
  );
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
