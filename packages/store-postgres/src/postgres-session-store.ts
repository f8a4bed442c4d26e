import { randomUUID } from 'node:crypto';
import { InvalidConfigError, parseState, StoreError } from '@acm/core';
import {
  createMigrationCursor,
  createSessionLogCache,
  writeSessionLog,
  replaySessionLog,
  SESSION_LOG_FORMAT,
  SESSION_LOG_SCHEMA_VERSION,
  assertValidSave,
  assertValidSessionId,
} from '@acm/core/adapter';
import type {
  ContextState,
  SaveOptions,
  SessionLogCursor,
  SessionStore,
} from '@acm/core';
import { decodeJsonbText, encodeJsonbText } from './encode-jsonb-text';
import type { PostgresSessionStorePool } from './postgres-session-store-pool';
import { quoteTableName } from './quote-table-name';
import { toPostgresStoreError } from './to-postgres-store-error';

export interface PostgresSessionStoreOptions {
  /**
   * A `pg` Pool connected to the database (`new Pool({ connectionString })`).
   * The store never ends it. Give it an `'error'` listener: `pg` emits errors
   * of idle connections there (for example when the server restarts).
   */
  pool: PostgresSessionStorePool;
  /**
   * The sessions table, created by `migratePostgresSessionStore`: `name` or
   * `schema.name` (plain identifiers).
   * @default 'acm_sessions'
   */
  table?: string;
  /**
   * How many sessions the store remembers the last read or written state of,
   * so that their next save appends a delta (least recently used first out).
   * A session it does not remember costs one full read before its save.
   * @default 1000
   */
  cachedSessions?: number;
}

/**
 * A {@link SessionStore} on PostgreSQL. Run `migratePostgresSessionStore`
 * once first (and again after upgrading from a version without session logs).
 *
 * Per session, one head row in `table` (`session_id`, `revision` — the one
 * source of truth —, `state`: the log's format and epoch, `updated_at`) and the
 * session log's records in `<table>_log` (`planSessionLogWrite`): a save
 * inserts one record with only what changed (a turn that appends a message
 * writes that message once), the first save and compactions replace the log
 * with one full record. Rows stored before session logs (the whole state in
 * `state`) are read as they are and migrated by their next save.
 *
 * Compare-and-set and the writes are one statement (data-modifying CTEs), so
 * a save is atomic: `UPDATE … WHERE revision = $expected` (and the epoch for
 * a delta) gates the record insert. The store never writes over a row it has
 * not read: a corrupt or unknown one fails with `StoreError` and is left
 * untouched. Load is one statement (one snapshot). JSONB cannot hold
 * `\u0000` or lone surrogates, so records are escaped losslessly
 * (`encodeJsonbText`). Values are always passed as parameters; the table
 * names are validated and quoted. Server errors become `StoreError` with the
 * cause.
 */
