// Webhook ingestion benchmark: 50 connections posting realistic signed bodies for 10 s
// against Sendbook's POST /webhooks/whatsapp (verify → group-committed store → 200), and against a
// bare node:http server that only verifies the HMAC and answers 200, in alternating trials of the
// same run (three each by default); each server's figures are its median trial.
// Needs the build (`npx tsc -b tsconfig.build.json`), PostgreSQL on 127.0.0.1:5432 (user postgres)
// and Redis on 127.0.0.1:6379. `node bench/webhooks.bench.mjs [--cpu-profile DIR]` (a V8 profile of
// this process, which hosts Sendbook, during its first trial), or `run()` from tools/bench.mjs.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { loadConfig, withInfra } from '../apps/api/dist/config/load-config.js';
import { createHttpApp } from '../apps/api/dist/create-app.js';
import { runMigrations } from '../apps/api/dist/database/data-source.js';
import { startCpuProfile } from './cpu-profile.mjs';
import { median } from './median.mjs';

const LOAD_SCRIPT = fileURLToPath(new URL('./webhooks-load.mjs', import.meta.url));

const SECRET = 'bench-app-secret';
const PHONE_NUMBER_ID = '106540352242922';

/** Realistic bodies: statuses with pricing/conversation, inbound texts with contacts, mixed batch sizes, some non-ASCII. */
function bodies(count = 200) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const ts = 1_790_000_000 + i;
    const statuses = Array.from({ length: 1 + (i % 5) }, (_, j) => ({
      id: `wamid.HBgLMTY1MDU1NTEyMzQVAgARGBI${i}x${j}`,
      status: ['sent', 'delivered', 'read'][j % 3],
      timestamp: String(ts + j),
      recipient_id: '16505551234',
      biz_opaque_callback_data: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
      conversation: { id: `conv${i}`, expiration_timestamp: String(ts + 86400), origin: { type: 'utility' } },
      pricing: { billable: true, pricing_model: 'PMP', type: 'regular', category: 'utility' },
    }));
    const value =
      i % 3 === 0
        ? {
            contacts: [{ profile: { name: 'Sh\\u00e9ena N\\u00f8lson' }, wa_id: '16505551234', user_id: 'US.13491208655302741918' }],
            messages: [
              {
                from: '16505551234',
                id: `wamid.inbound${i}`,
                timestamp: String(ts),
                type: 'text',
                text: { body: `Hi! Order #${i} \\u00e4\\u00f6\\u00e5 \\ud83d\\udc4b` },
              },
            ],
          }
        : { statuses };
    const json = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550783881', phone_number_id: PHONE_NUMBER_ID }, ...value },
            },
          ],
        },
      ],
    }).replaceAll('\\\\u', '\\u'); // keep Meta's \uXXXX escapes literally in the bytes
    const signature = `sha256=${createHmac('sha256', SECRET).update(json).digest('hex')}`;
    out.push({ body: json, signature });
  }
  return out;
}

