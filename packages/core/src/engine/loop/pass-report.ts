import type { SummarizerFailureReason } from '../../vocabulary/error/summarizer-error';
import type { StrategyName } from '../../vocabulary/message/acm-marker';

/** One strategy pass of a compression call: a plan that was applied or failed. */
export interface PassReport {
  readonly strategy: StrategyName;
  /**
   * - `applied`: the plan's edits are in the new state (edits whose replacement
   *   would not shrink the working messages are dropped first);
   * - `failed`: a summary failed (no fallback, or the fallback failed too); nothing was applied;
   * - `aborted`: the caller's signal aborted during the pass; nothing was applied;
   * - `deferred`: a current-round plan expected to save less than
   *   `maxToken × minCurrentRoundSavingsRatio` while under the hard budget; not
   *   worth rewriting cached messages yet, so nothing was run or applied;
   * - `unproductive`: the summaries came back, but no edit's replacement was
   *   smaller than its span (or, under message-count pressure, had fewer
   *   messages); nothing was applied.
   */
  readonly outcome:
    'applied' | 'failed' | 'aborted' | 'deferred' | 'unproductive';
  /** Edits in the plan. */
  readonly editCount: number;
  /** LLM summary tasks in the plan. */
  readonly taskCount: number;
  /** Summarizer requests made (a split span makes several), fallback included. */
  readonly summarizerCalls: number;
  /** Whether the extractive fallback produced at least one summary. */
  readonly fallbackUsed: boolean;
  /** Working-message tokens (counter, uncalibrated) before and after the pass. */
  readonly tokensBefore: number;
  readonly tokensAfter: number;
  readonly messagesBefore: number;
  readonly messagesAfter: number;
  /** From the injected clock. */
  readonly durationMs: number;
  /** Why the summary failed, when one did (also when the fallback replaced it). */
  readonly failure?: {
    readonly reason: SummarizerFailureReason;
    readonly message: string;
  };
}
