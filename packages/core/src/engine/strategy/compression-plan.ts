import type {
  AutoContextConfig,
  LlmStrategyName,
} from '../../vocabulary/config/config';
import type { IdGenerator } from '../../vocabulary/clock/clock';
import type { ConversationStructure } from '../../state/conversation/analyze-conversation';
import type { MessageRange } from '../../vocabulary/event/compression-event';
import type {
  IdentifierLedger,
  Message,
  StrategyName,
} from '../../vocabulary/message';
import type { TokenCounter } from '../../state/token/token-counter';

/**
 * One LLM summary a plan needs. The engine renders it into a `SummaryRequest`
 * (via `summarizeSpan`), runs all tasks of a plan in parallel, validates the
 * results and places the texts where the edits' `placements` say.
 */
export interface SummaryTask {
  /** Unique within its plan; placements name the summary they take by this key. */
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
 * Where one summary goes in an edit's replacement, and what is rendered with
 * it: the part's text (or a tool-result part's output) becomes
 * `composeSummaryText({ summary, note, ledger, offloadId })`.
 */
export interface SummaryPlacement {
  /** Index of the message in `PlannedEdit.replacement`. */
  readonly message: number;
  /** Index of the part in that message: a `text` part or a `tool-result` part. */
  readonly part: number;
  /** The summary task whose text is placed. */
  readonly taskKey: string;
  /** A one-line note after the summary (e.g. the plan tools a span used). */
  readonly note?: string;
  /** Facts of the span, rendered after the summary. */
  readonly ledger: IdentifierLedger;
  /** Reload id of the originals (the tag that ends the text). */
  readonly offloadId: string;
  /**
   * The summary's character target, when it was sized to the room: the
   * ledger then gets at most what the summary left of it (capped at
   * `LEDGER_MAX_CHARS`).
   */
  readonly targetChars?: number;
}

/**
 * Replace `working[range.start, range.end)` by `replacement`, with the
 * summaries placed as `placements` say. Edits are plain data: nothing happens
 * until the engine renders them (`renderReplacement`, once per edit) and
 * applies the whole plan at once.
 */
export interface PlannedEdit {
  /** Half-open range in the working array the plan was made for. */
  readonly range: MessageRange;
  /** New offload entries this edit creates (id → the exact original messages). */
  readonly offloads: Readonly<Record<string, readonly Message[]>>;
  /** Keys of the summary tasks this edit needs (empty for no-LLM edits). */
  readonly taskKeys: readonly string[];
  /**
   * The messages that replace the range. In an LLM edit, the parts named by
   * `placements` hold empty placeholders until the summaries are placed.
   */
  readonly replacement: readonly Message[];
  /** Where the summaries go (absent or empty for no-LLM edits). */
  readonly placements?: readonly SummaryPlacement[];
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
  /**
   * Whether new working summaries are written from the originals behind
   * every earlier summary instead of from its text (an explicit re-summary
   * of everything: `compressIfNeeded({ resummarize: true })`). Absent or
   * `false`: summaries are incremental (`collectSummaryInput`).
   */
  readonly resummarize?: boolean;
  /**
   * Characters of transcript up to which a new working summary reads the
   * originals behind an earlier summary instead of its text: the
   * summarizer's `readOriginalsUpTo` (the extractive summarizer's; 0, absent,
   * for an LLM summarizer: incremental).
   */
  readonly readOriginalsUpTo?: number;
}

/** A strategy: a pure planner that returns a plan, or `undefined` when it has nothing to do. */
export type Strategy = (
  context: StrategyContext,
) => CompressionPlan | undefined;