export function createPostgresSessionStore({
  pool,
  table = 'acm_sessions',
  cachedSessions = 1000,
}: PostgresSessionStoreOptions): SessionStore {
  if (
    pool === null ||
    typeof pool !== 'object' ||
    typeof pool.query !== 'function'
  ) {
    throw new InvalidConfigError({
      parameter: 'pool',
      value: pool,
      message: 'expected a pg Pool',
    });
  }
  if (!Number.isSafeInteger(cachedSessions) || cachedSessions < 0) {
    throw new InvalidConfigError({
      parameter: 'cachedSessions',
      value: cachedSessions,
      message: 'expected an integer ≥ 0',
    });
  }
  const quoted = quoteTableName(table);
  const log = quoteTableName(`${table}_log`);
  const cursors = createSessionLogCache({ limit: cachedSessions });
  const statements = {
    load: `SELECT s.revision::text AS revision, s.state::text AS state,
        (SELECT array_agg(l.record::text ORDER BY l.revision) FROM ${log} l
          WHERE l.session_id = s.session_id) AS records
      FROM ${quoted} s WHERE s.session_id = $1`,
    head: `SELECT revision::text AS revision FROM ${quoted} WHERE session_id = $1`,
    appendDelta: `WITH head AS (
        UPDATE ${quoted} SET revision = $3, updated_at = now()
        WHERE session_id = $1 AND revision = $2 AND state ->> 'epoch' = $4
        RETURNING session_id)
      INSERT INTO ${log} (session_id, revision, record)
        SELECT session_id, $3, $5::jsonb FROM head`,
    replaceLog: `WITH head AS (
        UPDATE ${quoted} SET revision = $3, state = $4::jsonb, updated_at = now()
        WHERE session_id = $1 AND revision = $2
        RETURNING session_id),
      gone AS (DELETE FROM ${log} WHERE session_id IN (SELECT session_id FROM head))
      INSERT INTO ${log} (session_id, revision, record)
        SELECT session_id, $3, $5::jsonb FROM head`,
    create: `WITH head AS (
        INSERT INTO ${quoted} (session_id, revision, state, updated_at)
        VALUES ($1, $2, $3::jsonb, now()) ON CONFLICT (session_id) DO NOTHING
        RETURNING session_id),
      gone AS (DELETE FROM ${log} WHERE session_id IN (SELECT session_id FROM head))
      INSERT INTO ${log} (session_id, revision, record)
        SELECT session_id, $2, $4::jsonb FROM head`,
    delete: `WITH gone AS (DELETE FROM ${log} WHERE session_id = $1)
      DELETE FROM ${quoted} WHERE session_id = $1`,
    list: `SELECT session_id FROM ${quoted}`,
  };

  function corrupt(
    sessionId: string,
    operation: 'load' | 'save',
    detail: string,
    cause?: unknown,
  ): StoreError {
    return new StoreError({
      operation,
      sessionId,
      message: `Postgres session ${JSON.stringify(sessionId)} in ${quoted} is corrupt: ${detail}`,
      cause,
    });
  }

  /** Reads and validates a session (`undefined` when missing); refreshes its cursor. */
  async function read(
    sessionId: string,
    operation: 'load' | 'save',
  ): Promise<ContextState | undefined> {
    let rows: {
      revision: string;
      state: string;
      records: string[] | null;
    }[];
    try {
      ({ rows } = await pool.query<{
        revision: string;
        state: string;
        records: string[] | null;
      }>(statements.load, [sessionId]));
    } catch (error) {
      throw toPostgresStoreError(error, operation, sessionId);
    }
    const row = rows[0];
    if (row === undefined) {
      cursors.delete(sessionId);
      return undefined;
    }
    let state: ContextState;
    let cursor: SessionLogCursor;
    try {
      const head = JSON.parse(decodeJsonbText(row.state)) as Record<
        string,
        unknown
      >;
      if (head.format === SESSION_LOG_FORMAT) {
        if (head.schemaVersion !== SESSION_LOG_SCHEMA_VERSION) {
          throw new Error(
            `unsupported session log schema version ${JSON.stringify(head.schemaVersion)} (written by a newer version?)`,
          );
        }
        ({ state, cursor } = replaySessionLog({
          records: (row.records ?? []).map(decodeJsonbText),
          revision: Number(row.revision),
        }));
      } else {
        // Stored before session logs: the whole state in the head row.
        state = parseState(decodeJsonbText(row.state));
        if (String(state.revision) !== row.revision) {
          throw new Error(
            `the revision column (${row.revision}) disagrees with the state's revision (${state.revision})`,
          );
        }
        cursor = createMigrationCursor(state);
      }
    } catch (error) {
      throw corrupt(
        sessionId,
        operation,
        error instanceof Error ? error.message : String(error),
        error,
      );
    }
    if (state.sessionId !== sessionId) {
      throw corrupt(
        sessionId,
        operation,
        `it holds session ${JSON.stringify(state.sessionId)}`,
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
      try {
        await writeSessionLog({
          sessionId,
          state,
          expectedRevision,
          cursors,
          // Never write blind over a row this store has not read: a corrupt
          // or newer one is refused, not overwritten.
          read: (id) => read(id, 'save'),
          createEpoch: randomUUID,
          write: async (write) => {
            const record = encodeJsonbText(write.text);
            const head = JSON.stringify({
              format: SESSION_LOG_FORMAT,
              schemaVersion: SESSION_LOG_SCHEMA_VERSION,
              epoch: write.epoch,
            });
            const { rowCount } =
              write.kind === 'delta'
                ? await pool.query(statements.appendDelta, [
                    sessionId,
                    expectedRevision,
                    state.revision,
                    write.epoch,
                    record,
                  ])
                : expectedRevision === null
                  ? await pool.query(statements.create, [
                      sessionId,
                      state.revision,
                      head,
                      record,
                    ])
                  : await pool.query(statements.replaceLog, [
                      sessionId,
                      expectedRevision,
                      state.revision,
                      head,
                      record,
                    ]);
            if (rowCount === 1) return { kind: 'written' };
            const { rows } = await pool.query<{ revision: string }>(
              statements.head,
              [sessionId],
            );
            const actual = rows[0]?.revision;
            const actualRevision = actual === undefined ? null : Number(actual);
            // Same revision, another lineage (or a row stored before session
            // logs): writeSessionLog reads it, then writes in full.
            return actualRevision === expectedRevision
              ? { kind: 'stale' }
              : { kind: 'conflict', actualRevision };
          },
        });
      } catch (error) {
        throw toPostgresStoreError(error, 'save', sessionId);
      }
    },

    async delete(sessionId: string): Promise<boolean> {
      assertValidSessionId(sessionId);
      cursors.delete(sessionId);
      try {
        const { rowCount } = await pool.query(statements.delete, [sessionId]);
        return rowCount === 1;
      } catch (error) {
        throw toPostgresStoreError(error, 'delete', sessionId);
      }
    },

    async list(): Promise<string[]> {
      try {
        const { rows } = await pool.query<{ session_id: string }>(
          statements.list,
        );
        return rows.map((row) => row.session_id).sort();
      } catch (error) {
        throw toPostgresStoreError(error, 'list');
      }
    },
  };
}
