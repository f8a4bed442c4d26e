import {
  InvalidConfigError,
  parseState,
  serializeState,
  StoreConflictError,
  StoreError,
} from '@acm/core';
import {
  assertValidSave,
  assertValidSessionId,
  toStoreError,
} from '@acm/core/internal';
import type { ContextState, SaveOptions, SessionStore } from '@acm/core';
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
   * `<keyPrefix>{<session id>}:state` and `<keyPrefix>{<session id>}:offloads`.
   * @default 'acm:'
   */
  keyPrefix?: string;
  /**
   * Expire a session this many seconds after its last save (both keys). No
   * expiry when undefined.
   * @default undefined
   */
  ttlSeconds?: number;
}

/** Session ids known to have a given offload entry stored, remembered for this many sessions. */
const KNOWN_OFFLOADS_LIMIT = 10_000;

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

function isStringArray(value: unknown): value is string[] {
  return (
    Array.isArray(value) && value.every((item) => typeof item === 'string')
  );
}

/**
 * A {@link SessionStore} on Redis, for deployments where several processes
 * share sessions.
 *
 * Per session, a hash `<keyPrefix>{<id>}:state` holds the revision, the state
 * document without offload bodies and the list of offload ids; a hash
 * `<keyPrefix>{<id>}:offloads` holds one field per offload entry. Offload
 * entries are immutable, so each is written once: a save sends only the bodies
 * the store has not seen stored (and all of them if the server says one is
 * missing), and a large offload map is not rewritten on every save.
 *
 * Compare-and-set, writing and the TTL run in one Lua script, so a save is
 * atomic: either everything is written or nothing (never half a session).
 * Load reads both hashes in one script. The `{id}` hash tag keeps a session's
 * keys in one cluster slot. Server errors become `StoreError` with the cause.
 */
export function createRedisSessionStore({
  client,
  keyPrefix = 'acm:',
  ttlSeconds,
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

  /** Per session, the offload ids this store saw stored (so their bodies need not be sent). */
  const knownOffloads = new Map<string, ReadonlySet<string>>();

  const remember = (sessionId: string, offloadIds: Iterable<string>) => {
    knownOffloads.delete(sessionId);
    knownOffloads.set(sessionId, new Set(offloadIds));
    if (knownOffloads.size > KNOWN_OFFLOADS_LIMIT) {
      const oldest = knownOffloads.keys().next();
      if (!oldest.done) knownOffloads.delete(oldest.value);
    }
  };

  const keysOf = (sessionId: string): string[] => {
    const tag = `${keyPrefix}{${escapeSessionId(sessionId)}}`;
    return [`${tag}:state`, `${tag}:offloads`];
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
  ): StoreError {
    return new StoreError({
      operation: 'load',
      sessionId,
      message: `Redis session ${JSON.stringify(sessionId)} is corrupt: ${detail}`,
      cause,
    });
  }

  return {
    async load(sessionId: string): Promise<ContextState | undefined> {
      assertValidSessionId(sessionId);
      let reply: unknown;
      try {
        reply = await run(LOAD_SCRIPT, keysOf(sessionId), []);
      } catch (error) {
        throw toStoreError({
          error,
          operation: 'load',
          sessionId,
          store: 'Redis session store',
        });
      }
      if (reply === null) return undefined;
      if (!Array.isArray(reply) || reply.length !== 3) {
        throw corrupt(sessionId, 'unexpected reply from the load script');
      }
      const [document, offloadIdsText, entries] = reply as [
        unknown,
        unknown,
        unknown,
      ];
      if (typeof document !== 'string' || typeof offloadIdsText !== 'string') {
        throw corrupt(sessionId, 'the state hash lacks its fields');
      }
      if (!isStringArray(entries))
        throw corrupt(sessionId, 'unreadable offload entries');
      let state: ContextState;
      try {
        const offloadIds: unknown = JSON.parse(offloadIdsText);
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
        state = parseState({ ...parsed, offloads });
      } catch (error) {
        throw corrupt(
          sessionId,
          error instanceof Error ? error.message : String(error),
          error,
        );
      }
      if (state.sessionId !== sessionId) {
        throw corrupt(
          sessionId,
          `it holds session ${JSON.stringify(state.sessionId)}`,
        );
      }
      remember(sessionId, Object.keys(state.offloads));
      return state;
    },

    async save(
      sessionId: string,
      state: ContextState,
      { expectedRevision }: SaveOptions,
    ) {
      assertValidSave({ sessionId, state, expectedRevision });
      const offloadIds = Object.keys(state.offloads);
      const document = serializeState({ ...state, offloads: {} });
      const bodies = new Map<string, string>();
      // JSON.stringify, as serializeState writes each entry (parseState validates on load).
      for (const offloadId of offloadIds) {
        bodies.set(offloadId, JSON.stringify(state.offloads[offloadId]));
      }
      const keys = keysOf(sessionId);
      const argumentsFor = (known: ReadonlySet<string>) => [
        expectedRevision === null ? '' : String(expectedRevision),
        String(state.revision),
        document,
        JSON.stringify(offloadIds),
        String(ttlSeconds ?? 0),
        String(offloadIds.length),
        ...offloadIds.flatMap((offloadId) => [
          offloadId,
          known.has(offloadId) ? '' : bodies.get(offloadId)!,
        ]),
      ];
      try {
        let reply = await run(
          SAVE_SCRIPT,
          keys,
          argumentsFor(knownOffloads.get(sessionId) ?? new Set()),
        );
        if (isStringArray(reply) && reply[0] === 'missing') {
          // Another process removed entries this store had seen: send every body.
          knownOffloads.delete(sessionId);
          reply = await run(SAVE_SCRIPT, keys, argumentsFor(new Set()));
        }
        if (!isStringArray(reply))
          throw new Error('unexpected reply from the save script');
        if (reply[0] === 'conflict') {
          const actual = reply[1] ?? '';
          throw new StoreConflictError({
            sessionId,
            expectedRevision,
            actualRevision: actual === '' ? null : Number(actual),
          });
        }
        if (reply[0] !== 'ok')
          throw new Error(`unexpected reply ${JSON.stringify(reply)}`);
      } catch (error) {
        throw toStoreError({
          error,
          operation: 'save',
          sessionId,
          store: 'Redis session store',
        });
      }
      remember(sessionId, offloadIds);
    },

    async delete(sessionId: string): Promise<boolean> {
      assertValidSessionId(sessionId);
      knownOffloads.delete(sessionId);
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
