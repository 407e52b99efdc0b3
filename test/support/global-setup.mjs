// Runs once per jest run, outside jest's module system, so it uses the built API (`npm run build`).
import path from 'node:path';
import pg from 'pg';
import { runMigrations } from '../../apps/api/dist/database/data-source.js';
import { withDatabase } from '../../apps/api/dist/infra/probe.js';
import { resolveInfra } from '../../apps/api/dist/infra/resolve-infra.js';

/** Find PostgreSQL and Redis (same rules as `npm start`) and migrate a template database. */
export default async function globalSetup() {
  const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const infra = await resolveInfra({
    databaseUrl: process.env.TEST_DATABASE_URL ?? null,
    redisUrl: process.env.TEST_REDIS_URL ?? null,
    dataDir: path.resolve('.data/test'),
    allowEmbedded: true,
    database: 'postgres',
  });
  const templateDatabase = `sbt_${runId}_template`;
  const admin = new pg.Client({ connectionString: infra.databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(templateDatabase)}`);
  await admin.end();
  await runMigrations(withDatabase(infra.databaseUrl, templateDatabase));
  // Read back by test/support/test-infra.ts in every test file.
  process.env.SENDBOOK_TEST_INFRA = JSON.stringify({ serverUrl: infra.databaseUrl, templateDatabase, redisUrl: infra.redisUrl, runId });
  globalThis.sendbookStartedInfra = infra;
}
