import type { CompressionEvent } from '../../vocabulary/event/compression-event';
import type { Message } from '../../vocabulary/message/message';
import type { ContextState } from '../../state/context-state/context-state';

/** The `format` tag of the first record of a session log. */
export const SESSION_LOG_FORMAT = 'acm.session-log';

/** The schema version of session logs this version of `@acm/core` writes and reads. */
export const SESSION_LOG_SCHEMA_VERSION = 2;

/**
 * A message as a log record holds it: a number is the index of the same
 * message in the state's `original` list (written once, there), an object is
 * the message itself (summaries, stubs: messages that are not original).
 */
export type SessionLogEntry = number | Message;

/**
 * The first record of a session log, and the only one after a compaction:
 * the whole state.
 */
export interface SessionLogFullRecord {
  readonly format: typeof SESSION_LOG_FORMAT;
  readonly schemaVersion: typeof SESSION_LOG_SCHEMA_VERSION;
  readonly sessionId: string;
  /**
   * Random token of this log's lineage, new with every full record: a store
   * appends a delta only when the stored epoch is the one the delta was
   * planned against (a session deleted and re-created up to the same
   * revision is another lineage).
   */
  readonly epoch: string;
  readonly revision: number;
  readonly full: true;
  readonly original: readonly Message[];
  readonly working: readonly SessionLogEntry[];
  readonly offloads: Readonly<Record<string, readonly SessionLogEntry[]>>;
  readonly events: readonly CompressionEvent[];
}

/**
 * A change appended to the log. Absent fields change nothing.
 */
export interface SessionLogDeltaRecord {
  readonly revision: number;
  /** Messages appended to `original`. */
  readonly original?: readonly Message[];
  /** How many working messages are kept before `working` is appended (default: all). */
  readonly keep?: number;
  /** Entries appended to the working messages (after `keep`). */
  readonly working?: readonly SessionLogEntry[];
  /** Offload entries added (or replaced), by id. */
  readonly offloads?: Readonly<Record<string, readonly SessionLogEntry[]>>;
  /** Offload ids removed. */
  readonly removed?: readonly string[];
  /** Events appended. */
  readonly events?: readonly CompressionEvent[];
}

export type SessionLogRecord = SessionLogFullRecord | SessionLogDeltaRecord;

/**
 * What a store knows about a session log it read or wrote last (kept in
 * memory per session, see `createSessionLogCache`): enough to plan the next
 * write as a delta.
 */
export interface SessionLogCursor {
  readonly sessionId: string;
  readonly epoch: string;
  /** The revision of `state`: the stored revision when the cursor is current. */
  readonly revision: number;
  /** The state the log holds (message objects shared with the caller's state). */
  readonly state: ContextState;
  /** Hints: message object → its index in `original` (checked by identity before use). */
  readonly originalIndex: WeakMap<Message, number>;
  /** Characters of every record in the log. */
  readonly logChars: number;
  /** Characters of entries later records dropped or replaced (garbage a compaction frees). */
  readonly deadChars: number;
  /**
   * The log cannot take a delta: it was read in the format before session
   * logs (migrated by the next write) or ends in a torn record.
   */
  readonly needsFullWrite: boolean;
  /** Store-specific facts (e.g. the file's size and inode). */
  readonly storeData?: unknown;
}

/**
 * Compaction policy: a write becomes a full record when the log's garbage
 * exceeds both this many characters and half the log.
 */
export const SESSION_LOG_COMPACTION_MIN_DEAD_CHARS = 64 * 1024;

/** JSON text length of one entry as a record holds it (plus its separator). */
export function entryChars(entry: SessionLogEntry): number {
  return (
    (typeof entry === 'number'
      ? String(entry).length
      : JSON.stringify(entry).length) + 1
  );
}

/** JSON text length of a list of entries. */
export function entriesChars(entries: readonly SessionLogEntry[]): number {
  let chars = 2;
  for (const entry of entries) chars += entryChars(entry);
  return chars;
}
