import { DataSource, type DataSourceOptions } from 'typeorm';
import type { DatabasePooler } from '../config/config.schema.js';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';
import { NAMED_STATEMENTS_OPTION } from './prepared-rows.js';

/**
 * `statementMs`: PostgreSQL cancels a statement running longer (statement_timeout); `queryMs`:
 * the client gives up waiting for an answer (a stalled server, a black-holed socket), a little
 * later so a live server's own cancellation comes first. 0: no limit (migrations).
 */
export interface QueryTimeouts {
  statementMs: number;
  queryMs: number;
}

/** How the pool reaches PostgreSQL: directly (the default), or through a pooler (AppConfig.database). */
export interface PoolSettings extends QueryTimeouts {
  pooler: DatabasePooler;
  namedStatements: boolean;
}

const DIRECT: PoolSettings = { statementMs: 0, queryMs: 0, pooler: 'none', namedStatements: true };

export function dataSourceOptions(databaseUrl: string, settings: Partial<PoolSettings> = {}): DataSourceOptions {
  const { statementMs, queryMs, pooler, namedStatements } = { ...DIRECT, ...settings };
  // PgBouncer refuses a connection whose startup packet carries statement_timeout ("unsupported
  // startup parameter"): behind it the server connections get theirs from the pooler's side
  // (docs/OPERATIONS.md, checked at boot by PoolerCheck).
  const sendsStatementTimeout = statementMs > 0 && pooler === 'none';
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    // Schema changes only ever come from checked-in migrations.
    synchronize: false,
    // gen_random_uuid() is built into PostgreSQL 13+: no extension to install.
    uuidExtension: 'pgcrypto',
    migrationsRun: false,
    extra: {
      max: 20,
      connectionTimeoutMillis: 5000,
      ...(sendsStatementTimeout ? { statement_timeout: statementMs } : {}),
      ...(queryMs > 0 ? { query_timeout: queryMs } : {}),
      // No JIT compilation: its 5–6 ms a query went to searches over large tables whose row guesses
      // crossed jit_above_cost, for work taking a tenth of a millisecond (bench/scale.bench.mjs).
      // Sendbook's statements are short; none runs long enough to win it back. (A pooler would
      // refuse the startup parameter, like statement_timeout: set jit = off on its servers.)
      ...(pooler === 'none' ? { options: '-c jit=off' } : {}),
      // Read by preparedRows (pg ignores a setting it does not know).
      [NAMED_STATEMENTS_OPTION]: namedStatements,
    },
  };
}

/**
 * Runs pending migrations. An advisory lock, held by one session for the whole run, keeps API and
 * worker processes that boot together from racing through the same migration. That session must be
 * PostgreSQL's own: give the direct URL (AppConfig.databaseDirectUrl), never a transaction pooler's.
 */
export async function runMigrations(databaseUrl: string): Promise<string[]> {
  const dataSource = new DataSource(dataSourceOptions(databaseUrl));
  await dataSource.initialize();
  const lock = dataSource.createQueryRunner();
  try {
    await lock.connect();
    await lock.query(`SELECT pg_advisory_lock(hashtext('sendbook:migrations'))`);
    const ran = await dataSource.runMigrations({ transaction: 'each' });
    return ran.map((m) => m.name);
  } finally {
    await lock.query(`SELECT pg_advisory_unlock(hashtext('sendbook:migrations'))`).catch(() => undefined);
    await lock.release();
    await dataSource.destroy();
  }
}
