// Scale: does a busy year slow the hot path down? Enqueue (`POST /v1/messages`, one client, one
// at a time) and claim (`queued → sending`, the statement every send starts with) latencies,
// p50/p99, on empty tables and again with 1,000,000 retained outbound rows and 100,000 webhook
// event keys in them. Target: filled ≤ 1.5 × empty.
//
// Plain Node ESM on the BUILT code (`npx tsc -b tsconfig.build.json` first):
//   node bench/scale.bench.mjs [--rows 1000000] [--event-keys 100000] [--samples 400]
// Needs PostgreSQL and Redis on localhost (BENCH_PG_URL / BENCH_REDIS_URL); removes what it made.
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createSimulator } from '../apps/simulator/dist/index.js';
import { loadConfig, withInfra } from '../apps/api/dist/config/load-config.js';
import { createHttpApp } from '../apps/api/dist/create-app.js';
import { runMigrations } from '../apps/api/dist/database/data-source.js';
import { OutboxRepository } from '../apps/api/dist/modules/outbox/outbox.repository.js';
import { adminQuery, benchEnv, deleteRedisKeys, fmt, SECRETS, withDatabase } from './bench-infra.mjs';

const TARGET = 1.5;
const FILL_CHUNK = 100_000;

export async function run({
  rows = 1_000_000,
  eventKeys = 100_000,
  samples = 400,
  trials = 3,
  pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  log = console.log,
} = {}) {
  const stamp = `${Date.now()}_${process.pid}`;
  const sides = ['empty', 'filled'].map((name) => ({
    name,
    database: `sendbook_bench_scale_${name}_${stamp}`,
    redisPrefix: `sendbook_bench_scale_${name}_${stamp}`,
  }));
  let sim;
  try {
    sim = await createSimulator({
      accessToken: SECRETS.accessToken,
      appSecret: SECRETS.appSecret,
      phoneNumbers: [
        { id: SECRETS.phoneNumberId, displayPhoneNumber: '15550783881', wabaId: SECRETS.businessAccountId, mps: 80, messagingLimit: 'TIER_UNLIMITED' },
      ],
    });
    // Two databases side by side, one empty and one filled, measured in alternation, so a slow
    // minute of this shared machine slows both.
    for (const side of sides) {
      side.databaseUrl = withDatabase(pgUrl, side.database);
      await adminQuery(pgUrl, `CREATE DATABASE ${pg.escapeIdentifier(side.database)}`);
      await runMigrations(side.databaseUrl);
    }
    log(`filling one: ${fmt(rows)} retained outbound rows and ${fmt(eventKeys)} webhook event keys`);
    const fillStarted = performance.now();
    await fill(sides[1].databaseUrl, rows, eventKeys);
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    for (const side of sides) {
      // ROLE=api: no worker takes the rows, so each one is claimed here, by the bench, and timed.
      const env = { ...benchEnv({ graphUrl: sim.url, databaseUrl: side.databaseUrl, redisUrl, redisPrefix: side.redisPrefix }), MESSAGING_LIMIT: 'unlimited' };
      side.app = await createHttpApp(withInfra(loadConfig({ ...env, ROLE: 'api' }), { databaseUrl: side.databaseUrl, redisUrl }));
      await side.app.listen(0, '127.0.0.1');
      side.url = (await side.app.getUrl()).replace('[::1]', '127.0.0.1');
      side.repo = side.app.get(OutboxRepository, { strict: false });
      side.batch = 0;
      side.trials = [];
      log(`warming up (${side.name}): ${samples} enqueues and claims, untimed`);
      await measure(side, samples);
    }
    for (let trial = 1; trial <= trials; trial++) {
      for (const side of sides) {
        log(`trial ${trial} (${side.name}): ${samples} enqueues, then ${samples} claims`);
        side.trials.push(await measure(side, samples));
      }
    }
    const [empty, filled] = sides.map((side) => ({
      enqueue: { p50: middle(side.trials.map((t) => t.enqueue.p50)), p99: middle(side.trials.map((t) => t.enqueue.p99)) },
      claim: { p50: middle(side.trials.map((t) => t.claim.p50)), p99: middle(side.trials.map((t) => t.claim.p99)) },
      trials: side.trials,
    }));
    const ratio = (kind, q) => filled[kind][q] / empty[kind][q];
    const figures = {
      rows,
      event_keys: eventKeys,
      samples,
      trials,
      fill_seconds: fillSeconds,
      empty,
      filled,
      ratios: {
        enqueue_p50: ratio('enqueue', 'p50'),
        enqueue_p99: ratio('enqueue', 'p99'),
        claim_p50: ratio('claim', 'p50'),
        claim_p99: ratio('claim', 'p99'),
      },
      target: TARGET,
    };
    figures.meets_target = Object.values(figures.ratios).every((r) => r <= TARGET);
    return figures;
  } finally {
    for (const side of sides) {
      await side.app?.close().catch(() => undefined);
      await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(side.database)} WITH (FORCE)`).catch((e) =>
        log(`drop database failed: ${e.message}`),
      );
      await deleteRedisKeys(redisUrl, `${side.redisPrefix}*`).catch((e) => log(`redis cleanup failed: ${e.message}`));
    }
    await sim?.close().catch(() => undefined);
  }
}

/** `count` enqueues one after another over one keep-alive connection, then a claim of each row. */
async function measure(side, count) {
  side.batch += 1;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const enqueue = [];
  const ids = [];
  try {
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      const { status, body } = await post(side.url, agent, messageBody(side.batch, i));
      enqueue.push(performance.now() - t0);
      if (status !== 201) throw new Error(`POST /v1/messages answered ${status}: ${body}`);
      ids.push(JSON.parse(body).message.id);
    }
  } finally {
    agent.destroy();
  }
  const claim = [];
  for (const id of ids) {
    const t0 = performance.now();
    if (!(await side.repo.claim(id, new Date()))) throw new Error(`row ${id} was not claimed`);
    claim.push(performance.now() - t0);
  }
  return { enqueue: quantiles(enqueue), claim: quantiles(claim) };
}

function middle(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * A year of history: delivered rows kept for their retention (90 days), to many recipients over
 * the last months, and the webhook event keys kept for deduplication; then VACUUM ANALYZE, as
 * autovacuum would leave a table this size.
 */
async function fill(databaseUrl, rows, eventKeys) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await fillWith(db, rows, eventKeys);
  } finally {
    await db.end();
  }
}

async function fillWith(db, rows, eventKeys) {
  for (let from = 1; from <= rows; from += FILL_CHUNK) {
    const to = Math.min(rows, from + FILL_CHUNK - 1);
    await db.query(
      `INSERT INTO outbound_messages (dedupe_key, "to", to_wa_id, purpose, payload, content_hash, priority, phone_number_id, state, attempts, wamid,
                                      not_before, created_at, updated_at, accepted_at, sent_at, delivered_at, retain_until)
       SELECT 'history:' || g, '+97254' || lpad((g % 400000)::text, 7, '0'), '97254' || lpad((g % 400000)::text, 7, '0'), 'order_shipped',
              jsonb_build_object('type', 'text', 'text', jsonb_build_object('body', 'your order ' || g || ' has shipped')),
              md5(g::text), 0, $1, 'delivered', 1, 'wamid.HISTORY.' || g, at, at, at, at, at, at, at + interval '90 days'
         FROM (SELECT g, now() - interval '80 days' + (g * interval '80 days') / $4::int AS at FROM generate_series($2::int, $3::int) g) s`,
      [SECRETS.phoneNumberId, from, to, rows],
    );
  }
  await db.query(
    `INSERT INTO webhook_event_claims (key, field, delivery_id, state, claimed_at)
     SELECT 'status:wamid.HISTORY.' || g || ':delivered', 'messages', gen_random_uuid(), 'done', now() - (g * interval '1 second') FROM generate_series(1, $1::int) g`,
    [eventKeys],
  );
  await db.query('VACUUM ANALYZE');
}

function quantiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  return { p50: at(0.5), p99: at(0.99) };
}

function messageBody(batch, i) {
  return JSON.stringify({
    dedupe_key: `scale-${batch}-${i}`,
    to: `+97250${String(batch * 10_000 + i).padStart(7, '0')}`,
    purpose: 'order_shipped',
    payload: { type: 'template', template: { name: 'hello_world', language: { code: 'en_US' } } },
  });
}

function post(baseUrl, agent, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseUrl}/v1/messages`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRETS.apiKey}`, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export function table(f) {
  const row = (name, side) =>
    `| ${name} | ${fmt(f.empty[side].p50, 2)} / ${fmt(f.empty[side].p99, 2)} ms | ${fmt(f.filled[side].p50, 2)} / ${fmt(f.filled[side].p99, 2)} ms | ${fmt(f.ratios[`${side}_p50`], 2)} / ${fmt(f.ratios[`${side}_p99`], 2)} |`;
  return [
    `| p50 / p99: median of ${f.trials} alternating trials of ${f.samples} each | empty tables | ${fmt(f.rows)} retained rows + ${fmt(f.event_keys)} event keys | ratio (target ≤ ${f.target}) |`,
    '|---|---|---|---|',
    row('enqueue: POST /v1/messages → 201', 'enqueue'),
    row('claim: queued → sending', 'claim'),
    '',
    `Filling took ${fmt(f.fill_seconds, 1)} s. Target met: ${f.meets_target ? 'yes' : 'no'}.`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 ? Number(args[i + 1]) : fallback;
  };
  const figures = await run({
    rows: option('--rows', 1_000_000),
    eventKeys: option('--event-keys', 100_000),
    samples: option('--samples', 400),
    trials: option('--trials', 3),
  });
  console.log(table(figures));
  process.exit(figures.meets_target ? 0 : 1);
}
