import type { Message } from '../../vocabulary/message/message';
import { findAppendsSince } from '../../state/context-state/append-lineage';
import type { ContextState } from '../../state/context-state/context-state';
import {
  entriesChars,
  SESSION_LOG_COMPACTION_MIN_DEAD_CHARS,
  SESSION_LOG_FORMAT,
  SESSION_LOG_SCHEMA_VERSION,
} from './session-log';
import type {
  SessionLogCursor,
  SessionLogDeltaRecord,
  SessionLogEntry,
  SessionLogFullRecord,
} from './session-log';

export interface PlanSessionLogWriteOptions {
  /** What the store knows about the stored log, if anything. */
  readonly cursor: SessionLogCursor | undefined;
  /** The state to save (already checked by `assertValidSave`). */
  readonly state: ContextState;
  /** `SaveOptions.expectedRevision` of the save. */
  readonly expectedRevision: number | null;
  /** A new random epoch, called only for a full record. */
  readonly createEpoch: () => string;
}

export interface SessionLogWrite {
  /**
   * `delta`: append `text` to the log, only if the stored revision is
   * `expectedRevision` and the stored epoch is `epoch` (otherwise plan again
   * without the cursor). `full`: replace the whole log with `text`, only if
   * the stored revision is `expectedRevision`.
   */
  readonly kind: 'delta' | 'full';
  /** The record as JSON text (one line: no raw newline). */
  readonly text: string;
  /** The epoch a delta extends, or the new epoch a full record starts. */
  readonly epoch: string;
  /** The cursor after the write succeeded (pass the store's facts in `storeData`). */
  readonly cursorAfter: (storeData?: unknown) => SessionLogCursor;
}

/**
 * Plans how a store persists `state` (DESIGN §3.11: persistence is
 * incremental). With a current cursor (same revision as `expectedRevision`)
 * and a state that extends it, the write is a delta record: the messages
 * appended to `original` (each body once), the working messages from the first
 * one that changed (messages that are original are written as their index),
 * offload entries added (bodies once, original messages as indexes) and
 * removed, events appended. Otherwise, or when the garbage of the log would
 * exceed half of it (and `SESSION_LOG_COMPACTION_MIN_DEAD_CHARS`), it is a full
 * record that replaces the log.
 *
 * Cost: a delta costs the new content plus pointer comparisons of the lists
 * (no serialization of what is already stored). Pure.
 */
export function planSessionLogWrite({
  cursor,
  state,
  expectedRevision,
  createEpoch,
}: PlanSessionLogWriteOptions): SessionLogWrite {
  const delta =
    cursor !== undefined &&
    !cursor.needsFullWrite &&
    cursor.revision === expectedRevision &&
    cursor.sessionId === state.sessionId
      ? planDelta(cursor, state)
      : undefined;
  if (delta !== undefined) return delta;
  return planFull(state, createEpoch(), cursor?.originalIndex);
}

function planFull(
  state: ContextState,
  epoch: string,
  previousIndex: WeakMap<Message, number> | undefined,
): SessionLogWrite {
  const originalIndex = previousIndex ?? new WeakMap<Message, number>();
  state.original.forEach((message, index) => originalIndex.set(message, index));
  const encode = encoder(state.original, originalIndex);
  const offloads: Record<string, readonly SessionLogEntry[]> = {};
  for (const [offloadId, messages] of Object.entries(state.offloads)) {
    offloads[offloadId] = messages.map(encode);
  }
  const record: SessionLogFullRecord = {
    format: SESSION_LOG_FORMAT,
    schemaVersion: SESSION_LOG_SCHEMA_VERSION,
    sessionId: state.sessionId,
    epoch,
    revision: state.revision,
    full: true,
    original: state.original,
    working: state.working.map(encode),
    offloads,
    events: state.events,
  };
  const text = JSON.stringify(record);
  return {
    kind: 'full',
    text,
    epoch,
    cursorAfter: (storeData) => ({
      sessionId: state.sessionId,
      epoch,
      revision: state.revision,
      state,
      originalIndex,
      logChars: text.length + 1,
      deadChars: 0,
      needsFullWrite: false,
      storeData,
    }),
  };
}

