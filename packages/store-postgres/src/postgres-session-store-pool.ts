/** A query result, as `pg` returns it. */
export interface PostgresQueryResult<TRow> {
  rows: TRow[];
  rowCount: number | null;
}

/**
 * The part of a `pg` `Pool` (or `Client`) the store uses. A `new Pool(...)`
 * from `pg` ≥ 8.11 fits.
 */
export interface PostgresSessionStorePool {
  query<TRow extends Record<string, unknown>>(
    text: string,
    values?: unknown[],
  ): Promise<PostgresQueryResult<TRow>>;
}
