import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import { queryRows } from './query-rows.js';

/**
 * The data source's `extra` setting (dataSourceOptions) that says whether statements may be named:
 * false behind a pooler in transaction mode, where the next transaction may run on another server
 * connection, one that never prepared the name ("does not exist") or prepared it already for
 * another client ("already exists").
 */
export const NAMED_STATEMENTS_OPTION = 'sendbookNamedStatements';

/** Statement text → its name on the server; the texts are fixed strings, so this stays small. */
const names = new Map<string, string>();

function nameOf(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    name = `sb_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    names.set(sql, name);
  }
  return name;
}

/** The statement's name, or none (an unnamed statement, parsed on each call) where names cannot be kept. */
function nameFor(dataSource: DataSource, sql: string): string | undefined {
  const extra = (dataSource.options as { extra?: Record<string, unknown> }).extra;
  return extra?.[NAMED_STATEMENTS_OPTION] === false ? undefined : nameOf(sql);
}

/**
 * Runs a hot statement as a named prepared statement: each pooled connection parses and plans it
 * once instead of on every call (planning the sender's read cost PostgreSQL more than running it).
 * The name derives from the text, so two statements can never share one. Outside a transaction only.
 * Behind a transaction pooler that cannot keep names, the same statement unnamed.
 */
export async function preparedRows<T = Record<string, unknown>>(dataSource: DataSource, sql: string, params: unknown[] = []): Promise<T[]> {
  const result = await poolOf(dataSource).query<T & Record<string, unknown>>({ name: nameFor(dataSource, sql), text: sql, values: params });
  return result.rows;
}

function poolOf(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}

/**
 * The same inside a transaction: runs on the transaction's own connection, as a named prepared
 * statement of that connection. Falls back to an unnamed query outside a transaction.
 */
export async function preparedTxRows<T = Record<string, unknown>>(tx: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = (tx.queryRunner as unknown as { databaseConnection?: PoolClient } | undefined)?.databaseConnection;
  if (!tx.queryRunner?.isTransactionActive || !client) return queryRows<T>(tx, sql, params);
  const result = await client.query<T & Record<string, unknown>>({ name: nameFor(tx.connection, sql), text: sql, values: params });
  return result.rows;
}
