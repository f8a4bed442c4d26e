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
  /** Probes the turn uses that an earlier tool result or call offered, and how many of those the context still shows. */
  readonly identifiersEarlier: number;
  readonly identifiersRetained: number;
  /** Of the retained ones, those still visible without the identifier lists of ACM-written text. */
  readonly identifiersRetainedWithoutLists: number;
  /** Whether the prompt holds a message ACM wrote (a stub, summary or fold). */
  readonly compressed: boolean;
  /** Ground-truth action arguments (tau `expected_actions`) already mentioned, and how many the context shows. */
  readonly groundTruthEarlier: number;
  readonly groundTruthVisible: number;
  readonly groundTruthVisibleWithoutLists: number;
  /** Tokens of identifier-list lines in ACM-written messages of the prompt. */
  readonly listTokens: number;
  /**
   * Whether the task (the first user message) is in the prompt verbatim;
   * `null` before it exists or when it is over 25 % of `maxToken`.
   */
  readonly taskVisible: boolean | null;
  /**
   * Most sequential `context_reload` calls needed to reach an original from
   * this turn's prompt (`null` on uncompressed turns, where it is 0).
   */
  readonly reloadDepthMax: number | null;
  /** Tokens of the protected set (system, pinned, in-flight exchange). */
  readonly protectedTokens: number;
  /** Over `maxToken` while the protected set alone is within it: a contract violation. */
  readonly unexcusedOverBudget: boolean;
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
  /**
   * Probes (independent of core's ledger extractor) used by assistant turns
   * that an earlier tool result or tool-call input offered: the ones still in
   * the managed context, counting everything ACM wrote.
   */
  readonly identifierRetention: Share;
  /** The same with the identifier lists (ledgers) of ACM-written messages removed. */
  readonly identifierRetentionWithoutLists: Share;
  /** Turns whose prompt holds a message ACM wrote. */
  readonly compressedTurns: number;
  /** Ground-truth action arguments already mentioned, on compressed turns: the ones visible. */
  readonly groundTruthVisibility: Share;
  /** The same with identifier lists removed. */
  readonly groundTruthVisibilityWithoutLists: Share;
  /** Identifier-list tokens out of all managed tokens, summed over turns. */
  readonly listTokenShare: Share;
  /**
   * Compressed turns where the task (first user message) is ≤ 25 % of
   * `maxToken`: the ones whose prompt shows it verbatim (an uncompressed
   * prompt always does).
   */
  readonly taskVisibility: Share;
  /** Turns over `maxToken` not excused by the protected set (counted in `contractViolations`). */
  readonly budgetViolations: number;
  /** Largest managed ÷ `maxToken` among those turns (`null` without any). */
  readonly worstBudgetRatio: number | null;
  /** Reload depth of every original message in the final state. */
  readonly reloadDepth: ReloadDepthFigures;
  /** Offload ids reachable from the final working messages: the ones that reload byte-exact. */
  readonly reloadExactness: Share;
  /**
   * Contract violations: those `checkStateContract` finds after each turn's
   * compression plus `budgetViolations`.
   */
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

/** Sequential `context_reload` calls needed to reach each original message from the final prompt. */
export interface ReloadDepthFigures {
  /** `histogram[d]`: originals first reached after `d` reloads (0: in the prompt unchanged). */
  readonly histogram: readonly number[];
  readonly max: number;
  /** 95th percentile (nearest rank) over the reachable originals. */
  readonly p95: number;
  /** Originals 3 or more reloads away. */
  readonly atLeast3: Share;
  /** Originals no chain of reloads reaches. */
  readonly unreachable: number;
  /** The largest depth of any original at any compressed turn (not only the final state). */
  readonly maxOverTurns: number;
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
