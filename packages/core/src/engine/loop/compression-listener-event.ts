import type { CompressionEvent } from '../../vocabulary/event/compression-event';
import type { TriggerCheck } from '../trigger/check-trigger';

/** Why a `runCompression` call stopped. */
export type CompressionStopReason =
  /** Neither limit was reached and the call was not forced: nothing ran. */
  | 'not-triggered'
  /** Every limit that fired is below its low-water mark. */
  | 'under-target'
  /**
   * `auto` mode: the no-LLM strategies brought the working tokens to
   * `compactRatioThreshold` of the start or less, below the trigger, so the LLM
   * strategies were not needed.
   */
  | 'compacted'
  /** The strategies ran out: none (left) applies, or the current-round gate stopped the walk. */
  | 'nothing-applies'
  /** The caller's signal aborted. */
  | 'aborted';

/** Emitted once when a triggered (or forced) compression starts. */
export interface CompactionStartEvent {
  readonly type: 'compaction-start';
  /** Epoch milliseconds, from the injected clock. */
  readonly at: number;
  /** The trigger check that started it. */
  readonly trigger: TriggerCheck;
  readonly force: boolean;
}

/**
 * Present when a compression ends with the prompt over `maxToken` (the budget
 * is a guarantee otherwise). `excused` is true when the protected set alone
 * (system messages, pinned and never-compress messages, the in-flight
 * exchange, plus `fixedTokens`) exceeds `maxToken`: nothing ACM may touch was
 * left to shrink. `false` means the strategies could not reach the budget
 * (e.g. the last resort is switched off).
 */
export interface OverBudget {
  readonly maxToken: number;
  /** The prompt's tokens at the end (calibrated, with `fixedTokens`). */
  readonly tokens: number;
  /** The protected set's tokens (calibrated, with `fixedTokens`). */
  readonly protectedTokens: number;
  readonly excused: boolean;
}

/** Emitted once when a started compression ends, however it ends. */
export interface CompactionEndEvent {
  readonly type: 'compaction-end';
  /** Epoch milliseconds, from the injected clock. */
  readonly at: number;
  /** Whether any edit was applied. */
  readonly applied: boolean;
  readonly stopReason: CompressionStopReason;
  /** Passes attempted (applied or failed). */
  readonly passCount: number;
  /** Working-message tokens (counter, uncalibrated) before and after. */
  readonly tokensBefore: number;
  readonly tokensAfter: number;
  readonly messagesBefore: number;
  readonly messagesAfter: number;
  /** Set when the prompt is still over `maxToken`, with why. */
  readonly overBudget?: OverBudget;
}

/**
 * What `runCompression` reports to its `onEvent` listener: lifecycle notices
 * around a compression, and every compression event as it is recorded.
 */
export type CompressionListenerEvent =
  CompactionStartEvent | CompressionEvent | CompactionEndEvent;
