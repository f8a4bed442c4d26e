import type { Clock } from '../vocabulary/clock/clock';
import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import type { AutoContextMemory } from '../memory/facade/auto-context-memory';
import { systemClock } from '../runtime/system-clock';
import type { SessionStore } from '../memory/store/session-store';

/** Makes the memory of a session. */
export type CreateSessionMemory = (options: {
  readonly sessionId: string;
}) => AutoContextMemory;

/** One session of a registry: its memory and what the adapter keeps beside it. */
export interface Session<TData> {
  readonly id: string;
  readonly memory: AutoContextMemory;
  /** The adapter's per-session data (e.g. the last view it handed out); lost on eviction. */
  data: TData;
}

export interface SessionLimits {
  /**
   * Most sessions held at once; the least recently used idle one is evicted
   * beyond it.
   * @default 1000
   */
  readonly maxSessions?: number;
  /**
   * A session unused for this long is evicted (checked on every call).
   * `Infinity` keeps sessions until `maxSessions` pushes them out.
   * @default 3_600_000 (one hour)
   */
  readonly idleTimeoutMs?: number;
}

export interface SessionRegistryOptions<TData> extends SessionLimits {
  /** Makes the memory of a session (built with `store` when there is one). */
  readonly createMemory: CreateSessionMemory;
  /** The adapter's initial per-session data. */
  readonly createData: () => TData;
  /**
   * Where the memories persist. With a store, a session is loaded when first
   * used, saved after every call and before it is evicted, so an evicted
   * session comes back intact; `deleteSession` deletes it there too. Without
   * one, an evicted session starts empty when it is used again.
   * @default undefined
   */
  readonly store?: SessionStore;
  /** The clock of the idle timeout. @default systemClock */
  readonly clock?: Clock;
  /**
   * Receives a failure to save an evicted session (the call that evicted it
   * does not fail for it).
   * @default undefined (ignored)
   */
  readonly onEvictionError?: (error: unknown, sessionId: string) => void;
}

/** A bounded set of sessions, one memory each. */
export interface SessionRegistry<TData> {
  /**
   * Runs `task` on the session (made, or loaded from the store, on first
   * use). Tasks on one session run one at a time, in call order; with a
   * store, the session is saved after each task.
   */
  run<TResult>(
    sessionId: string,
    task: (session: Session<TData>) => TResult | PromiseLike<TResult>,
  ): Promise<TResult>;
  /**
   * Runs `task` to read the session (what a model calls: `context_reload`,
   * `context_search`): on the memory held, or loaded from the store when the
   * session was evicted or stored by an earlier process (it is then held
   * like any used session); in call order with the session's other tasks;
   * never saved after. A session neither held nor stored is not kept: the
   * task reads an empty memory.
   */
  read<TResult>(
    sessionId: string,
    task: (session: Session<TData>) => TResult | PromiseLike<TResult>,
  ): Promise<TResult>;
  /** The memory of a session held now (not one that was evicted or never used). */
  getMemory(sessionId: string): AutoContextMemory | undefined;
  /**
   * Forgets a session, after its pending tasks, and deletes it from the store.
   * @returns whether it was held or stored.
   */
  deleteSession(sessionId: string): Promise<boolean>;
  /** The ids of the sessions held, least recently used first. */
  sessionIds(): string[];
}

interface Entry<TData> {
  readonly session: Session<TData>;
  /** Resolves to whether the store held the session. */
  ready: Promise<boolean>;
  /** Whether the store held the session when it was loaded. */
  stored: boolean;
  /** Whether `ready` has resolved (a task may then start at once). */
  loaded: boolean;
  tail: Promise<unknown>;
  lastUsed: number;
  busy: number;
}

/**
 * Keeps the memories of many conversations within bounds: at most
 * `maxSessions` sessions, none idle longer than `idleTimeoutMs` (least
 * recently used evicted first; a session with a task running is never
 * evicted). Calls on one session are serialized. With a `store`, sessions are
 * loaded on first use, saved after every call and before eviction, and come
 * back intact after it.
 */
