// What the read replica costs people's reads and writes: `GET /v1/conversations/{id}` (a thread with
// 30 notes) and `POST …/notes` latency through the real API, p50 / p95, in alternating trials:
//   primary        no DATABASE_READ_URL: every read on the primary (the baseline);
//   replica        a reader who wrote nothing lately: one Redis GET, then the replica;
//   own write      the writer's read right after their note: the Redis GET, a look at the replica's
//                  pg_last_wal_replay_lsn() (shared by the reads asking at once), a wait for replay
//                  when it is behind (a standby on the same machine is a few ms behind at most);
// and the writes: the note's POST without a replica, and with one (pg_current_wal_lsn() and a Redis
// EVAL after it); then each piece of the check timed alone. A private primary and a streaming
// standby of it (test/support, as root: runuser).
//
// Plain Node ESM on the BUILT code (`npx tsc -b tsconfig.build.json` first):
//   node bench/read-replica.bench.mjs [--samples 400] [--trials 3]   (samples × trials requests per variant)
// Needs Redis on localhost (BENCH_REDIS_URL); removes what it made.
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { loadConfig, withInfra } from '../apps/api/dist/config/load-config.js';
import { createHttpApp } from '../apps/api/dist/create-app.js';
import { runMigrations } from '../apps/api/dist/database/data-source.js';
import { startPrivatePostgres } from '../test/support/private-postgres.mjs';
import { startPrivateStandby } from '../test/support/private-standby.mjs';
import { adminQuery, benchEnv, deleteRedisKeys, fmt, SECRETS, withDatabase } from './bench-infra.mjs';

const NOTES = 30;

