import { DataSource, type DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';

/**
 * `statementMs`: PostgreSQL cancels a statement running longer (statement_timeout); `queryMs`:
 * the client gives up waiting for an answer (a stalled server, a black-holed socket), a little
 * later so a live server's own cancellation comes first. 0: no limit (migrations).
 */
export interface QueryTimeouts {
  statementMs: number;
  queryMs: number;
}

export function dataSourceOptions(databaseUrl: string, timeouts: QueryTimeouts = { statementMs: 0, queryMs: 0 }): DataSourceOptions {
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
      ...(timeouts.statementMs > 0 ? { statement_timeout: timeouts.statementMs } : {}),
      ...(timeouts.queryMs > 0 ? { query_timeout: timeouts.queryMs } : {}),
    },
  };
}

/**
 * Runs pending migrations. An advisory lock, held by one session for the whole run, keeps API and
 * worker processes that boot together from racing through the same migration.
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
