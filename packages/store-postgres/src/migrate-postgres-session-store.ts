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

/** SQLSTATEs of two migrations racing to create the same table. */
const ALREADY_CREATED = new Set(['23505', '42P07']);

/**
 * Creates the sessions table if it does not exist:
 * `session_id text primary key, revision bigint not null, state jsonb not null,
 * updated_at timestamptz not null default now()`. Idempotent, and safe to run
 * from several processes at once.
 *
 * @throws InvalidConfigError for an invalid table name.
 * @throws StoreError (operation `connect`) when the server refuses.
 */
export async function migratePostgresSessionStore({
  pool,
  table = 'acm_sessions',
}: MigratePostgresSessionStoreOptions): Promise<void> {
  const quoted = quoteTableName(table);
  try {
    await pool.query(
      `CREATE TABLE IF NOT EXISTS ${quoted} (
        session_id text PRIMARY KEY,
        revision bigint NOT NULL,
        state jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
    );
  } catch (error) {
    const code =
      error !== null && typeof error === 'object' && 'code' in error
        ? error.code
        : undefined;
    if (typeof code === 'string' && ALREADY_CREATED.has(code)) return;
    throw toPostgresStoreError(error, 'connect');
  }
}
