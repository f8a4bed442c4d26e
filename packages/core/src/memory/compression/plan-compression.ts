import type { IdGenerator } from '../../vocabulary/clock/clock';
import type { AutoContextConfig } from '../../vocabulary/config/config';
import type { StrategyName } from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';
import { randomId } from '../../runtime/random-id';
import type { ContextState } from '../../state/context-state/context-state';
import type { CompressionPlan } from '../../engine/strategy/compression-plan';
import { createExtractiveSummarizer } from '../../summary/summarizer';
import type { TriggerCheck } from '../../engine/trigger/check-trigger';
import type { TokenCounter } from '../../state/token/token-counter';
import { compressionLoop } from '../../engine/loop/compression-loop';
import type { CompressionStopReason } from '../../engine/loop/compression-listener-event';
import type { PassReport } from '../../engine/loop/pass-report';

export interface PlanCompressionOptions {
  /** The state to plan for. Never mutated. */
  readonly state: ContextState;
  /** Resolved configuration (`resolveConfig`). */
  readonly config: AutoContextConfig;
  readonly counter: TokenCounter;
  /**
   * Ids of the planned messages and offload entries.
   * @default randomId
   */
  readonly generateId?: IdGenerator;
  /**
   * Aborts the dry run.
   * @default undefined
   */
  readonly signal?: AbortSignal;
  /**
   * The rendered active plan, as `runCompression` would use it.
   * @default undefined
   */
  readonly planHint?: string;
  /** @default 0 */
  readonly fixedTokens?: number;
  /** @default 1 */
  readonly calibration?: number;
  /** @default false */
  readonly force?: boolean;
  /** As `runCompression`'s. @default false */
  readonly resummarize?: boolean;
  /**
   * The `readOriginalsUpTo` of the summarizer the run would use (the dry run
   * stands the extractive summarizer in for its output, not for its input).
   * @default 0 (an LLM summarizer's: incremental summaries)
   */
  readonly readOriginalsUpTo?: number;
}

/** One strategy pass of a dry run. */
export interface PlannedPass {
  readonly strategy: StrategyName;
  /** The plan, made for the working messages as the earlier passes left them. */
  readonly plan: CompressionPlan;
  /** Would it apply (`applied`) or fail (`failed`: a stand-in summary was not valid)? */
  readonly outcome: PassReport['outcome'];
  readonly tokensBefore: number;
  readonly tokensAfter: number;
  readonly messagesBefore: number;
  readonly messagesAfter: number;
}

export interface CompressionDryRun {
  readonly trigger: TriggerCheck;
  readonly passes: readonly PlannedPass[];
  readonly stopReason: CompressionStopReason;
  /** Working-message tokens (counter, uncalibrated) now and after the planned passes. */
  readonly tokensBefore: number;
  readonly tokensAfter: number;
  readonly messagesBefore: number;
  readonly messagesAfter: number;
  /** The working messages the planned passes would produce. */
  readonly working: readonly Message[];
}

/**
 * A dry run of `runCompression`: the same walk, stopping rules and last resort,
 * without calling any LLM and without changing anything. LLM summaries are
 * stood in for by the extractive summarizer's output, so the token deltas are
 * realistic (a real summary is usually shorter). No events are emitted and the
 * input state is left as it is.
 */
export async function planCompression({
  state,
  config,
  counter,
  generateId = randomId,
  signal,
  planHint,
  fixedTokens = 0,
  calibration = 1,
  force = false,
  resummarize = false,
  readOriginalsUpTo = 0,
}: PlanCompressionOptions): Promise<CompressionDryRun> {
  const result = await compressionLoop({
    state,
    config,
    counter,
    summarizer: createExtractiveSummarizer(),
    fallback: undefined,
    clock: { now: () => 0 },
    generateId,
    timeoutSignal: undefined,
    signal,
    planHint,
    fixedTokens,
    calibration,
    force,
    resummarize,
    readOriginalsUpTo,
    emit: undefined,
  });
  return {
    trigger: result.trigger,
    passes: result.passes.map(({ plan, report }) => ({
      strategy: report.strategy,
      plan,
      outcome: report.outcome,
      tokensBefore: report.tokensBefore,
      tokensAfter: report.tokensAfter,
      messagesBefore: report.messagesBefore,
      messagesAfter: report.messagesAfter,
    })),
    stopReason: result.stopReason,
    tokensBefore: counter.countMessages(state.working),
    tokensAfter: counter.countMessages(result.state.working),
    messagesBefore: state.working.length,
    messagesAfter: result.state.working.length,
    working: result.state.working,
  };
}
