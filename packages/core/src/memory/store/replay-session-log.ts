import { InvalidStateError } from '../../vocabulary/error/invalid-state-error';
import { isRecord } from '../../vocabulary/util/is-record';
import type { CompressionEvent } from '../../vocabulary/event/compression-event';
import type { Message } from '../../vocabulary/message/message';
import type { ContextState } from '../../state/context-state/context-state';
import { readStateDocument } from '../../state/context-state/parse-state';
import {
  CONTEXT_STATE_FORMAT,
  CONTEXT_STATE_SCHEMA_VERSION,
} from '../../state/context-state/state-format';
import {
  entriesChars,
  SESSION_LOG_FORMAT,
  SESSION_LOG_SCHEMA_VERSION,
} from './session-log';
import type { SessionLogCursor, SessionLogEntry } from './session-log';

export interface ReplaySessionLogOptions {
  /** The records in log order, as JSON text. */
  readonly records: readonly string[];
  /**
   * The revision the store holds beside the log (its one source of truth),
   * when it keeps one: the log must end exactly there.
   * @default undefined (the log's last record decides)
   */
  readonly revision?: number;
  /**
   * Whether the log ended in a torn record the store left out (a writer died
   * mid-append): the next write then replaces the log.
   * @default false
   */
  readonly torn?: boolean;
  /** Store-specific facts for the cursor. */
  readonly storeData?: unknown;
}

/**
 * Rebuilds the state a session log holds (see `planSessionLogWrite`): the
 * first record is a full one, each later one a delta applied in order. The
 * result is validated like `parseState` (every message, id uniqueness, events)
 * and shares message objects where the log wrote indexes, as the saved state
 * did. Also returns the cursor for the next write.
 *
 * @throws InvalidStateError naming the record (`$log[3].working[2]`) for a
 * record that is not JSON, not of this format or schema version, or refers to
 * what does not exist; or the state path for an invalid state.
 */
