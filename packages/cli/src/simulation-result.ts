import type { AutoContextConfig, StrategyName } from '@acm/core';

/** A count out of a total; `share` is `part / total`, `null` when the total is 0. */
export interface Share {
  readonly part: number;
  readonly total: number;
  readonly share: number | null;
}

/** The figures of one turn: the model call before one assistant message. */
export interface TurnRecord {
  /** Index of the assistant message in the conversation (0-based). */
  readonly index: number;
  /** Every message so far, uncompressed: what the model would see without ACM. */
  readonly rawMessages: number;
  readonly rawTokens: number;
  /** The working messages after `compressIfNeeded`: what the model was given. */
  readonly managedMessages: number;
  readonly managedTokens: number;
  /** `managedTokens ≤ config.maxToken`. */
  readonly withinBudget: boolean;
  /** Whether the prompt starts with the previous turn's prompt; `null` on the first turn. */
  readonly prefixReused: boolean | null;
  /** Identifiers the turn uses that appeared earlier, and how many of those the context still shows. */
  readonly identifiersEarlier: number;
  readonly identifiersRetained: number;
  /** Wall-clock milliseconds of this turn's `compressIfNeeded`. */
  readonly compressMs: number;
  /** Strategies that applied an edit before this turn. */
  readonly strategies: readonly StrategyName[];
}

/** One compression event of a replay, placed on its turn. */
export interface EventRecord {
  /** Ordinal of the turn (0-based) before which it happened. */
  readonly turn: number;
  readonly strategy: StrategyName;
  /** `applied` edit or `failed` pass. */
  readonly outcome: 'applied' | 'failed';
  /** Working messages the edit replaced. */
  readonly messageCount: number;
  readonly tokensBefore: number;
  readonly tokensAfter: number;
  readonly offloadCount: number;
  /** The error message of a failed pass. */
  readonly error?: string;
}

/** Per-strategy totals. */
export interface StrategyFigures {
  /** Passes applied / failed (or aborted). */
  readonly passes: number;
  readonly failedPasses: number;
  /** Current-round passes deferred as not worth a cache rewrite (`minCurrentRoundSavingsRatio`). */
  readonly deferredPasses: number;
  /** Edits applied. */
  readonly events: number;
  /** Σ (tokensBefore − tokensAfter) of its edits. */
  readonly tokensSaved: number;
  readonly summarizerCalls: number;
}

/** The figures of one conversation, or of all of them (`aggregate`). */
export interface SimulationFigures {
  readonly conversations: number;
  readonly turns: number;
  readonly peakRawTokens: number;
  readonly peakManagedTokens: number;
  readonly cumulativeRawTokens: number;
  readonly cumulativeManagedTokens: number;
  /** `1 − cumulativeManaged / cumulativeRaw` (`null` without turns). */
  readonly cumulativeSavings: number | null;
  /** Turns whose managed tokens are ≤ `maxToken`. */
  readonly withinBudget: Share;
  /** Turns (after the first of each conversation) whose prompt starts with the previous one. */
  readonly prefixReuse: Share;
  /** Identifiers used by assistant turns that appeared earlier: the ones still in the managed context. */
  readonly identifierRetention: Share;
  /** Offload ids reachable from the final working messages: the ones that reload byte-exact. */
  readonly reloadExactness: Share;
  /** Contract violations found by `checkStateContract` after each turn's compression. */
  readonly contractViolations: number;
  readonly compressionCalls: number;
  readonly passes: number;
  readonly events: number;
  readonly strategies: Readonly<Partial<Record<StrategyName, StrategyFigures>>>;
  /** Median and 95th percentile of the per-turn `compressIfNeeded` time, milliseconds. */
  readonly compressMsMedian: number;
  readonly compressMsP95: number;
  /** What the summarizer reported. */
  readonly summarizerInputTokens: number;
  readonly summarizerOutputTokens: number;
}

/** The replay of one conversation. */
export interface ConversationResult {
  readonly id: string;
  readonly messageCount: number;
  readonly figures: SimulationFigures;
  readonly turns: readonly TurnRecord[];
  readonly events: readonly EventRecord[];
  /** The first contract violations found (at most 20), as text. */
  readonly contractViolationSamples: readonly string[];
  /** Why some reloads were not exact (at most 20). */
  readonly reloadFailures: readonly string[];
  /** Identifiers found missing (at most 20), as `turn index: identifier`. */
  readonly missingIdentifiers: readonly string[];
}

/** What `simulate` returns and `acm simulate --out` writes. */
export interface SimulationResult {
  /** The format of this object. */
  readonly format: 'acm-simulation@1';
  /** Where the conversations came from (a file name), when known. */
  readonly input: string | null;
  readonly counter: string;
  readonly summarizer: string;
  readonly config: AutoContextConfig;
  readonly conversations: readonly ConversationResult[];
  readonly aggregate: SimulationFigures;
}
