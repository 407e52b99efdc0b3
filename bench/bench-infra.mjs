// What every benchmark needs around the code it measures: the bench's credentials, a database of
// its own, a Redis key prefix to clean up, and child processes that say when they are ready.
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { runMigrations } from '../apps/api/dist/database/data-source.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The credentials the bench's app and simulator share; never real ones. */
export const SECRETS = Object.freeze({
  accessToken: 'bench-access-token-0123456789',
  appSecret: 'bench-app-secret',
  verifyToken: 'bench-verify-token',
  phoneNumberId: '106540352242922',
  businessAccountId: '102290129340398',
  apiKey: 'sk_bench_0123456789abcdef0123456789abcdef',
});

/** Where the benches find PostgreSQL and Redis, as `npm test` does (BENCH_PG_URL, BENCH_REDIS_URL). */
export const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * This run's database (on the server of `pgUrl`) and Redis key prefix, both named
 * `sendbook_bench_<kind>_<time>_<pid>`: `create()` makes the database with the app's schema,
 * `drop()` (for a `finally`) removes it and the prefix's keys, saying on `log` what it could not.
 */
export function benchStore(kind, { pgUrl, redisUrl, log }) {
  const database = `sendbook_bench_${kind}_${Date.now()}_${process.pid}`;
  const databaseUrl = withDatabase(pgUrl, database);
  return {
    database,
    redisPrefix: database,
    databaseUrl,
    async create() {
      await adminQuery(pgUrl, `CREATE DATABASE ${pg.escapeIdentifier(database)}`);
      await runMigrations(databaseUrl);
    },
    async drop() {
      await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(database)} WITH (FORCE)`).catch((e) => log(`drop database failed: ${e.message}`));
      await deleteRedisKeys(redisUrl, `${database}*`).catch((e) => log(`redis cleanup failed: ${e.message}`));
    },
  };
}

/** The app's environment for a bench run against `graphUrl`, with the bench's database and prefix. */
export function benchEnv({ graphUrl, databaseUrl, redisUrl, redisPrefix }) {
  return {
    LOG_LEVEL: 'silent',
    WHATSAPP_ACCESS_TOKEN: SECRETS.accessToken,
    WHATSAPP_APP_SECRET: SECRETS.appSecret,
    WHATSAPP_VERIFY_TOKEN: SECRETS.verifyToken,
    WHATSAPP_PHONE_NUMBER_ID: SECRETS.phoneNumberId,
    WHATSAPP_BUSINESS_ACCOUNT_ID: SECRETS.businessAccountId,
    WHATSAPP_GRAPH_URL: graphUrl,
    BOOTSTRAP_API_KEY: SECRETS.apiKey,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
  };
}

/**
 * One request to the bench's API with its key (`SECRETS.apiKey`, an admin's): resolves with the
 * status and the body as text, whatever the status. `agent`: keep-alive sockets of the caller's.
 * `headers`: instead of the key (a signed webhook carries its signature, not a key).
 */
export function apiRequest(
  baseUrl,
  method,
  route,
  { agent, body, contentType = 'application/json', headers = { authorization: `Bearer ${SECRETS.apiKey}` } } = {},
) {
  return new Promise((resolve, reject) => {
    const all = { ...headers };
    if (body !== undefined) Object.assign(all, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
    const req = http.request(`${baseUrl}${route}`, { method, agent, headers: all }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A status webhook as Meta sends it for the bench's number: `status` (a status object) in its envelope. */
export function statusWebhookBody(status) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: SECRETS.businessAccountId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: SECRETS.phoneNumberId },
              statuses: [status],
            },
          },
        ],
      },
    ],
  });
}

export function withDatabase(serverUrl, database) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function adminQuery(serverUrl, sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function redisConnection(url) {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    db: Number(parsed.pathname.slice(1) || 0),
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
  };
}

export async function deleteRedisKeys(url, pattern) {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = nextCursor;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export function withTimeout(promise, ms, message) {
  let timer;
  return Promise.race([promise, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]).finally(() => clearTimeout(timer));
}

/**
 * A Node child process with an IPC channel that sends `{ type: 'ready', ...details }` once it is
 * up. `request(message)` sends `{ ...message, id }` and resolves with the child's `{ id, value }`.
 * With `stdoutLines`, what the child prints is kept in `child.stdout`, a line each.
 */
export function startChild(entry, { env = {}, args = [], what = path.basename(entry), stdoutLines = false } = {}) {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [entry, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', stdoutLines ? 'pipe' : 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    proc.stderr.on('data', (d) => (stderr += d));
    const stdout = [];
    if (stdoutLines) {
      let partial = '';
      proc.stdout.on('data', (d) => {
        const lines = (partial + d).split('\n');
        partial = lines.pop();
        stdout.push(...lines);
      });
    }
    const pending = new Map();
    let seq = 0;
    const request = (message) =>
      new Promise((answer) => {
        const id = ++seq;
        pending.set(id, answer);
        proc.send({ ...message, id });
      });
    const child = { proc, ready: null, request, stdout };
    const timer = setTimeout(() => reject(new Error(`${what} did not start: ${stderr}`)), 20_000);
    proc.on('message', (msg) => {
      if (msg.type === 'ready') {
        clearTimeout(timer);
        child.ready = msg;
        resolve(child);
      } else if (pending.has(msg.id)) {
        pending.get(msg.id)(msg.value);
        pending.delete(msg.id);
      }
    });
    proc.on('exit', (code) => {
      clearTimeout(timer);
      if (child.ready === null) reject(new Error(`${what} exited with ${code}: ${stderr}`));
    });
  });
}

export function stopChild(child) {
  const { proc } = child;
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    proc.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    proc.kill('SIGTERM');
  });
}

/** A bench's command-line option: the number after `name` (`--rows 1000`), or `fallback`. */
export function numberOption(args, name, fallback) {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}

export function fmt(n, digits = 0) {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}