export function replaySessionLog({
  records,
  revision: storedRevision,
  torn = false,
  storeData,
}: ReplaySessionLogOptions): {
  state: ContextState;
  cursor: SessionLogCursor;
} {
  if (records.length === 0) {
    throw new InvalidStateError({
      path: '$log',
      message: 'the session log is empty',
    });
  }
  let sessionId = '';
  let epoch = '';
  let revision = -1;
  let original: Message[] = [];
  let working: Message[] = [];
  /** The working entries as the log wrote them (sized only when dropped). */
  let workingEntries: SessionLogEntry[] = [];
  let offloads = new Map<string, readonly Message[]>();
  let offloadEntries = new Map<string, readonly SessionLogEntry[]>();
  let events: CompressionEvent[] = [];
  let logChars = 0;
  let deadChars = 0;

  records.forEach((text, recordIndex) => {
    const path = `$log[${recordIndex}]`;
    logChars += text.length + 1;
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch (error) {
      throw new InvalidStateError({
        path,
        message: `not valid JSON (${error instanceof Error ? error.message : String(error)})`,
        cause: error,
      });
    }
    if (!isRecord(record)) {
      throw new InvalidStateError({ path, message: 'expected an object' });
    }
    if (recordIndex === 0 || record.full === true) {
      if (
        record.format !== SESSION_LOG_FORMAT ||
        record.full !== true ||
        record.schemaVersion !== SESSION_LOG_SCHEMA_VERSION
      ) {
        throw new InvalidStateError({
          path: `${path}.format`,
          message:
            record.format === SESSION_LOG_FORMAT &&
            record.schemaVersion !== SESSION_LOG_SCHEMA_VERSION
              ? `unsupported session log schema version ${JSON.stringify(record.schemaVersion)}; this version of @acm/core reads ${SESSION_LOG_SCHEMA_VERSION}`
              : `expected a full ${SESSION_LOG_FORMAT} record`,
        });
      }
      if (typeof record.sessionId !== 'string' || record.sessionId === '') {
        throw new InvalidStateError({
          path: `${path}.sessionId`,
          message: 'expected a non-empty string',
        });
      }
      if (typeof record.epoch !== 'string') {
        throw new InvalidStateError({
          path: `${path}.epoch`,
          message: 'expected a string',
        });
      }
      sessionId = record.sessionId;
      epoch = record.epoch;
      original = list<Message>(record.original, `${path}.original`);
      working = [];
      workingEntries = [];
      offloads = new Map();
      offloadEntries = new Map();
      events = list<CompressionEvent>(record.events, `${path}.events`);
      deadChars = 0;
      logChars = text.length + 1;
    } else {
      original.push(
        ...list<Message>(record.original ?? [], `${path}.original`),
      );
      events.push(
        ...list<CompressionEvent>(record.events ?? [], `${path}.events`),
      );
    }
    // A field this version does not know is a newer writer's: replaying
    // without it would drop what it says (and the next full write would lose it).
    const known =
      recordIndex === 0 || record.full === true ? FULL_FIELDS : DELTA_FIELDS;
    for (const field of Object.keys(record)) {
      if (!known.has(field)) {
        throw new InvalidStateError({
          path: `${path}.${field}`,
          message: `unknown field of a ${known === FULL_FIELDS ? 'full' : 'delta'} record (written by a newer version?); this version of @acm/core reads session log schema version ${SESSION_LOG_SCHEMA_VERSION}`,
        });
      }
    }
    revision = readRevision(record.revision, revision, `${path}.revision`);
    if (record.keep !== undefined) {
      const keep = record.keep;
      if (
        typeof keep !== 'number' ||
        !Number.isSafeInteger(keep) ||
        keep < 0 ||
        keep > working.length
      ) {
        throw new InvalidStateError({
          path: `${path}.keep`,
          message: `expected an integer from 0 to ${working.length}`,
        });
      }
      deadChars += entriesChars(workingEntries.slice(keep)) - 2;
      working = working.slice(0, keep);
      workingEntries = workingEntries.slice(0, keep);
    }
    const decode = (entry: unknown, entryPath: string): Message => {
      if (typeof entry !== 'number') return entry as Message;
      const message = Number.isSafeInteger(entry) ? original[entry] : undefined;
      if (message === undefined) {
        throw new InvalidStateError({
          path: entryPath,
          message: `refers to original message ${entry}, which does not exist (${original.length} original messages)`,
        });
      }
      return message;
    };
    list<SessionLogEntry>(record.working ?? [], `${path}.working`).forEach(
      (entry, index) => {
        working.push(decode(entry, `${path}.working[${index}]`));
        workingEntries.push(entry);
      },
    );
    const put: unknown = record.offloads ?? {};
    if (!isRecord(put)) {
      throw new InvalidStateError({
        path: `${path}.offloads`,
        message: 'expected an object of entry lists',
      });
    }
    for (const [offloadId, entries] of Object.entries(put)) {
      const entryPath = `${path}.offloads[${JSON.stringify(offloadId)}]`;
      const decoded = list<SessionLogEntry>(entries, entryPath);
      const replaced = offloadEntries.get(offloadId);
      if (replaced !== undefined) deadChars += entriesChars(replaced);
      offloads.set(
        offloadId,
        decoded.map((entry, index) => decode(entry, `${entryPath}[${index}]`)),
      );
      offloadEntries.set(offloadId, decoded);
    }
    for (const offloadId of list<unknown>(
      record.removed ?? [],
      `${path}.removed`,
    )) {
      if (typeof offloadId !== 'string' || !offloads.has(offloadId)) {
        throw new InvalidStateError({
          path: `${path}.removed`,
          message: `removes ${JSON.stringify(offloadId)}, which is not an offload entry`,
        });
      }
      deadChars += entriesChars(offloadEntries.get(offloadId) ?? []);
      offloads.delete(offloadId);
      offloadEntries.delete(offloadId);
    }
  });

  if (storedRevision !== undefined && storedRevision !== revision) {
    throw new InvalidStateError({
      path: '$log',
      message: `the log ends at revision ${revision}, the store holds revision ${storedRevision}`,
    });
  }
  const state = readStateDocument({
    format: CONTEXT_STATE_FORMAT,
    schemaVersion: CONTEXT_STATE_SCHEMA_VERSION,
    sessionId,
    revision,
    working,
    original,
    offloads: Object.fromEntries(offloads),
    events,
  });
  const originalIndex = new WeakMap<Message, number>();
  state.original.forEach((message, index) => originalIndex.set(message, index));
  return {
    state,
    cursor: {
      sessionId,
      epoch,
      revision,
      state,
      originalIndex,
      logChars,
      deadChars,
      needsFullWrite: torn,
      storeData,
    },
  };
}

/** The fields of a full record (`SessionLogFullRecord`). */
const FULL_FIELDS: ReadonlySet<string> = new Set([
  'format',
  'schemaVersion',
  'sessionId',
  'epoch',
  'revision',
  'full',
  'original',
  'working',
  'offloads',
  'events',
]);

/** The fields of a delta record (`SessionLogDeltaRecord`). */
const DELTA_FIELDS: ReadonlySet<string> = new Set([
  'revision',
  'original',
  'keep',
  'working',
  'offloads',
  'removed',
  'events',
]);

function list<T>(value: unknown, path: string): T[] {
  if (!Array.isArray(value)) {
    throw new InvalidStateError({ path, message: 'expected an array' });
  }
  return value as T[];
}

function readRevision(value: unknown, previous: number, path: string): number {
  if (
    typeof value !== 'number' ||
    !Number.isSafeInteger(value) ||
    value < 0 ||
    value <= previous
  ) {
    throw new InvalidStateError({
      path,
      message: `expected an integer greater than ${Math.max(previous, -1)}`,
    });
  }
  return value;
}

/**
 * The cursor of a state a store read in a format before session logs: its
 * next save writes a full record (the migration).
 */
export function createMigrationCursor(
  state: ContextState,
  storeData?: unknown,
): SessionLogCursor {
  return {
    sessionId: state.sessionId,
    epoch: '',
    revision: state.revision,
    state,
    originalIndex: new WeakMap(),
    logChars: 0,
    deadChars: 0,
    needsFullWrite: true,
    storeData,
  };
}