function planDelta(
  cursor: SessionLogCursor,
  state: ContextState,
): SessionLogWrite | undefined {
  const previous = cursor.state;
  // A memory's snapshot that only appended to the one last saved is known as
  // such in O(1); anything else is compared list against list.
  const appends = findAppendsSince(previous, state);
  if (appends === undefined) {
    if (!extends_(previous.original, state.original)) return undefined;
    if (!extends_(previous.events, state.events)) return undefined;
  }
  const { originalIndex } = cursor;
  for (
    let index = previous.original.length;
    index < state.original.length;
    index += 1
  ) {
    originalIndex.set(state.original[index]!, index);
  }
  const encode = encoder(state.original, originalIndex);

  let keep = 0;
  if (appends !== undefined) {
    keep = previous.working.length;
  } else {
    const shorter = Math.min(previous.working.length, state.working.length);
    while (keep < shorter && previous.working[keep] === state.working[keep]) {
      keep += 1;
    }
  }
  let deadChars = cursor.deadChars;
  if (keep < previous.working.length) {
    deadChars += entriesChars(previous.working.slice(keep).map(encode)) - 2;
  }
  const offloads: Record<string, readonly SessionLogEntry[]> = {};
  let offloadsChanged = false;
  const removed: string[] = [];
  // The same record object: no entry added or removed (records are immutable values).
  if (state.offloads !== previous.offloads) {
    for (const [offloadId, messages] of Object.entries(state.offloads)) {
      const before = previous.offloads[offloadId];
      // The same entry, or a copy of it (a memory copies a state it loads).
      if (before !== undefined && sameItems(before, messages)) continue;
      if (before !== undefined) deadChars += entriesChars(before.map(encode));
      offloads[offloadId] = messages.map(encode);
      offloadsChanged = true;
    }
    for (const [offloadId, messages] of Object.entries(previous.offloads)) {
      if (state.offloads[offloadId] !== undefined) continue;
      removed.push(offloadId);
      deadChars += entriesChars(messages.map(encode));
    }
  }

  const record: SessionLogDeltaRecord = {
    revision: state.revision,
    ...(state.original.length > previous.original.length && {
      original: state.original.slice(previous.original.length),
    }),
    ...(keep < previous.working.length && { keep }),
    ...(keep < state.working.length && {
      working: state.working.slice(keep).map(encode),
    }),
    ...(offloadsChanged && { offloads }),
    ...(removed.length > 0 && { removed }),
    ...(state.events.length > previous.events.length && {
      events: state.events.slice(previous.events.length),
    }),
  };
  const text = JSON.stringify(record);
  const logChars = cursor.logChars + text.length + 1;
  if (
    deadChars > SESSION_LOG_COMPACTION_MIN_DEAD_CHARS &&
    deadChars * 2 > logChars
  ) {
    return undefined;
  }
  return {
    kind: 'delta',
    text,
    epoch: cursor.epoch,
    cursorAfter: (storeData) => ({
      sessionId: state.sessionId,
      epoch: cursor.epoch,
      revision: state.revision,
      state,
      originalIndex,
      logChars,
      deadChars,
      needsFullWrite: false,
      storeData,
    }),
  };
}

/** Whether both lists hold the same objects in the same order. */
function sameItems<T>(left: readonly T[], right: readonly T[]): boolean {
  return (
    left === right || (left.length === right.length && extends_(left, right))
  );
}

/** Whether `next` starts with every element of `previous` (same objects). */
function extends_<T>(previous: readonly T[], next: readonly T[]): boolean {
  if (next.length < previous.length) return false;
  for (let index = 0; index < previous.length; index += 1) {
    if (previous[index] !== next[index]) return false;
  }
  return true;
}

/** Encodes a message as its index in `original` when it is that very message. */
function encoder(
  original: readonly Message[],
  originalIndex: WeakMap<Message, number>,
): (message: Message) => SessionLogEntry {
  return (message) => {
    const index = originalIndex.get(message);
    return index !== undefined && original[index] === message ? index : message;
  };
}