export async function run({ samples = 400, trials = 3, redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379', log = console.log } = {}) {
  const primary = await startPrivatePostgres();
  let standby = null;
  const apps = [];
  const redisPrefix = `bench-replica-${Date.now()}`;
  try {
    const database = 'bench_replica';
    await adminQuery(primary.url, `CREATE DATABASE ${database}`);
    await runMigrations(withDatabase(primary.url, database));
    standby = await startPrivateStandby(primary.url);
    const start = async (env) => {
      const base = benchEnv({ graphUrl: 'http://127.0.0.1:9', databaseUrl: withDatabase(primary.url, database), redisUrl, redisPrefix });
      const config = withInfra(loadConfig({ ...base, ROLE: 'api', ...env }), { databaseUrl: base.DATABASE_URL, redisUrl });
      const app = await createHttpApp(config);
      await app.listen(0, '127.0.0.1');
      apps.push(app);
      return (await app.getUrl()).replace('[::1]', '127.0.0.1');
    };
    const plain = await start({});
    const replicated = await start({ DATABASE_READ_URL: withDatabase(standby.url, database) });

    const call = async (url, method, path, key, body) => {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return JSON.parse(text);
    };
    const writerKey = SECRETS.apiKey;
    const readerKey = (await call(plain, 'POST', '/v1/api-keys', writerKey, { name: 'bench reader', scopes: ['admin'] })).key;
    const { conversation } = await call(plain, 'POST', '/v1/conversations', writerKey, { to: '+16505550999' });
    for (let i = 0; i < NOTES; i++) await call(plain, 'POST', `/v1/conversations/${conversation.id}/notes`, writerKey, { text: `note ${i}` });
    await standby.caughtUp();
    const thread = `/v1/conversations/${conversation.id}`;
    const timed = async (work) => {
      const started = performance.now();
      await work();
      return performance.now() - started;
    };

    const variants = {
      primary: async () => ({ read: await timed(() => call(plain, 'GET', thread, readerKey)) }),
      replica: async () => ({ read: await timed(() => call(replicated, 'GET', thread, readerKey)) }),
      'own write, no replica': async () => {
        const write = await timed(() => call(plain, 'POST', `${thread}/notes`, writerKey, { text: 'x' }));
        return { write, read: await timed(() => call(plain, 'GET', thread, writerKey)) };
      },
      'own write': async () => {
        const write = await timed(() => call(replicated, 'POST', `${thread}/notes`, writerKey, { text: 'x' }));
        return { write, read: await timed(() => call(replicated, 'GET', thread, writerKey)) };
      },
    };
    // Warm both apps' pools and code paths.
    for (const v of Object.values(variants)) for (let i = 0; i < 50; i++) await v();

    // Interleaved one request at a time (primary, replica, own write…, then again), so the machine's
    // drift from second to second falls on every variant alike.
    const results = Object.fromEntries(Object.keys(variants).map((name) => [name, { reads: [], writes: [] }]));
    for (let i = 0; i < samples * trials; i++) {
      for (const [name, v] of Object.entries(variants)) {
        const r = await v();
        results[name].reads.push(r.read);
        if (r.write !== undefined) results[name].writes.push(r.write);
      }
    }
    // Each paired with its baseline's request of the same round: what the replica adds.
    const baseline = { replica: 'primary', 'own write': 'own write, no replica' };
    const added = (name, key) => {
      const base = results[baseline[name]]?.[key];
      return base ? quantiles(results[name][key].map((ms, i) => ms - base[i])).p50 : null;
    };
    const rows = Object.entries(results).map(([name, r]) => ({
      name,
      read: quantiles(r.reads),
      write: r.writes.length ? quantiles(r.writes) : null,
      addedRead: added(name, 'reads'),
      addedWrite: r.writes.length ? added(name, 'writes') : null,
    }));
    log(`\nGET ${thread.replace(conversation.id, '{id}')} (${NOTES} notes), ${samples * trials} requests each, interleaved`);
    for (const r of rows) {
      const more = (ms) => (ms === null ? '' : ` (median paired difference to ${baseline[r.name]}: ${ms >= 0 ? '+' : ''}${fmt(ms, 2)} ms)`);
      log(
        `  ${r.name.padEnd(22)} read p50 ${fmt(r.read.p50, 2)} ms, p95 ${fmt(r.read.p95, 2)} ms${more(r.addedRead)}` +
          (r.write ? `; its write p50 ${fmt(r.write.p50, 2)} ms, p95 ${fmt(r.write.p95, 2)} ms${more(r.addedWrite)}` : ''),
      );
    }

    // The pieces, each timed alone from this process: what a reader's check and a writer's note cost.
    const redis = new Redis(redisUrl);
    const onStandby = new pg.Client({ connectionString: withDatabase(standby.url, database) });
    const onPrimary = new pg.Client({ connectionString: withDatabase(primary.url, database) });
    await onStandby.connect();
    await onPrimary.connect();
    try {
      const pieces = {
        'Redis GET of a position (every replica read of a signed-in reader)': () => redis.get(`${redisPrefix}:read-your-writes:nobody`),
        'pg_last_wal_replay_lsn() on the replica (a look, when the position is new)': () => onStandby.query('SELECT pg_last_wal_replay_lsn()::text AS at'),
        'pg_current_wal_lsn() on the primary (after a write)': () => onPrimary.query('SELECT pg_current_wal_lsn()::text AS at'),
      };
      for (const [name, piece] of Object.entries(pieces)) {
        for (let i = 0; i < 200; i++) await piece();
        const times = [];
        for (let i = 0; i < 2_000; i++) times.push(await timed(piece));
        const q = quantiles(times);
        log(`  ${name}: p50 ${fmt(q.p50 * 1000)} µs, p95 ${fmt(q.p95 * 1000)} µs`);
        rows.push({ name, read: q, write: null, addedRead: null, addedWrite: null });
      }
    } finally {
      redis.disconnect();
      await onStandby.end();
      await onPrimary.end();
    }
    return rows;
  } finally {
    for (const app of apps) await app.close().catch(() => undefined);
    await standby?.remove().catch(() => undefined);
    await primary.stop();
    await deleteRedisKeys(redisUrl, `${redisPrefix}*`);
  }
}

function quantiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p95: at(0.95) };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  await run({ samples: arg('samples', 400), trials: arg('trials', 3) });
  process.exit(0);
}
