import type { StrategyName } from '../message/acm-marker';

/** A half-open range `[start, end)` of working-message indices, as they were before the edit. */
export interface MessageRange {
  readonly start: number;
  readonly end: number;
}

/** Cost of the summarizer calls behind one event. */
export interface SummarizerCost {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly durationMs: number;
}

interface CompressionEventBase {
  readonly strategy: StrategyName;
  /** Epoch milliseconds, from the injected clock. */
  readonly at: number;
  readonly range: MessageRange;
}

/** One applied edit (DESIGN §3.8): the same schema for every strategy. */
export interface CompressionAppliedEvent extends CompressionEventBase {
  readonly type: 'compression';
  /** Working messages the edit replaced. */
  readonly messageCount: number;
  readonly tokensBefore: number;
  readonly tokensAfter: number;
  readonly offloadIds: readonly string[];
  readonly summarizer?: SummarizerCost;
  readonly previousMessageId: string | null;
  readonly nextMessageId: string | null;
  readonly replacementIds: readonly string[];
}

/** A pass that failed and was not applied; the state is as it was. */
export interface CompressionFailedEvent extends CompressionEventBase {
  readonly type: 'compression-error';
  readonly error: {
    readonly code: string;
    readonly reason?: string;
    readonly message: string;
  };
  /** Whether a fallback (the extractive summarizer) produced the summary instead. */
  readonly fallbackUsed: boolean;
}

export type CompressionEvent = CompressionAppliedEvent | CompressionFailedEvent;
