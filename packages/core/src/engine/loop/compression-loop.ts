import { analyzeConversation } from '../../state/conversation/analyze-conversation';
import type { CompressionEvent } from '../../vocabulary/event/compression-event';
import type { Message } from '../../vocabulary/message/message';
import type { StrategyName } from '../../vocabulary/message/acm-marker';
import type { ContextState } from '../../state/context-state/context-state';
import type {
  CompressionPlan,
  CompressionPressure,
} from '../strategy/compression-plan';
import { createStrategyContext } from '../strategy';
import { STRATEGY_DESCRIPTORS } from '../../vocabulary/config/strategy-descriptors';
import type { Summarizer } from '../../summary/summarizer/summarizer';
import type { TriggerCheck } from '../trigger/check-trigger';
import type { TokenCounter } from '../../state/token/token-counter';
import type { Clock, IdGenerator } from '../../vocabulary/clock/clock';
import type { AutoContextConfig } from '../../vocabulary/config/config';
import type {
  CompressionListenerEvent,
  CompressionStopReason,
  OverBudget,
} from './compression-listener-event';
import type { PassReport } from './pass-report';
import { checkLoopTrigger } from './check-loop-trigger';
import { CURRENT_ROUND_STRATEGIES } from './is-pass-deferred';
import { runPass } from './run-pass';
import type { LoopProgress, PassResult, PassSetup } from './run-pass';
import { LLM_STRATEGIES, selectStrategyOrder } from './select-strategy-order';
import { MAX_PASSES_PER_STRATEGY } from '../strategy/tuning';

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
  /**
   * Write working summaries from the originals behind earlier ones: each of
   * `rollupHistory` and `compressCurrentRound` reads them in its first
   * applied pass of the call, incrementally after that.
   */
  readonly resummarize: boolean;
  /**
   * Up to how many characters of transcript working summaries read the
   * originals behind earlier ones (the summarizer's `readOriginalsUpTo`; 0:
   * incremental).
   */
  readonly readOriginalsUpTo: number;
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

/** The pressure a call started with and the low-water marks that end it. */
interface PressureLimits {
  /** The limits the trigger found reached (tokens also when forced). */
  readonly fired: CompressionPressure;
  /** Forced although nothing was reached: one applied pass satisfies it. */
  readonly forcedOnly: boolean;
  readonly tokenLowWater: number;
  readonly messageLowWater: number;
}

/**
 * The closed loop of DESIGN §3.6, shared by `runCompression` and the dry run
 * `planCompression`. Internal to the engine. It walks the strategies in
 * `selectStrategyOrder` and runs each as passes (`runPass`: plan → summarize
 * → validate → commit) while it reduces tokens and the pressure lasts, then
 * the hard-budget strategies while still over `maxToken`.
 */
