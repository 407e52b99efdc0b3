import { DataSource, type DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';

export function dataSourceOptions(databaseUrl: string): DataSourceOptions {
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
    extra: { max: 20, connectionTimeoutMillis: 5000 },
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
