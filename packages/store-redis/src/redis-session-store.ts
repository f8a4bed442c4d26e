import { createHash, randomUUID } from 'node:crypto';
import { InvalidConfigError, parseState, StoreError } from '@acm/core';
import {
  assertValidSave,
  assertValidSessionId,
  createMigrationCursor,
  createSessionLogCache,
  extendSessionLogSeal,
  replaySessionLog,
  sealSessionLogText,
  toStoreError,
  writeSessionLog,
} from '@acm/core/adapter';
import type {
  ContextState,
  SaveOptions,
  SessionLogCursor,
  SessionStore,
} from '@acm/core';
import type {
  SessionLogSealCodec,
  SessionLogTextSeal,
} from '@acm/core/adapter';
import { DELETE_SCRIPT, LOAD_SCRIPT, SAVE_SCRIPT } from './redis-scripts';
import type { RedisScript } from './redis-scripts';

interface ScriptOptions {
  keys: string[];
  arguments: string[];
}

/**
 * The part of a node-redis client (`createClient()` from `redis` ≥ 5) the store
 * uses. Any connected `RedisClientType` fits.
 */
export interface RedisSessionStoreClient {
  eval(script: string, options: ScriptOptions): Promise<unknown>;
  evalSha(sha1: string, options: ScriptOptions): Promise<unknown>;
  scanIterator(options: {
    MATCH: string;
    COUNT?: number;
    TYPE?: string;
  }): AsyncIterable<readonly string[]>;
}

export interface RedisSessionStoreOptions {
  /**
   * A connected node-redis client (`await createClient({ url }).connect()`).
   * The store never connects, closes or configures it. Give it an `'error'`
   * listener, and consider `disableOfflineQueue: true` so calls fail fast with
   * `StoreError` while the server is unreachable instead of waiting for it.
   */
  client: RedisSessionStoreClient;
  /**
   * Prefix of every key the store writes. Sessions live under
   * `<keyPrefix>{<session id>}:state` (head hash) and
   * `<keyPrefix>{<session id>}:log` (session log string).
   * @default 'acm:'
   */
  keyPrefix?: string;
  /**
   * Expire a session this many seconds after its last save (every key). No
   * expiry when undefined.
   * @default undefined
   */
  ttlSeconds?: number;
  /**
   * How many sessions the store remembers the last read or written state of,
   * so that their next save appends a delta (least recently used first out).
   * A session it does not remember costs one full read before its save.
   * @default 1000
   */
  cachedSessions?: number;
}

