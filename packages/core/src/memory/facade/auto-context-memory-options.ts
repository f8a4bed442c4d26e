import type { Clock, IdGenerator } from '../../vocabulary/clock/clock';
import type { AutoContextConfigInput } from '../../vocabulary/config/config';
import type { CompressionListenerEvent } from '../../engine/loop/compression-listener-event';
import type { ToolPairingMode } from '../../state/context-state/assert-tool-pairing';
import type { TokenCounter } from '../../state/token/token-counter';
import type { Summarizer } from '../../summary/summarizer/summarizer';
import type { SessionStore } from '../store/session-store';
import type { PlanProvider } from './plan-provider';

/**
 * The options of a memory (`createAutoContextMemory`, `new AutoContextMemory`):
 * its session, its config and the objects it runs with. Every one is optional.
 */
export interface AutoContextMemoryOptions {
  /**
   * The session this memory holds. A non-empty string of at most 512
   * characters without NUL or lone surrogates (what every store accepts).
   * Offload ids are scoped to it (see `getSessionTag`).
   * @default randomId() (a fresh random session)
   */
  readonly sessionId?: string;
  /**
   * Compression options; validated and defaulted once, at construction
   * (`resolveConfig`).
   * @default {} (every option at its reference default)
   */
  readonly config?: AutoContextConfigInput;
  /**
   * Writes the LLM summaries. The default needs no model, so everything works
   * offline; pass one built on your chat model for real summaries.
   * @default createExtractiveSummarizer()
   */
  readonly summarizer?: Summarizer;
  /**
   * Counts tokens for the trigger and the budget.
   * @default createTiktokenTokenCounter() (o200k_base, loaded on first count)
   */
  readonly counter?: TokenCounter;
  /**
   * Stamps compression events and measures summarizer durations.
   * @default systemClock
   */
  readonly clock?: Clock;
  /**
   * The random part of every id the memory makes (offload entries, messages
   * it writes); each id is `${sessionTag}_${generateId()}`. Must be
   * unguessable in production.
   * @default randomId (128 random bits)
   */
  readonly generateId?: IdGenerator;
  /**
   * Makes the signal that bounds one compression pass's summaries to
   * `config.summarizerTimeoutMs`.
   * @default timeoutSignal (a real timer that keeps the process alive while a pass is pending, cleared when it settles)
   */
  readonly timeoutSignal?: (ms: number) => AbortSignal;
  /**
   * Where `save()` and `load()` persist the state (compare-and-set on the
   * revision). Without it, use `saveState()` / `loadState()`.
   * @default undefined
   */
  readonly store?: SessionStore;
  /**
   * Receives `compaction-start` / `compaction-end` notices and every
   * compression event as it is recorded. A listener that throws is ignored.
   * @default undefined
   */
  readonly onEvent?: (event: CompressionListenerEvent) => void;
  /**
   * Source of the active plan; its hint goes into every summary request. Can
   * be changed later with `attachPlanNotebook`.
   * @default undefined
   */
  readonly planNotebook?: PlanProvider;
}

/** Options of `addMessages`. */
export interface AddMessagesOptions {
  /**
   * Broken tool pairing in the batch: `'reject'` (throw an
   * `InvalidMessageError` naming the message and the call id) or `'drop'`
   * (drop the results, calls and parts that cannot be paired; deterministic,
   * never emits an orphan; see `repairToolPairing`).
   * @default 'reject'
   */
  readonly toolPairing?: ToolPairingMode;
}

/** Options of one `compressIfNeeded` call. */
export interface CompressIfNeededOptions {
  /**
   * Aborts the call: the pass in flight is not applied (an error event is
   * recorded); passes already applied stay.
   * @default undefined
   */
  readonly signal?: AbortSignal;
  /**
   * Tokens sent besides the messages (system prompt, tool schemas), counted
   * toward the trigger and the budget: `memory.countFixedTokens(...)`.
   * @default 0
   */
  readonly fixedTokens?: number;
  /**
   * Provider-reported input tokens divided by our estimate.
   * @default the ratio last given to `setCalibration`, else 1
   */
  readonly calibration?: number;
  /**
   * Compress even below the trigger (e.g. to retry after a provider's
   * context-overflow error).
   * @default false
   */
  readonly force?: boolean;
  /**
   * Write the working summaries of this call from the original messages
   * behind the earlier ones, instead of from their text (a re-summary of
   * everything, once per call: the history's rollup and the current round's
   * fold each read their originals at most once). Without it, summaries are
   * incremental: each reads the earlier summary's text and what is new since,
   * so each original reaches the summarizer about once over a session. With
   * `force: true`, the working summary is written again now even when
   * nothing new came since it.
   * @default false
   */
  readonly resummarize?: boolean;
}

/** Options of `saveWithRetry`. */
export interface SaveWithRetryOptions {
  /**
   * Saves tried in all (the first included) before the last
   * `StoreConflictError` is thrown.
   * @default 10
   */
  readonly maxAttempts?: number;
  /**
   * Runs after each reload and re-apply, before the next save: e.g.
   * `() => memory.compressIfNeeded()` so the retried state is compressed like
   * the first one.
   * @default undefined
   */
  readonly beforeRetry?: (context: {
    /** The attempt about to be made (2 for the first retry). */
    readonly attempt: number;
  }) => unknown;
}

/** What `saveWithRetry` did. */
export interface SaveWithRetryResult {
  /** Whether the store was written (`false`: nothing had changed). */
  readonly saved: boolean;
  /** Conflicts met (each followed by a reload and re-apply). */
  readonly conflicts: number;
}

/** Options of `previewCompression`. */
export type PreviewCompressionOptions = Omit<
  CompressIfNeededOptions,
  'signal'
> & {
  /**
   * Aborts the dry run.
   * @default undefined
   */
  readonly signal?: AbortSignal;
};
