// Unsigned-flood benchmark: the ack latency of valid, signed webhook POSTs (what Meta measures)
// while a flood of unsigned POSTs arrives at `--rate` per second (2,000 by default), against the
// same valid traffic alone. The flood comes from a worker thread with its own event loop, each
// request on a new connection (a refused one is closed), each announcing a 64 KB body it never
// sends: only a server that refuses before reading stays fast. Target: p99 under 25 ms.
//
// Plain Node ESM on the BUILT code (`npx tsc -b tsconfig.build.json` first):
//   node bench/unsigned-flood.bench.mjs [--rate 2000] [--seconds 5] [--valid-rate 50]
// Needs PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379; removes its database and keys.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { Redis } from 'ioredis';
import pg from 'pg';
import { ackSummary, steadyWebhooks } from './webhook-acks.mjs';

const SECRETS = {
  accessToken: 'bench-access-token-0123456789',
  appSecret: 'bench-app-secret-0123456789',
  verifyToken: 'bench-verify-token-0123456789',
  phoneNumberId: '106540352242922',
  businessAccountId: '102290129340398',
  apiKey: 'sk_bench_0123456789abcdef0123456789abcdef',
};
const TARGET_P99_MS = 25;

if (!isMainThread) flood(workerData);

export async function run({
  rate = 2_000,
  seconds = 5,
  validRate = 50,
  pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  log = console.log,
} = {}) {
  const { loadConfig, withInfra } = await import('../apps/api/dist/config/load-config.js');
  const { createHttpApp } = await import('../apps/api/dist/create-app.js');
  const { runMigrations } = await import('../apps/api/dist/database/data-source.js');
  const stamp = `${Date.now()}_${randomBytes(3).toString('hex')}`;
  const database = `sendbook_bench_flood_${stamp}`;
  const redisPrefix = `sendbook_bench_flood_${stamp}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`);
  const dbUrl = new URL(pgUrl);
  dbUrl.pathname = `/${database}`;
  let app;
  try {
    await runMigrations(dbUrl.toString());
    const env = {
      LOG_LEVEL: 'silent',
      ROLE: 'api',
      WHATSAPP_ACCESS_TOKEN: SECRETS.accessToken,
      WHATSAPP_APP_SECRET: SECRETS.appSecret,
      WHATSAPP_VERIFY_TOKEN: SECRETS.verifyToken,
      WHATSAPP_PHONE_NUMBER_ID: SECRETS.phoneNumberId,
      WHATSAPP_BUSINESS_ACCOUNT_ID: SECRETS.businessAccountId,
      WHATSAPP_GRAPH_URL: 'http://127.0.0.1:9',
      BOOTSTRAP_API_KEY: SECRETS.apiKey,
      REDIS_PREFIX: redisPrefix,
    };
    app = await createHttpApp(withInfra(loadConfig(env), { databaseUrl: dbUrl.toString(), redisUrl }));
    await app.listen(0, '127.0.0.1');
    const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');

    // Warm up: connections, prepared statements, JIT.
    const validTraffic = (forSeconds) => steadyWebhooks(url, { rate: validRate, seconds: forSeconds, secrets: SECRETS });
    await validTraffic(1);
    const alone = ackSummary(await validTraffic(seconds));
    log(`valid traffic alone: ${alone.acks} acks`);

    const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { url, rate, seconds: seconds + 1 } });
    const flooded = new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const during = ackSummary(await validTraffic(seconds));
    const flooding = await flooded;
    await worker.terminate();

    const figures = {
      flood_rate_per_s: Math.round(flooding.sent / flooding.seconds),
      flood_answers: flooding.answers,
      flood_refused_401: flooding.refused,
      valid_acks: during.acks,
      valid_not_200: alone.not_200 + during.not_200,
      alone,
      during,
    };
    figures.p99_under_target = figures.during.p99_ms !== null && figures.during.p99_ms < TARGET_P99_MS;
    figures.every_valid_ack_200 = figures.valid_not_200 === 0;
    log(table(figures));
    return figures;
  } finally {
    await app?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(database)} WITH (FORCE)`);
    await admin.end();
    await unlinkPrefix(redisUrl, redisPrefix);
  }
}

/** Worker thread: unsigned request heads at `rate` per second, each on its own connection. */
function flood({ url, rate, seconds }) {
  const { hostname, port } = new URL(url);
  const head = `POST /webhooks/whatsapp HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: 65536\r\n\r\n`;
  let sent = 0;
  let answers = 0;
  let refused = 0;
  let open = 0;
  const started = performance.now();
  const tick = () => {
    const elapsed = (performance.now() - started) / 1000;
    if (elapsed >= seconds) {
      const finish = () =>
        open === 0 || performance.now() - started > (seconds + 3) * 1000 ? parentPort.postMessage({ sent, answers, refused, seconds }) : setTimeout(finish, 20);
      return finish();
    }
    const due = Math.floor(elapsed * rate);
    // At most a few hundred sockets at once: a flood, not a descriptor exhaustion test.
    while (sent < due && open < 512) {
      sent += 1;
      open += 1;
      const socket = net.connect(Number(port), hostname);
      let first = true;
      socket.on('data', (chunk) => {
        if (!first) return;
        first = false;
        answers += 1;
        if (chunk.toString('latin1', 0, 12) === 'HTTP/1.1 401') refused += 1;
      });
      socket.on('error', () => undefined);
      socket.on('close', () => (open -= 1));
      socket.setTimeout(5_000, () => socket.destroy());
      socket.write(head);
    }
    setTimeout(tick, 5);
  };
  tick();
}

async function unlinkPrefix(redisUrl, prefix) {
  const redis = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await redis.unlink(...keys);
  } while (cursor !== '0');
  redis.disconnect();
}

function table(f) {
  return [
    `| | valid acks p50 | p95 | p99 | max |`,
    `|---|---|---|---|---|`,
    `| alone | ${f.alone.p50_ms} ms | ${f.alone.p95_ms} ms | ${f.alone.p99_ms} ms | ${f.alone.max_ms} ms |`,
    `| during ${f.flood_rate_per_s} unsigned/s | ${f.during.p50_ms} ms | ${f.during.p95_ms} ms | ${f.during.p99_ms} ms | ${f.during.max_ms} ms |`,
    '',
    `flood: ${f.flood_answers} answered, ${f.flood_refused_401} of them 401 before the body; valid acks not 200: ${f.valid_not_200}; p99 under ${TARGET_P99_MS} ms: ${f.p99_under_target}`,
  ].join('\n');
}

if (isMainThread && process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name, fallback) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? Number(process.argv[at + 1]) : fallback;
  };
  run({ rate: arg('rate', 2_000), seconds: arg('seconds', 5), validRate: arg('valid-rate', 50) }).then(
    (f) => process.exit(f.every_valid_ack_200 ? 0 : 1),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