/** Percent-encodes the characters that would break a key's `{hash tag}` or its parsing. */
function escapeSessionId(sessionId: string): string {
  return sessionId.replace(
    /[%{}]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function unescapeSessionId(escaped: string): string {
  return escaped.replace(/%(25|7B|7D)/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/** Escapes Redis glob metacharacters. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (character) => `\\${character}`);
}

/**
 * What the store read or wrote last of a session (its cursor's `storeData`):
 * the save script writes only onto exactly that.
 */
type StoredLog =
  /** A log string, sealed (`sealSessionLogText`). */
  | { readonly read: 'text'; readonly seal: SessionLogTextSeal }
  /** A log list, the layout before log strings (migrated by the next save). */
  | {
      readonly read: 'list';
      readonly count: number;
      readonly headDigest: string;
      readonly tailDigest: string;
    }
  /** A state document from before session logs (migrated by the next save). */
  | { readonly read: 'legacy'; readonly digest: string };

function sha1(text: string | Uint8Array): string {
  return createHash('sha1').update(text).digest('hex');
}

/** UTF-8 and SHA-1, as the save script's `GETRANGE` and `redis.sha1hex` see the log. */
const SEAL_CODEC: SessionLogSealCodec = {
  encode: (text) => Buffer.from(text, 'utf8'),
  byteLength: (text) => Buffer.byteLength(text, 'utf8'),
  digest: sha1,
};

/** The save script's arguments 7 on: what the writer read. */
function readArguments(cursor: SessionLogCursor | undefined): string[] {
  const stored = cursor?.storeData as StoredLog | undefined;
  if (cursor === undefined || stored === undefined) return ['', ''];
  switch (stored.read) {
    case 'text': {
      const { seal } = stored;
      return [
        'text',
        cursor.epoch,
        String(seal.bytes),
        String(seal.headBytes),
        seal.headDigest,
        String(seal.tailStart),
        seal.tailDigest,
      ];
    }
    case 'list':
      return [
        'list',
        cursor.epoch,
        String(stored.count),
        stored.headDigest,
        stored.tailDigest,
      ];
    case 'legacy':
      return ['legacy', cursor.epoch, stored.digest];
  }
}

function isStringArray(value: unknown): value is string[] {
  return (
    Array.isArray(value) && value.every((item) => typeof item === 'string')
  );
}

/**
 * A {@link SessionStore} on Redis, for deployments where several processes
 * share sessions.
 *
 * Per session, a hash `<keyPrefix>{<id>}:state` holds the revision, the
 * format and the epoch of its session log, and a string `<keyPrefix>{<id>}:log`
 * holds the log's records, one JSON record per line (`planSessionLogWrite`):
 * a save appends (`APPEND`) one record with only what changed (a turn that
 * appends a message writes that message once), a compaction or the first
 * save writes one full record. Offload bodies are written once. Sessions
 * stored before session logs, or with the log as a list (the layout before
 * log strings), are read as they are and migrated by their next save.
 *
 * Compare-and-set, the checks and the writes run in one Lua script, so a save
 * is atomic: either everything is written or nothing. The store never writes
 * past or over what it cannot read: a save writes only onto the log exactly
 * as the store last read or wrote it — same revision and epoch, same length,
 * same head record start and same last record (SHA-1 of bounded windows,
 * `sealSessionLogText`: O(1) in the log's size). A log changed behind its
 * back is read again, and a corrupt, cut, foreign or newer record fails the
 * save with `StoreError` naming it, nothing written. Load reads every key in
 * one script. The `{id}` hash tag keeps a session's keys in one cluster slot.
 * Server errors become `StoreError` with the cause.
 */
export function createRedisSessionStore({
  client,
  keyPrefix = 'acm:',
  ttlSeconds,
  cachedSessions = 1000,
}: RedisSessionStoreOptions): SessionStore {
  if (client === null || typeof client !== 'object') {
    throw new InvalidConfigError({
      parameter: 'client',
      value: client,
      message: 'expected a connected node-redis client',
    });
  }
  if (typeof keyPrefix !== 'string') {
    throw new InvalidConfigError({
      parameter: 'keyPrefix',
      value: keyPrefix,
      message: 'expected a string',
    });
  }
  if (
    ttlSeconds !== undefined &&
    (!Number.isSafeInteger(ttlSeconds) || ttlSeconds <= 0)
  ) {
    throw new InvalidConfigError({
      parameter: 'ttlSeconds',
      value: ttlSeconds,
      message: 'expected a positive integer number of seconds',
    });
  }

  if (!Number.isSafeInteger(cachedSessions) || cachedSessions < 0) {
    throw new InvalidConfigError({
      parameter: 'cachedSessions',
      value: cachedSessions,
      message: 'expected an integer ≥ 0',
    });
  }

  const cursors = createSessionLogCache({ limit: cachedSessions });

  const keysOf = (sessionId: string): string[] => {
    const tag = `${keyPrefix}{${escapeSessionId(sessionId)}}`;
    return [`${tag}:state`, `${tag}:log`, `${tag}:offloads`];
  };

  async function run(
    script: RedisScript,
    keys: string[],
    args: string[],
  ): Promise<unknown> {
    try {
      return await client.evalSha(script.sha1, { keys, arguments: args });
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT'))
        throw error;
      return client.eval(script.source, { keys, arguments: args });
    }
  }

  function corrupt(
    sessionId: string,
    detail: string,
    cause?: unknown,
    operation: 'load' | 'save' = 'load',
  ): StoreError {
    return new StoreError({
      operation,
      sessionId,
      message: `Redis session ${JSON.stringify(sessionId)} is corrupt: ${detail}`,
      cause,
    });
  }

  /** Reads and validates a session (`undefined` when missing); refreshes its cursor. */
  async function read(
    sessionId: string,
    operation: 'load' | 'save',
  ): Promise<ContextState | undefined> {
    let reply: unknown;
    try {
      reply = await run(LOAD_SCRIPT, keysOf(sessionId), []);
    } catch (error) {
      throw toStoreError({
        error,
        operation,
        sessionId,
        store: 'Redis session store',
      });
    }
    if (reply === null) {
      cursors.delete(sessionId);
      return undefined;
    }
    if (!Array.isArray(reply) || reply.length !== 8) {
      throw corrupt(sessionId, 'unexpected reply from the load script');
    }
    const [
      revisionText,
      format,
      layout,
      log,
      bytes,
      document,
      offloadIdsText,
      entries,
    ] = reply as unknown[];
    let state: ContextState;
    let cursor: SessionLogCursor | undefined;
    try {
      if (
        typeof revisionText !== 'string' ||
        typeof format !== 'string' ||
        typeof document !== 'string' ||
        typeof offloadIdsText !== 'string' ||
        !isStringArray(entries)
      ) {
        throw new Error('the session keys hold unexpected types');
      }
      if (format === 'acm.session-log') {
        const revision = Number(revisionText);
        if (layout === 'string' && typeof log === 'string') {
          if (Buffer.byteLength(log, 'utf8') !== bytes) {
            throw new Error('the session log is not valid UTF-8');
          }
          if (log !== '' && !log.endsWith('\n')) {
            throw new Error(
              'the session log does not end with a newline (its last record was cut)',
            );
          }
          ({ state, cursor } = replaySessionLog({
            records: log === '' ? [] : log.slice(0, -1).split('\n'),
            revision,
          }));
          cursor = {
            ...cursor,
            storeData: {
              read: 'text',
              seal: sealSessionLogText(log, SEAL_CODEC),
            } satisfies StoredLog,
          };
        } else if (layout === 'list' && isStringArray(log)) {
          // The layout before log strings: the next save migrates it (full record).
          ({ state, cursor } = replaySessionLog({ records: log, revision }));
          cursor = {
            ...cursor,
            needsFullWrite: true,
            storeData: {
              read: 'list',
              count: log.length,
              headDigest: sha1(log[0] ?? ''),
              tailDigest: sha1(log.at(-1) ?? ''),
            } satisfies StoredLog,
          };
        } else {
          ({ state, cursor } = replaySessionLog({ records: [], revision }));
        }
      } else if (format === '' && document !== '') {
        state = readLegacy(document, offloadIdsText, entries);
        // Stored before session logs: the next save migrates it (full record).
        cursor = createMigrationCursor(state, {
          read: 'legacy',
          digest: sha1(document),
        } satisfies StoredLog);
      } else {
        throw new Error(
          `unknown format ${JSON.stringify(format)} (written by a newer version?)`,
        );
      }
    } catch (error) {
      throw corrupt(
        sessionId,
        error instanceof Error ? error.message : String(error),
        error,
        operation,
      );
    }
    if (state.sessionId !== sessionId) {
      throw corrupt(
        sessionId,
        `it holds session ${JSON.stringify(state.sessionId)}`,
        undefined,
        operation,
      );
    }
    cursors.set(sessionId, cursor);
    return state;
  }

  return {
    async load(sessionId: string): Promise<ContextState | undefined> {
      assertValidSessionId(sessionId);
      return read(sessionId, 'load');
    },

    async save(
      sessionId: string,
      state: ContextState,
      { expectedRevision }: SaveOptions,
    ) {
      assertValidSave({ sessionId, state, expectedRevision });
      const keys = keysOf(sessionId);
      try {
        await writeSessionLog({
          sessionId,
          state,
          expectedRevision,
          cursors,
          // Never write blind over a record this store has not read: a
          // corrupt or newer one is refused, not overwritten.
          read: (id) => read(id, 'save'),
          createEpoch: randomUUID,
          write: async (write, cursor) => {
            const line = `${write.text}\n`;
            const reply = await run(SAVE_SCRIPT, keys, [
              expectedRevision === null ? '' : String(expectedRevision),
              String(state.revision),
              write.kind,
              write.epoch,
              String(ttlSeconds ?? 0),
              line,
              ...readArguments(cursor),
            ]);
            if (!isStringArray(reply))
              throw new Error('unexpected reply from the save script');
            switch (reply[0] ?? '') {
              case 'ok': {
                const before = cursor?.storeData as StoredLog | undefined;
                const seal =
                  write.kind === 'delta' && before?.read === 'text'
                    ? extendSessionLogSeal(before.seal, line, SEAL_CODEC)
                    : sealSessionLogText(line, SEAL_CODEC);
                return {
                  kind: 'written',
                  storeData: { read: 'text', seal } satisfies StoredLog,
                };
              }
              case 'conflict': {
                const actual = reply[1] ?? '';
                return {
                  kind: 'conflict',
                  actualRevision: actual === '' ? null : Number(actual),
                };
              }
              // Another lineage at the same revision (deleted and re-created).
              case 'stale':
                return { kind: 'stale' };
              case 'unreadable':
                throw corrupt(
                  sessionId,
                  'its head is not a session log head of a known format (written by a newer version?); it was left untouched',
                  undefined,
                  'save',
                );
              default:
                throw new Error(`unexpected reply ${JSON.stringify(reply)}`);
            }
          },
        });
      } catch (error) {
        throw toStoreError({
          error,
          operation: 'save',
          sessionId,
          store: 'Redis session store',
        });
      }
    },

    async delete(sessionId: string): Promise<boolean> {
      assertValidSessionId(sessionId);
      cursors.delete(sessionId);
      try {
        return (await run(DELETE_SCRIPT, keysOf(sessionId), [])) === 1;
      } catch (error) {
        throw toStoreError({
          error,
          operation: 'delete',
          sessionId,
          store: 'Redis session store',
        });
      }
    },

    async list(): Promise<string[]> {
      const head = `${keyPrefix}{`;
      const tail = '}:state';
      const ids = new Set<string>();
      try {
        for await (const batch of client.scanIterator({
          MATCH: `${escapeGlob(head)}*${escapeGlob(tail)}`,
          COUNT: 1000,
          TYPE: 'hash',
        })) {
          for (const key of batch) {
            const escaped = key.slice(head.length, -tail.length);
            if (
              key.startsWith(head) &&
              key.endsWith(tail) &&
              !/[{}]/.test(escaped)
            ) {
              ids.add(unescapeSessionId(escaped));
            }
          }
        }
      } catch (error) {
        throw toStoreError({
          error,
          operation: 'list',
          store: 'Redis session store',
        });
      }
      return [...ids].sort();
    },
  };
}

/** A session stored before session logs: the state document plus one hash field per offload entry. */
function readLegacy(
  document: string,
  offloadIdsText: string,
  entries: readonly string[],
): ContextState {
  const offloadIds: unknown = JSON.parse(offloadIdsText || '[]');
  if (!isStringArray(offloadIds))
    throw new Error('offloadIds is not a list of ids');
  const bodies = new Map<string, string>();
  for (let index = 0; index + 1 < entries.length; index += 2) {
    bodies.set(entries[index]!, entries[index + 1]!);
  }
  const offloads: Record<string, unknown> = {};
  for (const offloadId of offloadIds) {
    const body = bodies.get(offloadId);
    if (body === undefined) {
      throw new Error(`offload entry ${offloadId} is missing (evicted?)`);
    }
    offloads[offloadId] = JSON.parse(body);
  }
  const parsed = JSON.parse(document) as Record<string, unknown>;
  return parseState({ ...parsed, offloads });
}
