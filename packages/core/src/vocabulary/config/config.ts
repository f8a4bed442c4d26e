import type { LlmStrategyName, StrategyName } from './strategy-descriptors';
import { STRATEGY_NAMES } from './strategy-descriptors';

// Derived from the strategy descriptors; re-exported for existing imports.
export type { LlmStrategyName } from './strategy-descriptors';

/** Which kinds of strategy a compression pass may use (from ReMe's working-summary modes). */
export type CompressionMode =
  /** No-LLM strategies only: offloads and the deterministic last resort. */
  | 'compact'
  /** LLM strategies only (plus the deterministic last resort at the hard budget, as in every mode). */
  | 'compress'
  /** Compact first; escalate to LLM strategies while the compacted size is above `compactRatioThreshold` of the original. */
  | 'auto';

/** One optional prompt per LLM strategy, the rollup included. Blank strings fall back to the default. */
export type PromptConfig = Partial<Record<LlmStrategyName, string>>;

/** Per-tool handling. */
export interface ToolPolicies {
  /** Results of these tools are never offloaded, summarized or compressed (reference issue #1220). */
  readonly neverCompress: readonly string[];
  /** Exchanges of these tools are pinned: kept verbatim by every strategy. */
  readonly pin: readonly string[];
}

/** The resolved configuration: every option present and valid. */
export interface AutoContextConfig {
  /** Compression triggers when the working message count is ≥ this. @default 100 */
  readonly msgThreshold: number;
  /**
   * The context budget in tokens. Input: tokens, or a share of the model's
   * context window, `{ contextWindow, fraction }` (LangChain's
   * `trigger: { fraction }`): `floor(contextWindow × fraction)`.
   * @default 131072
   */
  readonly maxToken: number;
  /** Compression triggers when tokens are ≥ `maxToken × tokenRatio`. @default 0.75 */
  readonly tokenRatio: number;
  /** Number of most recent messages the protected strategies leave alone. @default 50 */
  readonly lastKeep: number;
  /** A message is large above this many characters. @default 5120 */
  readonly largePayloadThreshold: number;
  /** Characters of preview an offload stub keeps (head and tail together). @default 200 */
  readonly offloadSinglePreview: number;
  /** A tool run must be strictly longer than this to be summarized. @default 6 */
  readonly minConsecutiveToolMessages: number;
  /** Current-round compression aims at this fraction of the original characters. @default 0.3 */
  readonly currentRoundCompressionRatio: number;
  /**
   * Spans with fewer estimated tokens than this are not worth an LLM summary.
   * Input: tokens, or `{ fraction }` of `maxToken`.
   * @default min(5000, round(0.05 × maxToken)) (5000 at the default budget)
   */
  readonly minCompressionTokenThreshold: number;
  /** Completed rounds the rollup keeps in addition to the current round. @default 3 */
  readonly historyRollupKeepRecentRounds: number;
  /**
   * Tokens of recent rounds the rollup keeps: at least this many under
   * message-count pressure, at most this many under token pressure. Input:
   * tokens, or `{ fraction }` of `maxToken`.
   * @default min(8000, round(0.1 × maxToken)) (8000 at the default budget)
   */
  readonly historyRollupKeepRecentTokens: number;
  /** Prompt overrides per LLM strategy. @default {} */
  readonly customPrompt: PromptConfig;
  /** @default 'auto' */
  readonly mode: CompressionMode;
  /** In `auto` mode, escalate to LLM strategies while compacted/original is above this. @default 0.75 */
  readonly compactRatioThreshold: number;
  /** A pass compresses until tokens are below `maxToken × targetRatio` (low-water mark). @default 0.5 */
  readonly targetRatio: number;
  /** Strategy switches. @default every strategy enabled */
  readonly strategies: Readonly<Record<StrategyName, boolean>>;
  /** @default { neverCompress: [], pin: [] } */
  readonly toolPolicies: ToolPolicies;
  /**
   * Milliseconds the summaries of one compression pass may take (all its parallel calls and split groups
   * under one signal) before the pass is aborted and left unapplied. @default 60000
   */
  readonly summarizerTimeoutMs: number;
  /**
   * Input tokens one summarizer request may carry; larger spans are summarized in groups, in parallel, and
   * the groups' summaries joined. @default 32000
   */
  readonly summarizerInputTokens: number;
  /**
   * Summarizer requests one compression pass keeps in flight at most: its
   * summaries and split groups all run in parallel up to this bound
   * (docs/decisions/2026-11-26-summary-concurrency.md). @default 16
   */
  readonly summarizerConcurrency: number;
  /**
   * Tool runs `compressToolRuns` summarizes at most per pass. Unlimited by
   * default: every qualifying run goes in one pass, whose summaries run in
   * parallel (up to `summarizerConcurrency`), instead of one pass per five runs
   * one after the other (the reference's constant 5). A whole number ≥ 1 or
   * `Infinity`. @default Infinity
   */
  readonly maxToolRunsPerPass: number;
  /** Use the extractive summarizer when the LLM summarizer fails. @default false */
  readonly fallbackToExtractive: boolean;
  /**
   * Cache awareness: a current-round pass (`summarizeLargeCurrentMessages`,
   * `compressCurrentRound`) runs only when it is expected to save at least
   * `maxToken × minCurrentRoundSavingsRatio` tokens, unless the hard budget
   * (`maxToken`) is reached. Every pass rewrites messages the provider has
   * cached; small ones are deferred until enough has piled up to be worth the
   * cache rewrite (client-side `clear_at_least`). 0 disables the gate.
   * @default 0.1
   */
  readonly minCurrentRoundSavingsRatio: number;
}

