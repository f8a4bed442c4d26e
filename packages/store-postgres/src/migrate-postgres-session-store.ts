import type { PostgresSessionStorePool } from './postgres-session-store-pool';
import { quoteTableName } from './quote-table-name';
import { toPostgresStoreError } from './to-postgres-store-error';

export interface MigratePostgresSessionStoreOptions {
  /** A `pg` Pool (or Client) connected to the database. */
  pool: PostgresSessionStorePool;
  /**
   * The sessions table, `name` or `schema.name` (plain identifiers).
   * @default 'acm_sessions'
   */
  table?: string;
}

/**
 * SQLSTATEs of two migrations racing to create the same table: a unique
 * violation in the catalog, the table, or its row type (42710, duplicate
 * object: `type "<table>" already exists`).
 */
const ALREADY_CREATED = new Set(['23505', '42P07', '42710']);

/**
 * Creates the sessions table and its session log table if they do not exist:
 * `<table>` (`session_id text primary key, revision bigint not null, state
 * jsonb not null, updated_at timestamptz not null default now()`: one head row
 * per session, the revision's one source of truth) and `<table>_log`
 * (`session_id text, revision bigint, record jsonb`, primary key
 * `(session_id, revision)`: the session log records). Idempotent, and safe to
 * run from several processes at once; run it again after upgrading from a
 * version without session logs (existing rows are read as they are and
 * migrated by their next save).
 *
 * @throws InvalidConfigError for an invalid table name.
 * @throws StoreError (operation `connect`) when the server refuses.
 */
export async function migratePostgresSessionStore({
  pool,
  table = 'acm_sessions',
}: MigratePostgresSessionStoreOptions): Promise<void> {
  const quoted = quoteTableName(table);
  const log = quoteTableName(`${table}_log`);
  for (const statement of [
    `CREATE TABLE IF NOT EXISTS ${quoted} (
        session_id text PRIMARY KEY,
        revision bigint NOT NULL,
        state jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
    `CREATE TABLE IF NOT EXISTS ${log} (
        session_id text NOT NULL,
        revision bigint NOT NULL,
        record jsonb NOT NULL,
        PRIMARY KEY (session_id, revision)
      )`,
  ]) {
    try {
      await pool.query(statement);
    } catch (error) {
      const code =
        error !== null && typeof error === 'object' && 'code' in error
          ? error.code
          : undefined;
      if (typeof code === 'string' && ALREADY_CREATED.has(code)) continue;
      throw toPostgresStoreError(error, 'connect');
    }
  }
}
