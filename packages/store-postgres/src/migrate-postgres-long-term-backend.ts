import { InvalidConfigError } from '@acm/core';
import type { PostgresSessionStorePool } from './postgres-session-store-pool';
import { quoteTableName } from './quote-table-name';
import { toStoreError } from '@acm/core/adapter';

export interface MigratePostgresLongTermBackendOptions {
  /** A `pg` Pool (or Client) connected to the database. */
  pool: PostgresSessionStorePool;
  /**
   * The long-term memory table, `name` or `schema.name` (plain identifiers,
   * the name at most 55 characters: its indexes are named after it).
   * @default 'acm_long_term'
   */
  table?: string;
}

/**
 * SQLSTATEs of two migrations racing to create the same table or index: a
 * unique violation in the catalog, the relation, or its row type (42710).
 */
const ALREADY_CREATED = new Set(['23505', '42P07', '42710']);

/** Longest table name part: `<name>_search` and `<name>_marks` must fit PostgreSQL's 63-character identifiers. */
const MAX_NAME_CHARS = 55;

/** The quoted table, the quoted names of its two indexes (same schema) and its table of recorded messages. */
export function longTermTableNames(table: unknown): {
  table: string;
  searchIndex: string;
  ownerIndex: string;
  /** The recorded-message marks, schema-qualified like `table`. */
  marks: string;
  /** The marks table's name alone, as PostgreSQL reports it in errors. */
  marksName: string;
} {
  const quoted = quoteTableName(table);
  const name = (table as string).split('.').at(-1)!;
  if (name.length > MAX_NAME_CHARS) {
    throw new InvalidConfigError({
      parameter: 'table',
      value: table,
      message: `the long-term memory table's name must be at most ${MAX_NAME_CHARS} characters (its indexes are named <name>_search and <name>_owner, its marks table <name>_marks)`,
    });
  }
  const marksName = `${name}_marks`;
  return {
    table: quoted,
    searchIndex: `"${name}_search"`,
    ownerIndex: `"${name}_owner"`,
    marks: quoted.replace(/"[^"]*"$/, `"${marksName}"`),
    marksName,
  };
}

/**
 * Creates the long-term memory table and its indexes if they do not exist:
 * `<table>` (`id text primary key`, the owner columns `user_id` and
 * `agent_id` — `''` for a field the owner does not have —, `created_at`,
 * `record jsonb`: the record without its embedding, `search tsvector`,
 * `tokens integer`: the search text's length in words, `embedding float8[]`),
 * a GIN index on `search` (`<name>_search`), a B-tree index on the owner
 * (`<name>_owner`), and `<name>_marks`, the messages recorded (`user_id`,
 * `agent_id`, `session_id` — `''` without one —, `message_id`, all the
 * primary key: recording is idempotent across instances). Idempotent, and
 * safe to run from several processes at once; run it again after an upgrade
 * (it adds what a new version needs and changes nothing else).
 *
 * @throws InvalidConfigError for an invalid table name.
 * @throws StoreError (operation `connect`) when the server refuses.
 */
export async function migratePostgresLongTermBackend({
  pool,
  table = 'acm_long_term',
}: MigratePostgresLongTermBackendOptions): Promise<void> {
  const names = longTermTableNames(table);
  for (const statement of [
    `CREATE TABLE IF NOT EXISTS ${names.table} (
        id text PRIMARY KEY,
        user_id text NOT NULL,
        agent_id text NOT NULL,
        created_at double precision NOT NULL,
        record jsonb NOT NULL,
        search tsvector NOT NULL,
        tokens integer NOT NULL,
        embedding double precision[]
      )`,
    `CREATE INDEX IF NOT EXISTS ${names.searchIndex} ON ${names.table} USING gin (search)`,
    `CREATE INDEX IF NOT EXISTS ${names.ownerIndex} ON ${names.table} (user_id, agent_id, created_at)`,
    `CREATE TABLE IF NOT EXISTS ${names.marks} (
        user_id text NOT NULL,
        agent_id text NOT NULL,
        session_id text NOT NULL,
        message_id text NOT NULL,
        PRIMARY KEY (user_id, agent_id, session_id, message_id)
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
      throw toStoreError({
        error,
        operation: 'connect',
        store: 'Postgres long-term memory',
        action: 'migrate',
      });
    }
  }
}