/** A token amount: absolute tokens, or a fraction (0, 1] of `maxToken`. */
export type TokenAmount = number | { readonly fraction: number };

/** A budget: absolute tokens, or a fraction (0, 1] of a model's context window. */
export type TokenBudget =
  number | { readonly contextWindow: number; readonly fraction: number };

/** Options whose input may be relative (resolved to tokens by `resolveConfig`). */
type RelativeOption =
  'maxToken' | 'minCompressionTokenThreshold' | 'historyRollupKeepRecentTokens';

/** What callers pass: any subset of the options; the rest take their defaults. */
export type AutoContextConfigInput = Partial<
  Omit<
    AutoContextConfig,
    'strategies' | 'toolPolicies' | 'customPrompt' | RelativeOption
  >
> & {
  readonly maxToken?: TokenBudget;
  readonly minCompressionTokenThreshold?: TokenAmount;
  readonly historyRollupKeepRecentTokens?: TokenAmount;
  readonly strategies?: Partial<Record<StrategyName, boolean>>;
  readonly toolPolicies?: Partial<ToolPolicies>;
  readonly customPrompt?: PromptConfig;
};

/**
 * Defaults of the token thresholds that scale with the budget: a fraction of
 * `maxToken`, capped at the reference's absolute value (so the default budget
 * keeps the reference's numbers and small budgets keep every strategy alive).
 */
export const RELATIVE_THRESHOLD_DEFAULTS = {
  minCompressionTokenThreshold: { fraction: 0.05, atMost: 5000 },
  historyRollupKeepRecentTokens: { fraction: 0.1, atMost: 8000 },
} as const;

/** The reference implementation's defaults plus ours (DESIGN §3.3), at the default `maxToken`. */
export const DEFAULT_CONFIG: AutoContextConfig = {
  msgThreshold: 100,
  maxToken: 131072,
  tokenRatio: 0.75,
  lastKeep: 50,
  largePayloadThreshold: 5120,
  offloadSinglePreview: 200,
  minConsecutiveToolMessages: 6,
  currentRoundCompressionRatio: 0.3,
  minCompressionTokenThreshold: 5000,
  historyRollupKeepRecentRounds: 3,
  historyRollupKeepRecentTokens: 8000,
  customPrompt: {},
  mode: 'auto',
  compactRatioThreshold: 0.75,
  targetRatio: 0.5,
  strategies: Object.fromEntries(
    STRATEGY_NAMES.map((name) => [name, true]),
  ) as Record<StrategyName, boolean>,
  toolPolicies: { neverCompress: [], pin: [] },
  summarizerTimeoutMs: 60_000,
  summarizerInputTokens: 32_000,
  summarizerConcurrency: 16,
  maxToolRunsPerPass: Number.POSITIVE_INFINITY,
  fallbackToExtractive: false,
  minCurrentRoundSavingsRatio: 0.1,
};
