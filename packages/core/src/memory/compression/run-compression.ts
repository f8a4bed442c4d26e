import type { Clock, IdGenerator } from '../../vocabulary/clock/clock';
import type { AutoContextConfig } from '../../vocabulary/config/config';
import type { CompressionEvent } from '../../vocabulary/event/compression-event';
import { randomId } from '../../runtime/random-id';
import { systemClock } from '../../runtime/system-clock';
import { timeoutSignal as defaultTimeoutSignal } from '../../runtime/timeout-signal';
import type { ContextState } from '../../state/context-state/context-state';
import { createExtractiveSummarizer } from '../../summary/summarizer';
import type { Summarizer } from '../../summary/summarizer/summarizer';
import type { TriggerCheck } from '../../engine/trigger/check-trigger';
import type { TokenCounter } from '../../state/token/token-counter';
import { compressionLoop } from '../../engine/loop/compression-loop';
import type {
  CompressionListenerEvent,
  CompressionStopReason,
  OverBudget,
} from '../../engine/loop/compression-listener-event';
import type { PassReport } from '../../engine/loop/pass-report';

export interface RunCompressionOptions {
  /** The state to compress. Never mutated; the result holds the new state. */
  readonly state: ContextState;
  /** Resolved configuration (`resolveConfig`). */
  readonly config: AutoContextConfig;
  readonly counter: TokenCounter;
  /** Writes the LLM summaries. Not called in `compact` mode. */
  readonly summarizer: Summarizer;
  /**
   * Stamps events and measures durations.
   * @default systemClock
   */
  readonly clock?: Clock;
  /**
   * Ids of new messages and offload entries; must be unguessable in production.
   * @default randomId (128 random bits)
   */
  readonly generateId?: IdGenerator;
  /**
   * Makes the signal that bounds one pass's summaries to
   * `config.summarizerTimeoutMs`. Called once per pass that needs the LLM.
   * @default timeoutSignal (a real timer, cleared when the pass settles)
   */
  readonly timeoutSignal?: (ms: number) => AbortSignal;
  /**
   * The caller's abort signal: an abort stops the call at once. The pass in
   * flight is not applied (an error event with reason `aborted` is recorded);
   * passes already applied stay applied.
   * @default undefined
   */
  readonly signal?: AbortSignal;
  /**
   * The rendered active plan (`renderPlanHint`): given to every strategy and
   * every summary request.
   * @default undefined
   */
  readonly planHint?: string;
  /**
   * Tokens sent besides the messages (system prompt, tool schemas), counted
   * toward the trigger and the budget.
   * @default 0
   */
  readonly fixedTokens?: number;
  /**
   * Provider-reported input tokens divided by our estimate for the same prompt.
   * @default 1
   */
  readonly calibration?: number;
  /**
   * Compress even when no limit is reached: the call then acts as under token
   * pressure and applies at least one pass before checking the low-water mark
   * (for a provider-overflow retry).
   * @default false
   */
  readonly force?: boolean;
  /**
   * Write this call's working summaries from all the originals behind the
   * earlier ones instead of from their text (a re-summary of everything; the
   * rollup and the current round's fold each at most once per call). Without
   * it, summaries are incremental (each original reaches the summarizer
   * about once over a session).
   * @default false
   */
  readonly resummarize?: boolean;
  /**
   * Receives `compaction-start` / `compaction-end` notices and every
   * compression event as it is recorded. A listener that throws is ignored: it
   * cannot break a compression.
   * @default undefined
   */
  readonly onEvent?: (event: CompressionListenerEvent) => void;
}

export interface CompressionResult {
  /** The new state (the input state itself when nothing was recorded). */
  readonly state: ContextState;
  /** Whether any edit was applied. */
  readonly applied: boolean;
  /** The trigger check at the start of the call. */
  readonly trigger: TriggerCheck;
  /** Every pass attempted, in order. */
  readonly passes: readonly PassReport[];
  /** The events this call recorded (applied and failed), oldest first. */
  readonly events: readonly CompressionEvent[];
  readonly stopReason: CompressionStopReason;
  /**
   * Set when the prompt is still over `maxToken` at the end: its tokens, the
   * protected set's, and whether the protected set alone exceeds the budget
   * (`excused`). Absent when the prompt fits: the budget is a guarantee.
   */
  readonly overBudget?: OverBudget;
}

/**
 * Compresses a state until it is under its low-water mark (DESIGN §3.6): checks
 * the trigger, then walks the strategies in order (filtered by the switches in
 * `config.strategies` and by `config.mode`), and for each: plans, runs the
 * plan's summaries in parallel under one signal (the caller's `signal` and a
 * `config.summarizerTimeoutMs` timeout), validates them, and applies every edit
 * at once. A failed summary fails its pass, which changes nothing but an error
 * event (unless `config.fallbackToExtractive`: the extractive summarizer then
 * stands in), and the remaining LLM strategies of the call are skipped. It
 * stops when every limit that fired is under its low-water mark (tokens <
 * `maxToken × targetRatio`; messages < `msgThreshold × targetRatio /
 * tokenRatio`), or when no strategy applies; message-count pressure alone
 * stops before the current-round strategies. When still at or over `maxToken`,
 * the deterministic `lastResort` runs (in every mode, when switched on).
 *
 * Never rejects for an expected outcome: failures and aborts are data in the
 * result. Effects only through what is injected.
 */
export async function runCompression({
  state,
  config,
  counter,
  summarizer,
  clock = systemClock,
  generateId = randomId,
  timeoutSignal = defaultTimeoutSignal,
  signal,
  planHint,
  fixedTokens = 0,
  calibration = 1,
  force = false,
  resummarize = false,
  onEvent,
}: RunCompressionOptions): Promise<CompressionResult> {
  const result = await compressionLoop({
    state,
    config,
    counter,
    summarizer,
    fallback: config.fallbackToExtractive
      ? createExtractiveSummarizer()
      : undefined,
    clock,
    generateId,
    timeoutSignal,
    signal,
    planHint,
    fixedTokens,
    calibration,
    force,
    resummarize,
    readOriginalsUpTo: summarizer.readOriginalsUpTo ?? 0,
    emit: onEvent === undefined ? undefined : isolate(onEvent),
  });
  return {
    state: result.state,
    applied: result.applied,
    trigger: result.trigger,
    passes: result.passes.map((pass) => pass.report),
    events: result.events,
    stopReason: result.stopReason,
    ...(result.overBudget === undefined
      ? {}
      : { overBudget: result.overBudget }),
  };
}

function isolate(
  listener: (event: CompressionListenerEvent) => void,
): (event: CompressionListenerEvent) => void {
  return (event) => {
    try {
      listener(event);
    } catch {
      // A listener cannot break a compression: its errors are its own.
    }
  };
}
