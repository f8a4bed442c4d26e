// A SessionStore on the Web Storage API (`localStorage`, `sessionStorage`, or
// anything with the same five members), written on the store kit of
// `@acm/core/adapter`: the store does the I/O, the kit does the rest (input
// checks, the session log's records, delta planning with compare-and-set, the
// cursor cache, error mapping). Guide: docs/guides/write-a-store.md
import { InvalidConfigError, StoreError } from '@acm/core';
import type { ContextState, SessionStore } from '@acm/core';
import {
  SESSION_LOG_FORMAT,
  assertValidSave,
  assertValidSessionId,
  createSessionLogCache,
  replaySessionLog,
  toStoreError,
  writeSessionLog,
} from '@acm/core/adapter';

/** The part of the Web Storage API the store uses. */
export interface KeyValueStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface WebStorageSessionStoreOptions {
  /** Where sessions live, e.g. `globalThis.localStorage`. */
  readonly storage: KeyValueStorage;
  /**
   * Prefix of every key the store writes.
   * @default 'acm:'
   */
  readonly keyPrefix?: string;
  /**
   * How many sessions the store remembers the last state of, so that their
   * next save writes only what changed (a delta record).
   * @default 100
   */
  readonly cachedSessions?: number;
  /**
   * A new random id for each full rewrite of a session's log.
   * @default crypto.randomUUID
   */
  readonly createEpoch?: () => string;
}

/** What the head key of a session holds: the commit point of every write. */
interface SessionHead {
  readonly format: typeof SESSION_LOG_FORMAT;
  readonly revision: number;
  readonly epoch: string;
  /** How many records the log has, under `<prefix>log:<id>:<epoch>:<index>`. */
  readonly records: number;
}

const STORE = 'Web Storage session store';

/**
 * Per session, a head key `<prefix>head:<id>` (revision, epoch, record count)
 * and one key per session log record. A save appends one record with only
 * what changed, or writes a full record under a new epoch; the head is
 * written last, so a save that fails half-way (a full storage) leaves the
 * session as it was. Web Storage is synchronous, so the compare-and-set in
 * `write` runs without interruption.
 */