/** Runs the load generator in a child process, so it does not share the server's event loop. */
function load(url, payloadsFile, { connections, durationS }) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [LOAD_SCRIPT, url, String(connections), String(durationS), payloadsFile], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load generator exited with ${code}`))));
  });
}

function bareServer() {
  const secret = Buffer.from(SECRET);
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const header = String(req.headers['x-hub-signature-256'] ?? '');
      const expected = createHmac('sha256', secret).update(body).digest();
      const got = Buffer.from(header.replace(/^sha256=/, ''), 'hex');
      const ok = got.length === expected.length && timingSafeEqual(got, expected);
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      res.end(ok ? '{"received":true}' : '{"error":"invalid_signature"}');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const summary = (r) => ({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, ok: r['2xx'], non2xx: r.non2xx, errors: r.errors + r.timeouts });

/** Each figure's median over the trials (rps, p50 and p99 each on its own). */
function medians(trials) {
  return {
    rps: median(trials.map((t) => t.rps)),
    p50: median(trials.map((t) => t.p50)),
    p99: median(trials.map((t) => t.p99)),
    ok: trials.reduce((sum, t) => sum + t.ok, 0),
    non2xx: trials.reduce((sum, t) => sum + t.non2xx, 0),
    errors: trials.reduce((sum, t) => sum + t.errors, 0),
  };
}

export async function run({
  durationS = 10,
  connections = 50,
  trials = 3,
  serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  cpuProfileDir = null,
  log = console.log,
} = {}) {
  const database = `sendbook_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const redisPrefix = `sbbench:${database}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`);
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${database}`;
  const payloadsFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'sendbook-bench-')), 'payloads.json');
  writeFileSync(payloadsFile, JSON.stringify(bodies()));
  let app;
  let bare;
  try {
    await runMigrations(dbUrl.toString());
    const env = {
      LOG_LEVEL: 'error',
      // The endpoint alone: workers would compete for the same two cores (ROLE=api, as in production scale-out).
      ROLE: 'api',
      REDIS_PREFIX: redisPrefix,
      WHATSAPP_ACCESS_TOKEN: 'bench',
      WHATSAPP_APP_SECRET: SECRET,
      WHATSAPP_VERIFY_TOKEN: 'bench-verify-token',
      WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
    };
    const config = withInfra(loadConfig(env), { databaseUrl: dbUrl.toString(), redisUrl });
    app = await createHttpApp(config);
    await app.listen(0, '127.0.0.1');
    const appUrl = `${(await app.getUrl()).replace('[::1]', '127.0.0.1')}/webhooks/whatsapp`;
    bare = await bareServer();
    const bareUrl = `http://127.0.0.1:${bare.address().port}/webhooks/whatsapp`;
    await load(appUrl, payloadsFile, { connections, durationS: 1 }); // warm-up
    await load(bareUrl, payloadsFile, { connections, durationS: 1 });

    // Trials alternate (ours, bare, ours, bare, …) so a slower minute of the machine hits both;
    // the figures are each server's median trial, and every trial is listed.
    const trialsOurs = [];
    const trialsBare = [];
    const stored = { before: await countRows(dbUrl.toString()), acknowledged: 0 };
    for (let i = 0; i < trials; i++) {
      const stopProfile = cpuProfileDir && i === 0 ? await startCpuProfile() : null;
      trialsOurs.push(summary(await load(appUrl, payloadsFile, { connections, durationS })));
      if (stopProfile) log(`CPU profile of Sendbook's first trial: ${await stopProfile(cpuProfileDir, 'webhooks-sendbook')}`);
      trialsBare.push(summary(await load(bareUrl, payloadsFile, { connections, durationS })));
    }
    stored.after = await countRows(dbUrl.toString());
    const acknowledged = trialsOurs.reduce((sum, t) => sum + t.ok, 0);
    const storedRows = stored.after - stored.before;

    const s = medians(trialsOurs);
    const b = medians(trialsBare);
    const figures = {
      name: 'webhooks.ingest',
      connections,
      duration_s: durationS,
      trials,
      sendbook: s,
      bare_node_http: b,
      trials_sendbook: trialsOurs,
      trials_bare_node_http: trialsBare,
      ratio: s.rps / b.rps,
      acknowledged,
      stored: storedRows,
      every_ack_stored: storedRows >= acknowledged,
      target: { ratio: 0.35, p99_ms: 25 },
      meets_target: s.rps / b.rps >= 0.35 && s.p99 < 25 && storedRows >= acknowledged,
    };
    log(table(figures));
    return figures;
  } finally {
    await app?.close();
    await new Promise((resolve) => (bare ? bare.close(resolve) : resolve()));
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(database)} WITH (FORCE)`);
    await admin.end();
    const redis = new Redis(redisUrl);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.unlink(...keys);
    } while (cursor !== '0');
    redis.disconnect();
  }
}

async function countRows(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return Number((await c.query('SELECT count(*) FROM webhook_deliveries')).rows[0].count);
  } finally {
    await c.end();
  }
}

function table(f) {
  const row = (name, s, ratio) =>
    `| ${name.padEnd(30)} | ${s.rps.toFixed(0).padStart(8)} | ${String(s.p50).padStart(7)} | ${String(s.p99).padStart(7)} | ${ratio.padStart(6)} |`;
  const trial = (t) => `${t.rps.toFixed(0)} req/s p50 ${t.p50} p99 ${t.p99}`;
  return [
    `webhooks.ingest: ${f.connections} connections, ${f.trials} alternating trials of ${f.duration_s} s per server, realistic signed bodies; medians`,
    '| server                         |    req/s | p50 ms  | p99 ms  | ratio  |',
    '|--------------------------------|----------|---------|---------|--------|',
    row('Sendbook POST /webhooks', f.sendbook, f.ratio.toFixed(2)),
    row('bare node:http (HMAC only)', f.bare_node_http, '1.00'),
    `trials, Sendbook: ${f.trials_sendbook.map(trial).join('; ')}`,
    `trials, bare:     ${f.trials_bare_node_http.map(trial).join('; ')}`,
    `acknowledged ${f.acknowledged}, stored ${f.stored}: ${f.every_ack_stored ? 'every acknowledged body stored' : 'MISSING ROWS'}; non-2xx ${f.sendbook.non2xx}, errors ${f.sendbook.errors}`,
    `target ≥ 0.35 × bare with p99 < 25 ms: ${f.meets_target ? 'met' : 'NOT met'}`,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--cpu-profile');
  run({ cpuProfileDir: at > 0 ? process.argv[at + 1] : null }).then(
    (f) => process.exit(f.every_ack_stored ? 0 : 1),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
