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
import type {
  PostgresQueryResult,
  PostgresSessionStorePool,
} from './postgres-session-store-pool';
import { quoteTableName } from './quote-table-name';
import { toPostgresStoreError } from './to-postgres-store-error';

/** The row `statements.load` returns. */
interface LoadRow extends Record<string, unknown> {
  revision: string;
  state: string;
  /** The head row's `xmin`. */
  xmin: string;
  /** The log's records, one per line (jsonb text), or null without any. */
  records: string | null;
  /** `<revision> <xmin>` of the log's first and last rows. */
  first: string | null;
  last: string | null;
}

/**
 * What the store read or wrote last of a session (its cursor's `storeData`):
 * a write goes through only while the rows are those versions.
 */
type StoredRows =
  | {
      readonly read: 'log';
      readonly headXmin: string;
      /** The full record's row: its revision and `xmin`. */
      readonly full: { readonly revision: string; readonly xmin: string };
      /** The last record's row's `xmin` (its revision is the head's). */
      readonly tailXmin: string;
    }
  /** A head row holding the whole state, from before session logs. */
  | { readonly read: 'legacy'; readonly headXmin: string };

/** `<revision> <xmin>` of a log row (absent: a value no row has). */
function parseRowFacts(facts: string | null): {
  revision: string;
  xmin: string;
} {
  const [revision = '-1', xmin = ''] = (facts ?? '').split(' ');
  return { revision, xmin };
}

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
 * Compare-and-set, the checks and the writes are one statement
 * (data-modifying CTEs), so a save is atomic: `UPDATE … WHERE revision =
 * $expected` gates the record insert. The store never writes past or over a
 * row it has not read: a save onto an existing session goes through only
 * while the head row, the log's full record and its last record are the row
 * versions the store last read or wrote (`xmin`, index lookups: O(1) in the
 * log's length). Rows changed behind its back are read again, and a corrupt,
 * foreign or newer record fails the save with `StoreError` naming it,
 * nothing written. Load is one statement (one snapshot) that returns the log
 * as one text, a record per line. JSONB cannot hold
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
  // Every write onto an existing session first checks, in the same
  // statement, that the rows are the versions this store last read or wrote
  // (`xmin`: any UPDATE, or DELETE and INSERT, makes a new one): the head row,
  // the log's first (full) record and its last record, and no record outside
  // them. Index lookups only: O(1) in the log's length.
  const logUnchanged = (
    fullRevision: string,
    fullXmin: string,
    tailXmin: string,
  ) => `(SELECT xmin::text FROM ${log} WHERE session_id = $1 AND revision = ${fullRevision}) = ${fullXmin}
        AND (SELECT xmin::text FROM ${log} WHERE session_id = $1 AND revision = $2) = ${tailXmin}
        AND NOT EXISTS (SELECT 1 FROM ${log} WHERE session_id = $1 AND revision < ${fullRevision})
        AND NOT EXISTS (SELECT 1 FROM ${log} WHERE session_id = $1 AND revision > $2)`;
  const statements = {
    // One statement, one snapshot; the records as one text (jsonb's text
    // form has no raw newline), not an array the driver parses character by
    // character.
    load: `SELECT s.revision::text AS revision, s.state::text AS state, s.xmin::text AS xmin,
        (SELECT string_agg(l.record::text, E'\n' ORDER BY l.revision) FROM ${log} l
          WHERE l.session_id = s.session_id) AS records,
        (SELECT l.revision::text || ' ' || l.xmin::text FROM ${log} l
          WHERE l.session_id = s.session_id ORDER BY l.revision LIMIT 1) AS first,
        (SELECT l.revision::text || ' ' || l.xmin::text FROM ${log} l
          WHERE l.session_id = s.session_id ORDER BY l.revision DESC LIMIT 1) AS last
      FROM ${quoted} s WHERE s.session_id = $1`,
    head: `SELECT revision::text AS revision FROM ${quoted} WHERE session_id = $1`,
    // $1 session, $2 expected revision, $3 new revision, $4 head xmin,
    // $5 epoch, $6 full record revision, $7 its xmin, $8 last record xmin, $9 record.
    appendDelta: `WITH head AS (
        UPDATE ${quoted} SET revision = $3, updated_at = now()
        WHERE session_id = $1 AND revision = $2 AND xmin::text = $4
          AND state ->> 'epoch' = $5
          AND ${logUnchanged('$6', '$7', '$8')}
        RETURNING session_id)
      INSERT INTO ${log} (session_id, revision, record)
        SELECT session_id, $3, $9::jsonb FROM head
      RETURNING xmin::text AS xmin`,
    // $1 session, $2 expected revision, $3 new revision, $4 head, $5 record,
    // $6 head xmin, $7 full record revision, $8 its xmin, $9 last record xmin.
    replaceLog: `WITH head AS (
        UPDATE ${quoted} SET revision = $3, state = $4::jsonb, updated_at = now()
        WHERE session_id = $1 AND revision = $2 AND xmin::text = $6
          AND ${logUnchanged('$7', '$8', '$9')}
        RETURNING session_id),
      gone AS (DELETE FROM ${log} WHERE session_id IN (SELECT session_id FROM head))
      INSERT INTO ${log} (session_id, revision, record)
        SELECT session_id, $3, $5::jsonb FROM head
      RETURNING xmin::text AS xmin`,
    // A row from before session logs: $6 its xmin when read.
    replaceLegacy: `WITH head AS (
        UPDATE ${quoted} SET revision = $3, state = $4::jsonb, updated_at = now()
        WHERE session_id = $1 AND revision = $2 AND xmin::text = $6
          AND NOT EXISTS (SELECT 1 FROM ${log} WHERE session_id = $1)
        RETURNING session_id)
      INSERT INTO ${log} (session_id, revision, record)
        SELECT session_id, $3, $5::jsonb FROM head
      RETURNING xmin::text AS xmin`,
    create: `WITH head AS (
        INSERT INTO ${quoted} (session_id, revision, state, updated_at)
        VALUES ($1, $2, $3::jsonb, now()) ON CONFLICT (session_id) DO NOTHING
        RETURNING session_id),
      gone AS (DELETE FROM ${log} WHERE session_id IN (SELECT session_id FROM head))
      INSERT INTO ${log} (session_id, revision, record)
        SELECT session_id, $2, $4::jsonb FROM head
      RETURNING xmin::text AS xmin`,
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
    let rows: LoadRow[];
    try {
      ({ rows } = await pool.query<LoadRow>(statements.load, [sessionId]));
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
          records:
            row.records === null
              ? []
              : decodeJsonbText(row.records).split('\n'),
          revision: Number(row.revision),
          storeData: {
            read: 'log',
            headXmin: row.xmin,
            full: parseRowFacts(row.first),
            tailXmin: parseRowFacts(row.last).xmin,
          } satisfies StoredRows,
        }));
      } else {
        // Stored before session logs: the whole state in the head row.
        state = parseState(decodeJsonbText(row.state));
        if (String(state.revision) !== row.revision) {
          throw new Error(
            `the revision column (${row.revision}) disagrees with the state's revision (${state.revision})`,
          );
        }
        cursor = createMigrationCursor(state, {
          read: 'legacy',
          headXmin: row.xmin,
        } satisfies StoredRows);
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
          write: async (write, cursor) => {
            const record = encodeJsonbText(write.text);
            const head = JSON.stringify({
              format: SESSION_LOG_FORMAT,
              schemaVersion: SESSION_LOG_SCHEMA_VERSION,
              epoch: write.epoch,
            });
            const read = cursor?.storeData as StoredRows | undefined;
            let result: PostgresQueryResult<{ xmin: string }>;
            if (expectedRevision === null) {
              result = await pool.query(statements.create, [
                sessionId,
                state.revision,
                head,
                record,
              ]);
            } else if (read === undefined) {
              // Never written blind: writeSessionLog reads first.
              return { kind: 'stale' };
            } else if (write.kind === 'delta') {
              if (read.read !== 'log') return { kind: 'stale' };
              result = await pool.query(statements.appendDelta, [
                sessionId,
                expectedRevision,
                state.revision,
                read.headXmin,
                write.epoch,
                read.full.revision,
                read.full.xmin,
                read.tailXmin,
                record,
              ]);
            } else if (read.read === 'log') {
              result = await pool.query(statements.replaceLog, [
                sessionId,
                expectedRevision,
                state.revision,
                head,
                record,
                read.headXmin,
                read.full.revision,
                read.full.xmin,
                read.tailXmin,
              ]);
            } else {
              result = await pool.query(statements.replaceLegacy, [
                sessionId,
                expectedRevision,
                state.revision,
                head,
                record,
                read.headXmin,
              ]);
            }
            const written = result.rows[0];
            if (result.rowCount === 1 && written !== undefined) {
              // The head row and the new record are one transaction's rows.
              const full =
                write.kind === 'full' || read?.read !== 'log'
                  ? { revision: String(state.revision), xmin: written.xmin }
                  : read.full;
              return {
                kind: 'written',
                storeData: {
                  read: 'log',
                  headXmin: written.xmin,
                  full,
                  tailXmin: written.xmin,
                } satisfies StoredRows,
              };
            }
            const { rows } = await pool.query<{ revision: string }>(
              statements.head,
              [sessionId],
            );
            const actual = rows[0]?.revision;
            const actualRevision = actual === undefined ? null : Number(actual);
            // Same revision, but not the rows this store read or wrote last
            // (another lineage, a row from before session logs, rows changed
            // behind its back): writeSessionLog reads them, then writes again.
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
