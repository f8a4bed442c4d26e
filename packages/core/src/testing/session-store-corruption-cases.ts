import { expect, it } from 'vitest';
import { StoreConflictError } from '../vocabulary/error/store-conflict-error';
import { StoreError } from '../vocabulary/error/store-error';
import type { Message } from '../vocabulary/message/message';
import type { ContextState } from '../state/context-state/context-state';
import type { MaybePromise, SessionStore } from '../memory/store/session-store';
import { SESSION_LOG_SCHEMA_VERSION } from '../memory/store/session-log';
import { captureError } from './capture-error';
import type { ConformanceSubject } from './describe-conformance';

/** One record of a stored session log, as a store's test hook exposes it. */
export interface StoredLogRecord {
  /** The revision the record brings the session to (a Postgres row's key). */
  readonly revision: number;
  /** The record's JSON text (as the store holds it, or any text for corruption). */
  readonly text: string;
}

/**
 * What `describeSessionStore` needs of a store's test to run the corruption
 * cases (`describeSessionStore`'s corruption cases); all three or none.
 */
export interface SessionStoreLogAccess {
  /**
   * Another instance of the store `create` made, over the same storage and
   * sharing nothing in memory with it (a second process, or the same one
   * after a restart).
   */
  reopen: (store: SessionStore) => MaybePromise<SessionStore>;
  /**
   * Replaces the session log of `sessionId` behind the store's back with
   * `rewrite(records)`, leaving everything else the store keeps for the
   * session (its head: revision, epoch, format) as it is, and as much of its
   * metadata as it can (a file's mtime). Returns `false` when the store cannot
   * hold the rewritten log at all (PostgreSQL `jsonb` cannot hold text that is
   * not JSON): that case does not apply to it.
   */
  rewriteLog: (
    store: SessionStore,
    sessionId: string,
    rewrite: (records: readonly StoredLogRecord[]) => StoredLogRecord[],
  ) => MaybePromise<boolean>;
  /**
   * Everything the store holds for `sessionId`, raw (bytes, keys, rows), as a
   * value `toStrictEqual` compares: a refused save must leave it unchanged.
   */
  snapshot: (store: SessionStore, sessionId: string) => MaybePromise<unknown>;
}

/**
 * How a session log can be found damaged behind a writer's back, each as a
 * rewrite of its records. The log is `[full record, delta record]` when it is
 * damaged (see `describeSessionStore`'s corruption cases).
 */
export const SESSION_LOG_CORRUPTIONS = {
  /** The last record's bytes replaced by as many bytes that are not JSON. */
  garbled: (records) => replaceLast(records, (text) => '#'.repeat(text.length)),
  /** The last record cut in the middle (a partial restore, a torn copy). */
  cut: (records) =>
    replaceLast(records, (text) => text.slice(0, Math.floor(text.length / 2))),
  /** The last record gone: the log ends a revision before the head says. */
  truncated: (records) => records.slice(0, -1),
  /** Every record gone, the session's head left. */
  empty: () => [],
  /** The first (full) record gone, the deltas after it left. */
  'missing-head': (records) => records.slice(1),
  /** The head record says a schema version newer than this library reads. */
  'newer-schema': (records) =>
    replaceFirst(records, (record) => ({
      ...record,
      schemaVersion: SESSION_LOG_SCHEMA_VERSION + 1,
    })),
  /** The head record has another format tag. */
  'unknown-format': (records) =>
    replaceFirst(records, (record) => ({
      ...record,
      format: 'acm.session-lox',
    })),
  /** The head record names another session (same length, same epoch). */
  'foreign-session': (records) =>
    replaceFirst(records, (record) => ({
      ...record,
      sessionId: `${String(record.sessionId).slice(0, -1)}X`,
    })),
  /** The last record has a field this version does not know (a newer writer's delta). */
  'unknown-field': (records) =>
    replaceLast(records, (text) =>
      JSON.stringify({ ...parseObject(text), pinned: [0] }),
    ),
  /** The last record is JSON of the wrong shape. */
  'invalid-record': (records) =>
    replaceLast(records, (text) =>
      JSON.stringify({ ...parseObject(text), revision: 'two' }),
    ),
} satisfies Record<
  string,
  (records: readonly StoredLogRecord[]) => StoredLogRecord[]
>;

/** A kind of damage `describeSessionStore` makes to a stored log behind the writer's back. */
export type SessionLogCorruption = keyof typeof SESSION_LOG_CORRUPTIONS;

/**
 * The save paths a writer can take onto a damaged log:
 * - `append`: the instance that wrote the log appends a delta from its cached cursor;
 * - `compaction`: that instance replaces the log with a full record (its garbage exceeds the compaction threshold);
 * - `reopened`: another instance, which has not read the log, saves;
 * - `relineage`: the writer's log was deleted and written again up to the same
 *   revision by another instance (another epoch) before the damage: its save is
 *   answered "stale" and it must read the log before writing.
 */
export const SESSION_STORE_SAVE_PATHS = [
  'append',
  'compaction',
  'reopened',
  'relineage',
] as const;

/** A way a save reaches a stored log (append, compaction rewrite, reopened, relineage). */
export type SessionStoreSavePath = (typeof SESSION_STORE_SAVE_PATHS)[number];

