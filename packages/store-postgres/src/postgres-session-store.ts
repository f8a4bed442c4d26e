import {
  InvalidConfigError,
  parseState,
  serializeState,
  StoreConflictError,
  StoreError,
} from '@acm/core';
import { assertValidSave, assertValidSessionId } from '@acm/core/internal';
import type { ContextState, SaveOptions, SessionStore } from '@acm/core';
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
}

/**
 * A {@link SessionStore} on PostgreSQL: one row per session in `table`
 * (`session_id`, `revision`, `state` as JSONB, `updated_at`). Run
 * `migratePostgresSessionStore` once first.
 *
 * Compare-and-set is one statement: `INSERT … ON CONFLICT DO NOTHING` when
 * the session must not exist, `UPDATE … WHERE session_id = $1 AND revision = $2`
 * otherwise; when no row changed, the stored revision is read for the
 * `StoreConflictError`. JSONB cannot hold `\u0000` or lone surrogates, so they
 * are escaped losslessly (`encodeJsonbText`); JSONB also normalizes the order
 * of object keys, which `parseState` does not depend on. Values are always
 * passed as parameters; the table name is validated and quoted.
 * Server errors become `StoreError` with the cause.
 */
export function createPostgresSessionStore({
  pool,
  table = 'acm_sessions',
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
  const quoted = quoteTableName(table);
  const statements = {
    load: `SELECT state::text AS state FROM ${quoted} WHERE session_id = $1`,
    revision: `SELECT revision::text AS revision FROM ${quoted} WHERE session_id = $1`,
    insert: `INSERT INTO ${quoted} (session_id, revision, state, updated_at)
      VALUES ($1, $2, $3::jsonb, now()) ON CONFLICT (session_id) DO NOTHING`,
    update: `UPDATE ${quoted} SET revision = $3, state = $4::jsonb, updated_at = now()
      WHERE session_id = $1 AND revision = $2`,
    delete: `DELETE FROM ${quoted} WHERE session_id = $1`,
    list: `SELECT session_id FROM ${quoted}`,
  };

  return {
    async load(sessionId: string): Promise<ContextState | undefined> {
      assertValidSessionId(sessionId);
      let rows: { state: string }[];
      try {
        ({ rows } = await pool.query<{ state: string }>(statements.load, [
          sessionId,
        ]));
      } catch (error) {
        throw toPostgresStoreError(error, 'load', sessionId);
      }
      const row = rows[0];
      if (row === undefined) return undefined;
      let state: ContextState;
      try {
        state = parseState(decodeJsonbText(row.state));
      } catch (error) {
        throw new StoreError({
          operation: 'load',
          sessionId,
          message: `Postgres session ${JSON.stringify(sessionId)} in ${quoted} is corrupt: ${error instanceof Error ? error.message : String(error)}`,
          cause: error,
        });
      }
      if (state.sessionId !== sessionId) {
        throw new StoreError({
          operation: 'load',
          sessionId,
          message: `Postgres session ${JSON.stringify(sessionId)} in ${quoted} holds session ${JSON.stringify(state.sessionId)}`,
        });
      }
      return state;
    },

    async save(
      sessionId: string,
      state: ContextState,
      { expectedRevision }: SaveOptions,
    ) {
      assertValidSave({ sessionId, state, expectedRevision });
      const document = encodeJsonbText(serializeState(state));
      try {
        const { rowCount } =
          expectedRevision === null
            ? await pool.query(statements.insert, [
                sessionId,
                state.revision,
                document,
              ])
            : await pool.query(statements.update, [
                sessionId,
                expectedRevision,
                state.revision,
                document,
              ]);
        if (rowCount === 1) return;
        const { rows } = await pool.query<{ revision: string }>(
          statements.revision,
          [sessionId],
        );
        const actual = rows[0]?.revision;
        throw new StoreConflictError({
          sessionId,
          expectedRevision,
          actualRevision: actual === undefined ? null : Number(actual),
        });
      } catch (error) {
        throw toPostgresStoreError(error, 'save', sessionId);
      }
    },

    async delete(sessionId: string): Promise<boolean> {
      assertValidSessionId(sessionId);
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
