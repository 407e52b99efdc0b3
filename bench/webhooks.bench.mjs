// Webhook ingestion benchmark: 50 connections posting realistic signed bodies for 10 s against
// three servers, in alternating trials of the same run (three each by default); each server's
// figures are its median trial:
// - Sendbook's POST /webhooks/whatsapp (verify → group-committed store → 200);
// - the durable yardstick (bench/webhook-yardstick.mjs): plain node:http and pg doing the same
//   durable work (same HMAC, same group-committed INSERT … pg_notify into the same partitioned
//   table, 200 only after COMMIT), on a database of its own migrated by Sendbook's migrations; how
//   much of the gap to the bare server is Sendbook's own;
// - a bare node:http server that only verifies the HMAC and answers 200 (stores nothing).
// Needs the build (`npx tsc -b tsconfig.build.json`), PostgreSQL on 127.0.0.1:5432 (user postgres)
// and Redis on 127.0.0.1:6379. `node bench/webhooks.bench.mjs [--seconds 10] [--trials 3]
// [--connections 50] [--cpu-profile DIR]` (a V8 profile of this process, which hosts Sendbook,
// during its first trial), or `run()` from tools/bench.mjs.
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
import { numberOption, startChild, stopChild } from './bench-infra.mjs';
import { startCpuProfile } from './cpu-profile.mjs';
import { benchCpuMeter } from './outbound-profile.mjs';
import { median } from './median.mjs';

const LOAD_SCRIPT = fileURLToPath(new URL('./webhooks-load.mjs', import.meta.url));
const YARDSTICK_SCRIPT = fileURLToPath(new URL('./webhook-yardstick.mjs', import.meta.url));

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

