import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../apps/api/src/infra/free-port.js';
import { redisAnswers } from '../../apps/api/src/infra/probe.js';
import { RedisUnavailableError } from '../../apps/api/src/infra/redis-server.js';
import { resolveInfra } from '../../apps/api/src/infra/resolve-infra.js';
import { testInfra } from '../support/test-infra.js';

describe('infrastructure bootstrap picks an explicit URL, else a local server, else an embedded one', () => {
  let dataDir: string;
  let closedPort: number;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sendbook-infra-'));
    closedPort = await freePort();
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('uses explicit URLs as given, without probing or starting anything', async () => {
    const infra = await resolveInfra({
      databaseUrl: 'postgres://somewhere.invalid/db',
      redisUrl: 'redis://somewhere.invalid:6379',
      dataDir,
      allowEmbedded: true,
    });
    expect(infra.sources).toEqual({ database: 'explicit', redis: 'explicit' });
    expect(infra.databaseUrl).toBe('postgres://somewhere.invalid/db');
    await infra.stop();
  });

  it('uses the local servers when they answer, creating the database', async () => {
    const { serverUrl, redisUrl, runId } = testInfra();
    const database = `sbt_${runId}_localprobe`;
    const infra = await resolveInfra({ dataDir, allowEmbedded: false, database, localPostgresUrl: serverUrl, localRedisUrl: redisUrl });
    expect(infra.sources).toEqual({ database: 'local', redis: 'local' });
    const client = new pg.Client({ connectionString: infra.databaseUrl });
    await client.connect();
    expect((await client.query('SELECT current_database() AS db')).rows[0].db).toBe(database);
    await client.end();
    await infra.stop();
  });

  it('starts an embedded PostgreSQL and a redis-server when nothing answers, and stops them cleanly', async () => {
    const infra = await resolveInfra({
      dataDir,
      allowEmbedded: true,
      localPostgresUrl: `postgres://postgres@127.0.0.1:${closedPort}/postgres`,
      localRedisUrl: `redis://127.0.0.1:${closedPort}`,
    });
    expect(infra.sources).toEqual({ database: 'embedded', redis: 'embedded' });

    const client = new pg.Client({ connectionString: infra.databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ answer: number }>('SELECT 6 * 7 AS answer');
    expect(rows[0]!.answer).toBe(42);
    await client.end();
    expect(await redisAnswers(infra.redisUrl)).toBe(true);

    await infra.stop();
    const after = new pg.Client({ connectionString: infra.databaseUrl, connectionTimeoutMillis: 1000 });
    after.on('error', () => undefined);
    await expect(after.connect()).rejects.toThrow();
    expect(await redisAnswers(infra.redisUrl, 300)).toBe(false);
  }, 120_000);

  it('says plainly how to get Redis when none answers and no redis-server is on PATH', async () => {
    const { serverUrl } = testInfra();
    const attempt = resolveInfra({
      databaseUrl: serverUrl,
      dataDir,
      allowEmbedded: true,
      localRedisUrl: `redis://127.0.0.1:${closedPort}`,
      redisBinary: 'redis-server-that-is-not-installed',
    });
    await expect(attempt).rejects.toThrow(RedisUnavailableError);
    await expect(attempt).rejects.toThrow(/Install Redis .* or set REDIS_URL/);
  });

  it('refuses to start embedded services for `serve`', async () => {
    const attempt = resolveInfra({
      dataDir,
      allowEmbedded: false,
      localPostgresUrl: `postgres://postgres@127.0.0.1:${closedPort}/postgres`,
    });
    await expect(attempt).rejects.toThrow(/DATABASE_URL is not set/);
  });
});
