import type { StrategyName } from '../../vocabulary/message/acm-marker';

/** Token usage a summarizer reports for one call. */
export interface SummarizerUsage {
  readonly inputTokens?: number;
  readonly outputTokens?: number;
}

/** One summarization request (DESIGN §3.7). Core renders it; the summarizer only sends it. */
export interface SummaryRequest {
  /** System instructions (the strategy's prompt). */
  readonly instructions: string;
  /** The span to summarize, rendered as a plain-text transcript (one user message). */
  readonly transcript: string;
  /** Character target, for current-round compression. */
  readonly targetChars?: number;
  /** The active plan, rendered, when a plan is attached. */
  readonly planHint?: string;
  /**
   * Upper bound on the reply's tokens, derived from the target size: the
   * transcript's tokens (a longer reply is rejected anyway), or about
   * `targetChars / 3` plus a margin when a character target is set.
   * Summarizers built on a model send it as the output limit.
   */
  readonly maxOutputTokens?: number;
  /** Aborted on timeout or when the caller gives up. */
  readonly signal: AbortSignal;
  /** Which strategy asks (for logging and routing). */
  readonly strategy?: StrategyName;
}

export interface SummaryResult {
  readonly text: string;
  readonly usage?: SummarizerUsage;
}

/** An injected async function that turns a request into a summary. Core never imports a model SDK. */
export type Summarizer = ((
  request: SummaryRequest,
) => Promise<SummaryResult>) & {
  /**
   * How many characters of transcript the summarizer may be sent again: a
   * new working summary (a rollup, a current-round fold) reads the
   * originals behind an earlier summary instead of its text while their
   * transcript is at most this long. Unset (0) for a summarizer that costs
   * tokens: summaries are incremental, each original reaches it about once
   * over a session. `createExtractiveSummarizer` (no LLM, no tokens) sets it:
   * a summary made afresh keeps more than a summary of a summary.
   */
  readonly readOriginalsUpTo?: number;
};
