import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import type { Clock } from '../../apps/api/src/common/clock.js';
import type { AppConfig } from '../../apps/api/src/config/config.schema.js';
import { loadConfig, withInfra } from '../../apps/api/src/config/load-config.js';
import { createHttpApp } from '../../apps/api/src/create-app.js';
import { runMigrations } from '../../apps/api/src/database/data-source.js';
import { withDatabase } from '../../apps/api/src/infra/probe.js';
import { deleteKeys } from './redis-keys.mjs';
import { testEnv } from './test-env.js';
import { testInfra } from './test-infra.js';

export interface TestApp {
  readonly app: INestApplication;
  /** Base URL of the real HTTP server, e.g. http://127.0.0.1:40123 */
  readonly url: string;
  readonly config: AppConfig;
  readonly dataSource: DataSource;
  /** Every route Fastify registered, as `GET /v1/messages/:id` (HEAD routes Fastify adds for GETs left out). */
  readonly routes: readonly string[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  readonly env?: Record<string, string | undefined>;
  /** Point the app at another Redis (e.g. one the test stops on purpose). */
  readonly redisUrl?: string;
  /** Another PostgreSQL server (e.g. one the test stalls): an empty database there, migrated by the app's migrations. */
  readonly databaseServerUrl?: string;
  /** A streaming standby of `databaseServerUrl` (private-standby.mjs): the app's DATABASE_READ_URL, its database of the same name there. */
  readonly readServerUrl?: string;
  /**
   * A pooler in front of that server (e.g. a private PgBouncer, which passes every database name
   * on): the app's DATABASE_URL goes through it in transaction mode, DATABASE_DIRECT_URL (migrations, LISTEN) does not.
   */
  readonly databasePoolerUrl?: string;
  /** The app's time (e.g. an AdjustableClock a test moves); the system clock when absent. */
  readonly clock?: Clock;
}

/**
 * Boots the real Nest application on a real port against its own database (copied from the
 * migrated template) and its own Redis key prefix, so test files run in parallel safely.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const infra = testInfra();
  const database = `sbt_${infra.runId}_${randomBytes(4).toString('hex')}`;
  const serverUrl = options.databaseServerUrl ?? infra.serverUrl;
  if (options.databaseServerUrl) await createEmptyDatabase(serverUrl, database);
  else await createDatabaseFromTemplate(serverUrl, database, infra.templateDatabase);
  const redisPrefix = `sbt:${infra.runId}:${database}`;
  // Each app its own media folder, beside the run's other scratch files.
  const mediaDir = path.join(os.tmpdir(), 'sendbook-media', database);
  const pooled = options.databasePoolerUrl
    ? {
        DATABASE_URL: withDatabase(options.databasePoolerUrl, database),
        DATABASE_DIRECT_URL: withDatabase(serverUrl, database),
        DATABASE_POOLER: 'transaction',
      }
    : {};
  const replica = options.readServerUrl ? { DATABASE_READ_URL: withDatabase(options.readServerUrl, database) } : {};
  const config = withInfra(loadConfig(testEnv({ REDIS_PREFIX: redisPrefix, MEDIA_DIR: mediaDir, ...pooled, ...replica, ...options.env })), {
    databaseUrl: withDatabase(options.databasePoolerUrl ?? serverUrl, database),
    redisUrl: options.redisUrl ?? infra.redisUrl,
  });
  await runMigrations(config.databaseDirectUrl);
  const app = await createHttpApp(config, undefined, options.clock);
  // Nest registers its routes when the app starts listening: seen here as they are added.
  const routes: string[] = [];
  (app.getHttpAdapter().getInstance() as FastifyInstance).addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  });
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');

  return {
    app,
    url,
    config,
    dataSource: app.get(DataSource),
    routes,
    close: async () => {
      await app.close();
      await dropDatabase(serverUrl, database);
      await rm(mediaDir, { recursive: true, force: true });
      const redis = new Redis(infra.redisUrl);
      await deleteKeys(redis, `${redisPrefix}*`);
      redis.disconnect();
    },
  };
}

async function createDatabaseFromTemplate(serverUrl: string, database: string, template: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // Two copies of one template at the same instant can trip "being accessed by other users".
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(database)} TEMPLATE ${pg.escapeIdentifier(template)}`);
        return;
      } catch (error) {
        if (attempt >= 20 || !(error instanceof Error && /being accessed by other users/.test(error.message))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
}

async function createEmptyDatabase(serverUrl: string, database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`);
  } finally {
    await admin.end();
  }
}

async function dropDatabase(serverUrl: string, database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(database)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