export async function compressionLoop(
  options: CompressionLoopOptions,
): Promise<CompressionLoopResult> {
  const { state, config, counter, clock, signal, force, emit } = options;
  const isAborted = () => signal?.aborted === true;

  const initialTrigger = checkLoopTrigger(state, options);
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
  const limits: PressureLimits = {
    fired: {
      messageCount: initialTrigger.messageCountReached,
      tokens: initialTrigger.tokensReached || forcedOnly,
    },
    forcedOnly,
    tokenLowWater: config.maxToken * config.targetRatio,
    messageLowWater:
      (config.msgThreshold * config.targetRatio) / config.tokenRatio,
  };
  const tokensAtStart = counter.countMessages(state.working);
  const setup: PassSetup = {
    options,
    messageBudget: Math.max(
      0,
      (config.maxToken - options.fixedTokens) / options.calibration,
    ),
    inFlightIds: findInFlightIds(state.working),
  };

  let progress: LoopProgress = {
    state,
    trigger: initialTrigger,
    applied: false,
  };
  let llmBlocked = false;
  // An explicit re-summary: the strategies that write working summaries
  // read the originals behind earlier ones, each until it applied once.
  const resummarizing = new Set<StrategyName>(
    options.resummarize ? ['rollupHistory', 'compressCurrentRound'] : [],
  );
  let stopReason: CompressionStopReason | undefined;
  const passes: LoopPass[] = [];
  const events: CompressionEvent[] = [];

  /**
   * Runs `name` until a pass does not apply (at most
   * `MAX_PASSES_PER_STRATEGY` times, each while `shouldRun(repeat)` holds);
   * the last pass's outcome, `undefined` when none ran.
   */
  const runPasses = async (
    name: StrategyName,
    shouldRun: (repeat: number) => boolean,
  ): Promise<PassResult['outcome'] | undefined> => {
    let outcome: PassResult['outcome'] | undefined;
    for (let repeat = 0; repeat < MAX_PASSES_PER_STRATEGY; repeat++) {
      if (!shouldRun(repeat)) break;
      const resummarize = resummarizing.has(name);
      const result = await runPass(
        name,
        resummarize ? { ...setup, resummarize } : setup,
        progress,
        getPressure(limits, progress),
      );
      if (result.progress.state !== progress.state) resummarizing.delete(name);
      progress = result.progress;
      record(result, passes, events, emit);
      outcome = result.outcome;
      if (outcome !== 'applied') break;
    }
    return outcome;
  };

  const order = selectStrategyOrder(config);
  let escalated = false;
  for (const name of order) {
    if (isSatisfied(limits, progress)) {
      stopReason = 'under-target';
      break;
    }
    if (isAborted()) {
      stopReason = 'aborted';
      break;
    }
    // Message-count pressure alone never touches the current round (PR #1514).
    if (
      CURRENT_ROUND_STRATEGIES.has(name) &&
      !getPressure(limits, progress).tokens
    )
      break;
    if (LLM_STRATEGIES.has(name)) {
      if (llmBlocked) continue;
      if (config.mode === 'auto' && !escalated) {
        const ratio =
          tokensAtStart === 0
            ? 0
            : counter.countMessages(progress.state.working) / tokensAtStart;
        if (
          !progress.trigger.triggered &&
          ratio <= config.compactRatioThreshold
        ) {
          stopReason = 'compacted';
          if (!progress.applied) break;
          // The compaction rewrote the prompt, so the provider's cached prefix
          // is lost this turn anyway: the current round's LLM passes (an
          // over-share task or request, large consumed pieces) run now, above
          // the low-water mark, rather than cost a rewrite of their own a few
          // turns later (docs/decisions/2026-11-26-prefix-breaks-at-6000.md).
          if (!CURRENT_ROUND_STRATEGIES.has(name)) continue;
        } else escalated = true;
      }
    }
    const outcome = await runPasses(
      name,
      (repeat) =>
        repeat === 0 || !(isSatisfied(limits, progress) || isAborted()),
    );
    if (outcome === 'aborted') {
      stopReason = 'aborted';
      break;
    }
    if (outcome === 'failed') llmBlocked = true;
  }

  for (const name of HARD_BUDGET_STRATEGIES) {
    if (stopReason === 'aborted' || !config.strategies[name] || isAborted())
      continue;
    const outcome = await runPasses(
      name,
      () => progress.trigger.tokenCount >= config.maxToken,
    );
    if (outcome === 'aborted') stopReason = 'aborted';
  }

  const current = progress.state;
  if (stopReason !== 'aborted' && isAborted()) stopReason = 'aborted';
  const finalReason: CompressionStopReason =
    stopReason === 'aborted'
      ? 'aborted'
      : isSatisfied(limits, progress)
        ? 'under-target'
        : (stopReason ?? 'nothing-applies');
  const endTrigger = checkLoopTrigger(current, options);
  const overBudget =
    endTrigger.tokenCount > config.maxToken
      ? describeOverBudget(current, endTrigger.tokenCount, options)
      : undefined;
  emit?.({
    type: 'compaction-end',
    at: clock.now(),
    applied: progress.applied,
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
    applied: progress.applied,
    trigger: initialTrigger,
    passes,
    events,
    stopReason: finalReason,
    ...(overBudget === undefined ? {} : { overBudget }),
  };
}

/** Adds a pass's plan, report and events to the call's record, emitting the events. */
function record(
  result: PassResult,
  passes: LoopPass[],
  events: CompressionEvent[],
  emit: CompressionLoopOptions['emit'],
): void {
  if (result.pass !== undefined) passes.push(result.pass);
  for (const event of result.events) {
    events.push(event);
    emit?.(event);
  }
}

/**
 * The pressure still active: a limit the call started with, until the
 * working messages are below its low-water mark (a forced call without a
 * reached limit: until one pass applied).
 */
function getPressure(
  limits: PressureLimits,
  { trigger, applied }: LoopProgress,
): CompressionPressure {
  return {
    messageCount:
      limits.fired.messageCount &&
      trigger.messageCount >= limits.messageLowWater,
    tokens:
      limits.fired.tokens &&
      (trigger.tokenCount >= limits.tokenLowWater ||
        (limits.forcedOnly && !applied)),
  };
}

/**
 * Ids of the in-flight exchange of `working` — with everything after it while
 * a call still waits for its result — as `createStrategyContext` protects it.
 */
function findInFlightIds(working: readonly Message[]): ReadonlySet<string> {
  const inFlight = analyzeConversation(working).inFlight;
  if (inFlight === undefined) return new Set();
  const end =
    inFlight.pendingCallIds.length > 0 ? working.length : inFlight.end;
  return new Set(
    working.slice(inFlight.callIndex, end).map((message) => message.id),
  );
}

/** Whether no pressure is left. */
function isSatisfied(limits: PressureLimits, progress: LoopProgress): boolean {
  const active = getPressure(limits, progress);
  return !active.messageCount && !active.tokens;
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
    generateId: options.generateId,
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
