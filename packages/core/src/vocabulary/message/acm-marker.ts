import type { StrategyName } from '../config/strategy-descriptors';
import type { Message } from './message';

// The strategy names are defined by the strategy descriptors; re-exported here
// for the marker's `strategy` field and existing imports.
export type { StrategyName } from '../config/strategy-descriptors';
export { STRATEGY_NAMES } from '../config/strategy-descriptors';

/**
 * What ACM wrote. Every message ACM produces carries `metadata.acm` with one of
 * these kinds, and structure detection (rounds, final answers) keys on it,
 * never on the role alone (reference issue #1483).
 */
export type AcmMessageKind =
  /** A content stub whose original sits behind `offloadId`. */
  | 'offload-stub'
  /** Summary of a consumed run of tool exchanges. */
  | 'tool-run-summary'
  /** A completed round rewritten as a self-contained answer. */
  | 'round-summary'
  /** The rolling summary of old rounds (generation grows on merge). */
  | 'rollup'
  /** A large current-round message replaced by its summary, structure kept. */
  | 'current-round-summary'
  /** Current-round exchanges compressed with call/result structure kept. */
  | 'current-round-compression'
  /**
   * The consumed part of the current round (after its user message, before
   * the latest exchange) folded into one summary over the hard budget; a
   * working summary like rollups (generation grows on merge).
   */
  | 'current-round-fold'
  /**
   * The task or the latest user request, larger than its share of the budget,
   * replaced by its summary and reload id. Still a user turn: it opens its round.
   */
  | 'request-summary'
  /** The deterministic last resort: oldest rounds folded into one stub. */
  | 'last-resort'
  /** A message injected by a framework or harness (reminders, retries), not written by the user. */
  | 'injected';

/** Facts ACM keeps next to a summary so that they survive the prose. */
export interface IdentifierLedger {
  readonly paths: readonly string[];
  readonly identifiers: readonly string[];
  readonly numbers: readonly string[];
  readonly errors: readonly string[];
  /**
   * The same facts grouped as they occurred together (one group per record,
   * tool result line or sentence: a reservation with its flights and dates),
   * in first-seen order. Absent in ledgers written before groups existed.
   */
  readonly groups?: readonly (readonly string[])[];
}

export interface AcmMarker {
  readonly kind: AcmMessageKind;
  readonly strategy?: StrategyName;
  /** Reload id of the content this message stands in for. */
  readonly offloadId?: string;
  /** Rollup generation: 1 for the first rollup, +1 on every merge. */
  readonly generation?: number;
  /** Ids of the working messages this one replaced. */
  readonly replaces?: readonly string[];
  readonly ledger?: IdentifierLedger;
  /**
   * A last-resort fold (written without the summarizer): the ids of the
   * originals in its offload entry that no summary accounts for (neither an
   * earlier summary it replaced nor its `basis`). The next summary reads
   * these originals, never the ones an earlier summary already stands for.
   * Absent on folds written before the list existed: all of their originals
   * count as unread.
   */
  readonly unsummarized?: readonly string[];
  /**
   * A last-resort fold: the text of the summaries it folded (rollups,
   * current-round folds, tool-run summaries; their own `basis` for earlier
   * last-resort folds). The next summary reads it, with the originals of
   * `unsummarized`, instead of the fold's extract, so what the summarizer
   * wrote survives a fold made without it.
   */
  readonly basis?: string;
}

/** The ACM marker of a message, if ACM wrote it (or it was marked as injected). */
export function getAcmMarker(message: Message): AcmMarker | undefined {
  const marker = message.metadata?.acm;
  if (marker == null || typeof marker !== 'object') return undefined;
  const kind = (marker as { kind?: unknown }).kind;
  return typeof kind === 'string' ? (marker as AcmMarker) : undefined;
}

/** Whether ACM (or an adapter, for injected reminders) wrote this message rather than the user or the model. */
export function isSyntheticMessage(message: Message): boolean {
  return getAcmMarker(message) !== undefined;
}

/** Returns a copy of `message` whose metadata carries `marker` (other metadata is kept). */
export function withAcmMarker(message: Message, marker: AcmMarker): Message {
  return { ...message, metadata: { ...message.metadata, acm: marker } };
}