/**
 * The cases of `describeSessionStore` for issue #24 item 5, "stores never
 * write past what they cannot read": every save path × every kind of damage
 * to the log the save would append to or replace. A damaged log must make the
 * save fail with `StoreError` (or `StoreConflictError` when the damage makes
 * the stored revision another one) naming the session, and leave what the
 * store holds exactly as it was; the same save onto the log as it was written
 * must go through (the control of each path).
 * Cases the store cannot hold (`rewriteLog` returns `false`) are skipped at
 * run time; without `access` every case is skipped.
 */
export function sessionStoreCorruptionCases(
  { current }: ConformanceSubject<SessionStore>,
  access: SessionStoreLogAccess | undefined,
): void {
  /** Saves `first` and `second` as `path` has it, damages the log, then tries `next`. */
  async function run(
    path: SessionStoreSavePath,
    damage: (records: readonly StoredLogRecord[]) => StoredLogRecord[],
  ) {
    const { reopen, rewriteLog, snapshot } = access!;
    const store = current();
    const sessionId = 'session-1';
    const first = createState(sessionId);
    const second = appendText(first, 'user-2', 'Second question?');
    const next =
      path === 'compaction'
        ? { ...appendText(second, 'user-3', 'Drop it.'), offloads: {} }
        : appendText(second, 'user-3', 'Third question?');

    let writer = store;
    if (path === 'reopened' || path === 'relineage') {
      writer = await reopen(store);
    }
    await writer.save(sessionId, first, { expectedRevision: null });
    await writer.save(sessionId, second, { expectedRevision: 1 });
    if (path === 'reopened') writer = await reopen(store);
    if (path === 'relineage') {
      await store.delete(sessionId);
      await store.save(sessionId, first, { expectedRevision: null });
      await store.save(sessionId, second, { expectedRevision: 1 });
    }
    const held = await rewriteLog(store, sessionId, damage);
    const before = held ? await snapshot(store, sessionId) : undefined;
    const error = held
      ? await captureError(() =>
          writer.save(sessionId, next, { expectedRevision: 2 }),
        )
      : undefined;
    return {
      held,
      error,
      sessionId,
      next,
      before,
      after: () => snapshot(store, sessionId),
      reload: async () => (await reopen(store)).load(sessionId),
    };
  }

  const cases = SESSION_STORE_SAVE_PATHS.flatMap((path) =>
    (Object.keys(SESSION_LOG_CORRUPTIONS) as SessionLogCorruption[]).map(
      (kind) => [path, kind] as const,
    ),
  );

  it.skipIf(access === undefined).for(SESSION_STORE_SAVE_PATHS)(
    'should take the %s save onto a log left as it was written',
    async (path) => {
      const { error, next, reload } = await run(path, (records) => [
        ...records,
      ]);

      expect(error).toBeUndefined();
      expect(await reload()).toStrictEqual(next);
    },
  );

  it.skipIf(access === undefined).for(cases)(
    'should refuse the %s save onto a log damaged as %s, writing nothing',
    async ([path, kind], context) => {
      const { held, error, sessionId, before, after } = await run(
        path,
        SESSION_LOG_CORRUPTIONS[kind],
      );
      if (!held) {
        context.skip(`the store cannot hold a log damaged as ${kind}`);
        return;
      }

      expect(
        StoreError.isInstance(error) || StoreConflictError.isInstance(error),
        `typed refusal, got ${String(error)}`,
      ).toBe(true);
      expect(error).toMatchObject({ sessionId });
      expect(await after()).toStrictEqual(before);
    },
  );
}

function parseObject(text: string): Record<string, unknown> {
  return JSON.parse(text) as Record<string, unknown>;
}

function replaceLast(
  records: readonly StoredLogRecord[],
  replace: (text: string) => string,
): StoredLogRecord[] {
  const last = records.at(-1)!;
  return [...records.slice(0, -1), { ...last, text: replace(last.text) }];
}

function replaceFirst(
  records: readonly StoredLogRecord[],
  replace: (record: Record<string, unknown>) => Record<string, unknown>,
): StoredLogRecord[] {
  const [head, ...rest] = records;
  return [
    { ...head!, text: JSON.stringify(replace(parseObject(head!.text))) },
    ...rest,
  ];
}

function createTextMessage(
  id: string,
  text: string,
  role: Message['role'],
): Message {
  return { id, role, content: [{ type: 'text', text }] };
}

function appendText(state: ContextState, id: string, text: string) {
  const message = createTextMessage(id, text, 'user');
  return {
    ...state,
    working: [...state.working, message],
    original: [...state.original, message],
    revision: state.revision + 1,
  } satisfies ContextState;
}

/**
 * A session whose offload entry holds a 160 KB summary (not an original
 * message, so the log writes its body): dropping the entry leaves more
 * garbage than the compaction threshold and than half the log, so that save
 * replaces the log with a full record.
 */
function createState(sessionId: string): ContextState {
  const offloadId = '5f0c6a1e9b2d4c7f8a3e1d0b6c9f2a47';
  const system = createTextMessage('system', 'You are careful.', 'system');
  const user = createTextMessage('user-1', 'Summarize the logs.', 'user');
  const summary = createTextMessage(
    'summary-1',
    'log line: all good\n'.repeat(9000),
    'assistant',
  );
  const stub: Message = {
    ...createTextMessage(
      'stub-1',
      `[offloaded, reload id ${offloadId}]`,
      'assistant',
    ),
    metadata: { acm: { kind: 'offload-stub', offloadId } },
  };
  return {
    sessionId,
    working: [system, user, stub],
    original: [system, user],
    offloads: { [offloadId]: [summary] },
    events: [],
    revision: 1,
  };
}