/** One trial; p50/p99 in ms to 0.01 from each 2xx answer's time (webhooks-load.mjs), not autocannon's whole ms. */
const summary = (r) => ({
  rps: r.requests.average,
  p50: r.latency_exact_ms?.p50 ?? r.latency.p50,
  p99: r.latency_exact_ms?.p99 ?? r.latency.p99,
  ok: r['2xx'],
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
});

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
  // The yardstick's rows go to a database of its own: the two servers never share a table.
  const yardDatabase = `${database}_yard`;
  const redisPrefix = `sbbench:${database}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const withDatabase = (name) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const dbUrl = withDatabase(database);
  const yardUrl = withDatabase(yardDatabase);
  const payloadsFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'sendbook-bench-')), 'payloads.json');
  writeFileSync(payloadsFile, JSON.stringify(bodies()));
  let app;
  let bare;
  let yardstick;
  try {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`);
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(yardDatabase)}`);
    await runMigrations(dbUrl);
    await runMigrations(yardUrl);
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
    const config = withInfra(loadConfig(env), { databaseUrl: dbUrl, redisUrl });
    app = await createHttpApp(config);
    await app.listen(0, '127.0.0.1');
    const servers = [
      { key: 'sendbook', url: `${(await app.getUrl()).replace('[::1]', '127.0.0.1')}/webhooks/whatsapp`, dbUrl },
      { key: 'bare_node_http', url: null },
      { key: 'durable_yardstick', url: null, dbUrl: yardUrl },
    ];
    bare = await bareServer();
    servers[1].url = `http://127.0.0.1:${bare.address().port}/webhooks/whatsapp`;
    // In a process of its own, as the load generator: none of Sendbook's heap or timers in its way.
    yardstick = await startChild(YARDSTICK_SCRIPT, { env: { DATABASE_URL: yardUrl, WHATSAPP_APP_SECRET: SECRET }, what: 'the durable yardstick' });
    servers[2].url = `http://127.0.0.1:${yardstick.ready.port}/webhooks/whatsapp`;
    for (const server of servers) await load(server.url, payloadsFile, { connections, durationS: 1 }); // warm-up

    // Trials alternate so a slower minute of the machine hits every server; the order turns each
    // round (Sendbook, bare, yardstick; bare, yardstick, Sendbook; …) so no server always goes first
    // or always follows the same one. The figures are each server's median trial; every trial is listed.
    const results = Object.fromEntries(servers.map((s) => [s.key, []]));
    // CPU the durable servers spent, for docs/CAPACITY.md: the server's process (Sendbook's is this
    // one: the bare server beside it idles during Sendbook's trials), its database's backends, Redis.
    const cpu = { sendbook: [], durable_yardstick: [] };
    const meterFor = (server) =>
      server.key === 'sendbook'
        ? benchCpuMeter({ pgUrl: serverUrl, database })
        : server.key === 'durable_yardstick'
          ? benchCpuMeter({ pgUrl: serverUrl, database: yardDatabase, childPid: () => yardstick.proc.pid })
          : null;
    const before = {};
    for (const server of servers) if (server.dbUrl) before[server.key] = await countRows(server.dbUrl);
    for (let i = 0; i < trials; i++) {
      for (let j = 0; j < servers.length; j++) {
        const server = servers[(i + j) % servers.length];
        const stopProfile = cpuProfileDir && i === 0 && server.key === 'sendbook' ? await startCpuProfile() : null;
        const meter = meterFor(server);
        const trial = summary(await load(server.url, payloadsFile, { connections, durationS }));
        results[server.key].push(trial);
        if (meter) cpu[server.key].push({ acks: trial.ok, ...(await meter()) });
        if (stopProfile) log(`CPU profile of Sendbook's first trial: ${await stopProfile(cpuProfileDir, 'webhooks-sendbook')}`);
      }
    }
    // A 200 is sent only after its row committed, so stored ≥ acknowledged; the rows of requests
    // still in flight when a trial ended are stored but never counted as acknowledged.
    const durable = {};
    for (const server of servers.filter((s) => s.dbUrl)) {
      const acknowledged = results[server.key].reduce((sum, t) => sum + t.ok, 0);
      const stored = (await countRows(server.dbUrl)) - before[server.key];
      durable[server.key] = { acknowledged, stored, every_ack_stored: stored >= acknowledged };
    }

    const perAck = (runs, processKey) => {
      const acks = runs.reduce((n, r) => n + r.acks, 0);
      const sum = (key) => runs.reduce((n, r) => n + r[key], 0) / Math.max(1, acks);
      return { server_process: sum(processKey), postgres: sum('postgresBenchMs') + sum('postgresOtherMs'), redis: sum('redisMs') };
    };
    const s = medians(results.sendbook);
    const b = medians(results.bare_node_http);
    const y = medians(results.durable_yardstick);
    const figures = {
      name: 'webhooks.ingest',
      connections,
      duration_s: durationS,
      trials,
      sendbook: s,
      bare_node_http: b,
      durable_yardstick: y,
      trials_sendbook: results.sendbook,
      trials_bare_node_http: results.bare_node_http,
      trials_durable_yardstick: results.durable_yardstick,
      ratio: s.rps / b.rps,
      yardstick_ratio_to_bare: y.rps / b.rps,
      ratio_to_yardstick: s.rps / y.rps,
      p99_ratio_to_yardstick: s.p99 / y.p99,
      acknowledged: durable.sendbook.acknowledged,
      stored: durable.sendbook.stored,
      yardstick_acknowledged: durable.durable_yardstick.acknowledged,
      yardstick_stored: durable.durable_yardstick.stored,
      // Both durable servers: a 200 must always mean a committed row.
      every_ack_stored: durable.sendbook.every_ack_stored && durable.durable_yardstick.every_ack_stored,
      target: { ratio: 0.35, p99_ms: 25 },
      meets_target: s.rps / b.rps >= 0.35 && s.p99 < 25 && durable.sendbook.every_ack_stored,
      cpu_ms_per_ack: { sendbook: perAck(cpu.sendbook, 'benchProcessMs'), durable_yardstick: perAck(cpu.durable_yardstick, 'workerProcessMs') },
      yardstick_target: { ratio: 0.9, p99_ratio: 1.2 },
      meets_yardstick_target: s.rps / y.rps >= 0.9 && s.p99 / y.p99 <= 1.2 && durable.sendbook.every_ack_stored,
    };
    log(table(figures));
    return figures;
  } finally {
    if (yardstick) await stopChild(yardstick);
    await app?.close();
    await new Promise((resolve) => (bare ? bare.close(resolve) : resolve()));
    for (const name of [database, yardDatabase]) await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
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

const cpuLine = (c) => `process ${c.server_process.toFixed(3)}, PostgreSQL ${c.postgres.toFixed(3)}, Redis ${c.redis.toFixed(3)}`;

function table(f) {
  const row = (name, s, ratio) =>
    `| ${name.padEnd(34)} | ${s.rps.toFixed(0).padStart(8)} | ${s.p50.toFixed(1).padStart(7)} | ${s.p99.toFixed(1).padStart(7)} | ${ratio.padStart(6)} |`;
  const trial = (t) => `${t.rps.toFixed(0)} req/s p50 ${t.p50} p99 ${t.p99}`;
  const stored = (acknowledged, n) => `acknowledged ${acknowledged}, stored ${n}: ${n >= acknowledged ? 'every acknowledged body stored' : 'MISSING ROWS'}`;
  return [
    `webhooks.ingest: ${f.connections} connections, ${f.trials} alternating trials of ${f.duration_s} s per server, realistic signed bodies; medians`,
    '| server                             |    req/s | p50 ms  | p99 ms  | ÷ bare |',
    '|------------------------------------|----------|---------|---------|--------|',
    row('Sendbook POST /webhooks', f.sendbook, f.ratio.toFixed(2)),
    row('durable yardstick (node:http + pg)', f.durable_yardstick, f.yardstick_ratio_to_bare.toFixed(2)),
    row('bare node:http (HMAC only)', f.bare_node_http, '1.00'),
    `trials, Sendbook:  ${f.trials_sendbook.map(trial).join('; ')}`,
    `trials, yardstick: ${f.trials_durable_yardstick.map(trial).join('; ')}`,
    `trials, bare:      ${f.trials_bare_node_http.map(trial).join('; ')}`,
    `Sendbook: ${stored(f.acknowledged, f.stored)}; non-2xx ${f.sendbook.non2xx}, errors ${f.sendbook.errors}`,
    `yardstick: ${stored(f.yardstick_acknowledged, f.yardstick_stored)}; non-2xx ${f.durable_yardstick.non2xx}, errors ${f.durable_yardstick.errors}`,
    `CPU ms per ack (all trials, the load generator not counted): Sendbook ${cpuLine(f.cpu_ms_per_ack.sendbook)}; yardstick ${cpuLine(f.cpu_ms_per_ack.durable_yardstick)}`,
    `target ≥ 0.35 × bare with p99 < 25 ms: ${f.meets_target ? 'met' : 'NOT met'}`,
    `Sendbook ÷ durable yardstick: ${f.ratio_to_yardstick.toFixed(2)} × its req/s (target ≥ 0.9), ${f.p99_ratio_to_yardstick.toFixed(2)} × its p99 (target ≤ 1.2): ${f.meets_yardstick_target ? 'met' : 'NOT met'}`,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--cpu-profile');
  run({
    durationS: numberOption(args, '--seconds', 10),
    trials: numberOption(args, '--trials', 3),
    connections: numberOption(args, '--connections', 50),
    cpuProfileDir: at >= 0 ? args[at + 1] : null,
  }).then(
    (f) => process.exit(f.every_ack_stored ? 0 : 1),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
