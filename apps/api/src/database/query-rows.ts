/** What SQL can be run on: a DataSource, a transaction's EntityManager, the ReadDatabase. */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** What can run statements in one transaction on one connection: a DataSource, the ReadDatabase. */
export interface Transactional {
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
}

/**
 * Runs SQL and returns its rows. TypeORM answers UPDATE/DELETE … RETURNING with
 * `[rows, affected]` and everything else with `rows`; callers only want the rows.
 */
export async function queryRows<T = Record<string, unknown>>(db: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  const result: unknown = await db.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}
