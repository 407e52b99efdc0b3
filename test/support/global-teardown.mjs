import pg from 'pg';
import { Redis } from 'ioredis';
import { deleteKeys } from './redis-keys.mjs';

/** Leaves nothing behind: every database and Redis key of this run goes. */
export default async function globalTeardown() {
  const infra = JSON.parse(process.env.SENDBOOK_TEST_INFRA);
  const admin = new pg.Client({ connectionString: infra.serverUrl });
  await admin.connect();
  const { rows } = await admin.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [`sbt_${infra.runId}_%`]);
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)} WITH (FORCE)`);
  await admin.end();
  const redis = new Redis(infra.redisUrl);
  await deleteKeys(redis, `sbt:${infra.runId}:*`);
  redis.disconnect();
  await globalThis.sendbookStartedInfra?.stop();
}