export function createWebStorageSessionStore({
  storage,
  keyPrefix = 'acm:',
  cachedSessions = 100,
  createEpoch = () => globalThis.crypto.randomUUID(),
}: WebStorageSessionStoreOptions): SessionStore {
  if (typeof storage?.getItem !== 'function') {
    throw new InvalidConfigError({
      parameter: 'storage',
      value: storage,
      message: 'expected a Web Storage object such as localStorage',
    });
  }
  const cursors = createSessionLogCache({ limit: cachedSessions });
  // Encoded, so that no session id is a prefix of another one's keys.
  const headKey = (sessionId: string) =>
    `${keyPrefix}head:${encodeURIComponent(sessionId)}`;
  const recordKey = (sessionId: string, epoch: string, index: number) =>
    `${keyPrefix}log:${encodeURIComponent(sessionId)}:${epoch}:${index}`;

  /** The head of a session, `undefined` when it does not exist; throws for one that is not a head. */
  function readHead(sessionId: string): SessionHead | undefined {
    const text = storage.getItem(headKey(sessionId));
    if (text === null) return undefined;
    const head = JSON.parse(text) as Partial<SessionHead> | null;
    if (
      head?.format !== SESSION_LOG_FORMAT ||
      !Number.isSafeInteger(head.revision) ||
      typeof head.epoch !== 'string' ||
      !Number.isSafeInteger(head.records)
    ) {
      throw new Error('its head is not a session log head');
    }
    return head as SessionHead;
  }

  /** Reads, replays and validates a session; refreshes its cursor. */
  function read(
    sessionId: string,
    operation: 'load' | 'save' | 'delete',
  ): ContextState | undefined {
    try {
      const head = readHead(sessionId);
      if (head === undefined) {
        cursors.delete(sessionId);
        return undefined;
      }
      const records = Array.from({ length: head.records }, (_, index) => {
        const text = storage.getItem(recordKey(sessionId, head.epoch, index));
        if (text === null) throw new Error(`record ${index} is missing`);
        return text;
      });
      const { state, cursor } = replaySessionLog({
        records,
        revision: head.revision,
      });
      if (state.sessionId !== sessionId) {
        throw new Error(`it holds session ${JSON.stringify(state.sessionId)}`);
      }
      cursors.set(sessionId, cursor);
      return state;
    } catch (error) {
      cursors.delete(sessionId);
      // A record that is not ours (corrupt, or written by a newer version) is
      // refused, and never written over.
      throw new StoreError({
        operation,
        sessionId,
        message: `${STORE}: session ${JSON.stringify(sessionId)} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
        cause: error,
      });
    }
  }

  return {
    load(sessionId) {
      assertValidSessionId(sessionId);
      return read(sessionId, 'load');
    },

    async save(sessionId, state, { expectedRevision }) {
      assertValidSave({ sessionId, state, expectedRevision });
      try {
        await writeSessionLog({
          sessionId,
          state,
          expectedRevision,
          cursors,
          read: (id) => Promise.resolve(read(id, 'save')),
          createEpoch,
          // The compare-and-set: synchronous, so nothing runs in between.
          write: (plan) => {
            const head = readHead(sessionId);
            const actualRevision = head?.revision ?? null;
            if (actualRevision !== expectedRevision) {
              return Promise.resolve({ kind: 'conflict', actualRevision });
            }
            if (plan.kind === 'delta' && head?.epoch !== plan.epoch) {
              // Another lineage at the same revision: writeSessionLog reads it and plans again.
              return Promise.resolve({ kind: 'stale' });
            }
            const index = plan.kind === 'delta' ? head!.records : 0;
            storage.setItem(recordKey(sessionId, plan.epoch, index), plan.text);
            const next: SessionHead = {
              format: SESSION_LOG_FORMAT,
              revision: state.revision,
              epoch: plan.epoch,
              records: index + 1,
            };
            storage.setItem(headKey(sessionId), JSON.stringify(next));
            if (plan.kind === 'full' && head !== undefined) {
              removeRecords(sessionId, head);
            }
            return Promise.resolve({ kind: 'written' });
          },
        });
      } catch (error) {
        // Conflicts and corrupt sessions pass through typed; anything else
        // (a full storage) becomes a StoreError naming the store and session.
        throw toStoreError({
          error,
          operation: 'save',
          sessionId,
          store: STORE,
        });
      }
    },

    delete(sessionId) {
      assertValidSessionId(sessionId);
      cursors.delete(sessionId);
      try {
        const text = storage.getItem(headKey(sessionId));
        if (text === null) return false;
        let head: SessionHead | undefined;
        try {
          head = readHead(sessionId);
        } catch {
          // An unreadable head: its records cannot be found, the head goes.
        }
        if (head !== undefined) removeRecords(sessionId, head);
        storage.removeItem(headKey(sessionId));
        return true;
      } catch (error) {
        throw toStoreError({
          error,
          operation: 'delete',
          sessionId,
          store: STORE,
        });
      }
    },

    list() {
      const prefix = `${keyPrefix}head:`;
      const ids: string[] = [];
      try {
        for (let index = 0; index < storage.length; index++) {
          const key = storage.key(index);
          if (key?.startsWith(prefix)) {
            ids.push(decodeURIComponent(key.slice(prefix.length)));
          }
        }
      } catch (error) {
        throw toStoreError({ error, operation: 'list', store: STORE });
      }
      return ids.sort();
    },
  };

  function removeRecords(sessionId: string, head: SessionHead): void {
    for (let index = 0; index < head.records; index++) {
      storage.removeItem(recordKey(sessionId, head.epoch, index));
    }
  }
}