export function createSessionRegistry<TData>({
  createMemory,
  createData,
  store,
  maxSessions = 1000,
  idleTimeoutMs = 3_600_000,
  clock = systemClock,
  onEvictionError,
}: SessionRegistryOptions<TData>): SessionRegistry<TData> {
  assertLimit('maxSessions', maxSessions, 1);
  assertLimit('idleTimeoutMs', idleTimeoutMs, 0);
  /** Insertion order is recency order: oldest first. */
  const entries = new Map<string, Entry<TData>>();
  /** Saves of evicted sessions still running, so a reload waits for them. */
  const evicting = new Map<string, Promise<unknown>>();

  const open = (sessionId: string): Entry<TData> => {
    const existing = entries.get(sessionId);
    if (existing !== undefined) {
      entries.delete(sessionId);
      entries.set(sessionId, existing);
      return existing;
    }
    const memory = createMemory({ sessionId });
    const pending = evicting.get(sessionId) ?? Promise.resolve();
    const entry: Entry<TData> = {
      session: { id: sessionId, memory, data: createData() },
      ready:
        store === undefined
          ? pending.then(() => false)
          : pending.then(() => memory.load()),
      stored: false,
      loaded: false,
      tail: Promise.resolve(),
      lastUsed: clock.now(),
      busy: 0,
    };
    entry.ready.then(
      (stored) => {
        entry.loaded = true;
        entry.stored = stored;
      },
      () => undefined,
    );
    entries.set(sessionId, entry);
    return entry;
  };

  const evict = (sessionId: string, entry: Entry<TData>): void => {
    entries.delete(sessionId);
    if (store === undefined) return;
    const saving = entry.tail
      .then(() => entry.ready)
      .then(() => entry.session.memory.save())
      .catch((error: unknown) => onEvictionError?.(error, sessionId))
      .finally(() => {
        if (evicting.get(sessionId) === saving) evicting.delete(sessionId);
      });
    evicting.set(sessionId, saving);
  };

  /** Evicts idle and surplus sessions, oldest first; never a busy one or the one just used. */
  const enforceLimits = (current: string): void => {
    const now = clock.now();
    for (const [sessionId, entry] of entries) {
      if (now - entry.lastUsed <= idleTimeoutMs) break;
      if (entry.busy === 0 && sessionId !== current) evict(sessionId, entry);
    }
    if (entries.size <= maxSessions) return;
    for (const [sessionId, entry] of entries) {
      if (entries.size <= maxSessions) break;
      if (entry.busy === 0 && sessionId !== current) evict(sessionId, entry);
    }
  };

  /**
   * Queues `task` on the session (made or loaded on first use); with
   * `save`, the session is saved to the store after it. A read that found
   * the session neither held nor stored leaves nothing behind.
   */
  const schedule = <TResult>(
    sessionId: string,
    task: (session: Session<TData>) => TResult | PromiseLike<TResult>,
    save: boolean,
  ): Promise<TResult> => {
    const entry = open(sessionId);
    const idle = entry.busy === 0 && entry.loaded;
    entry.busy++;
    entry.lastUsed = clock.now();
    const settle = () => {
      entry.busy--;
      entry.lastUsed = clock.now();
      if (entries.get(sessionId) === entry) {
        entries.delete(sessionId); // most recently used again
        if (
          save ||
          entry.busy > 0 ||
          entry.stored ||
          entry.session.memory.getRevision() > 0
        ) {
          entries.set(sessionId, entry);
        }
      }
      enforceLimits(sessionId);
    };
    const runTask = async () => {
      try {
        const value = await task(entry.session);
        if (save && store !== undefined) await entry.session.memory.save();
        return value;
      } finally {
        settle();
      }
    };
    // Nothing queued and the session loaded: start now, no promise hops.
    const result = idle
      ? runTask()
      : entry.tail
          .then(() =>
            entry.ready.catch((error: unknown) => {
              // A failed load is not cached: the next call makes the session again.
              if (entries.get(sessionId) === entry) entries.delete(sessionId);
              throw error;
            }),
          )
          .then(
            () => runTask(),
            (error: unknown) => {
              settle();
              throw error;
            },
          );
    entry.tail = result.catch(() => undefined);
    return result;
  };

  return {
    run: (sessionId, task) => schedule(sessionId, task, true),
    read: (sessionId, task) => schedule(sessionId, task, false),
    getMemory: (sessionId) => entries.get(sessionId)?.session.memory,
    async deleteSession(sessionId) {
      const entry = entries.get(sessionId);
      entries.delete(sessionId);
      if (entry !== undefined) await entry.tail;
      await evicting.get(sessionId);
      const stored =
        store === undefined ? false : await store.delete(sessionId);
      return entry !== undefined || stored;
    },
    sessionIds: () => [...entries.keys()],
  };
}

function assertLimit(parameter: string, value: number, min: number): void {
  if (typeof value !== 'number' || Number.isNaN(value) || value < min) {
    throw new InvalidArgumentError({
      parameter,
      value,
      message: `must be a number ≥ ${min}`,
    });
  }
}
