import type { AutoContextConfig, LlmStrategyName } from '../config/config';
import type { IdGenerator } from '../clock/clock';
import type { ConversationStructure } from '../conversation/analyze-conversation';
import type { MessageRange } from '../event/compression-event';
import type { Message, StrategyName } from '../message';
import type { TokenCounter } from '../token/token-counter';

/**
 * One LLM summary a plan needs. The engine renders it into a `SummaryRequest`
 * (via `summarizeSpan`), runs all tasks of a plan in parallel, validates the
 * results and hands the texts to `PlannedEdit.build`.
 */
export interface SummaryTask {
  /** Unique within its plan; `PlannedEdit.build` receives the summaries by this key. */
  readonly key: string;
  readonly strategy: LlmStrategyName;
  /** The span to summarize (plan-tool messages already filtered out pairwise). */
  readonly messages: readonly Message[];
  /** The strategy's resolved prompt. */
  readonly instructions: string;
  /** Character target (current-round compression). */
  readonly targetChars?: number;
}

/**
 * Replace `working[range.start, range.end)` by the messages `build` returns.
 * Edits are data plus one pure function: nothing happens until the engine
 * applies the whole plan at once.
 */
export interface PlannedEdit {
  /** Half-open range in the working array the plan was made for. */
  readonly range: MessageRange;
  /** New offload entries this edit creates (id → the exact original messages). */
  readonly offloads: Readonly<Record<string, readonly Message[]>>;
  /** Keys of the summary tasks this edit needs (empty for no-LLM edits). */
  readonly taskKeys: readonly string[];
  /** Builds the replacement from the validated summaries, keyed by task key. Pure. */
  readonly build: (
    summaries: Readonly<Record<string, string>>,
  ) => readonly Message[];
}

/** What one strategy wants to do in one pass. */
export interface CompressionPlan {
  readonly strategy: StrategyName;
  /** Sorted by range, non-overlapping. */
  readonly edits: readonly PlannedEdit[];
  readonly tasks: readonly SummaryTask[];
  /** Candidates looked at and left alone, with why (e.g. below minCompressionTokenThreshold). */
  readonly skipped: readonly {
    readonly range: MessageRange;
    readonly reason: string;
  }[];
}

/** Which limits the trigger check found reached. */
export interface CompressionPressure {
  readonly messageCount: boolean;
  readonly tokens: boolean;
}

/** Everything a strategy may look at. Strategies are pure functions of it. */
export interface StrategyContext {
  readonly messages: readonly Message[];
  /** `analyzeConversation(messages)`, computed once per pass. */
  readonly structure: ConversationStructure;
  readonly config: AutoContextConfig;
  readonly counter: TokenCounter;
  /** Ids for new messages and offload entries (unguessable in production). */
  readonly generateId: IdGenerator;
  readonly pressure: CompressionPressure;
  /** The rendered plan hint, when a plan is attached. */
  readonly planHint?: string;
  /**
   * Whether the message at `index` must be kept verbatim: pinned messages,
   * results of never-compress tools and their calls, and the in-flight exchange.
   */
  readonly isProtected: (index: number) => boolean;
  /**
   * The messages stored behind an offload id of the state, or `undefined`.
   * Folding strategies use it to point a new summary's entry at the original
   * messages directly (flat folds: every original ≤ 2 reloads away).
   */
  readonly lookupOffload: (offloadId: string) => readonly Message[] | undefined;
  /**
   * Tokens the working messages may take (as the counter counts them) for the
   * prompt to fit `maxToken`: `(maxToken − fixedTokens) / calibration`.
   */
  readonly messageBudget: number;
}

/** A strategy: a pure planner that returns a plan, or `undefined` when it has nothing to do. */
export type Strategy = (
  context: StrategyContext,
) => CompressionPlan | undefined;
