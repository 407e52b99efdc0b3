// Event processing: stored webhook deliveries → applied effects, as a new user would measure it.
// ROLE=api stores signed deliveries (3 events each: inbound texts from customers, or one sent
// message's sent/delivered/read), 30 % of them Meta's re-deliveries; then one ROLE=worker process
// drains them. Then the yardstick (bench/event-processing-yardstick.mjs: the same claims and
// effects with plain `pg` and set-based SQL, no framework) drains a copy of the same deliveries in a
// database of its own. Reports events/s of both, the ratio, that every event took effect exactly
// once, and the CPU each event cost per process (the processor, PostgreSQL's backends for its
// database, Redis).
//
// Plain Node ESM on the BUILT code (`npx tsc -b tsconfig.build.json` first):
//   node bench/event-processing.bench.mjs [--deliveries 3000] [--trials 3] [--json]
// Needs PostgreSQL and Redis on localhost (BENCH_PG_URL / BENCH_REDIS_URL); removes what it made.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { createSimulator } from '../apps/simulator/dist/index.js';
import { loadConfig, withInfra } from '../apps/api/dist/config/load-config.js';
import { createHttpApp } from '../apps/api/dist/create-app.js';
import { runMigrations } from '../apps/api/dist/database/data-source.js';
import { adminQuery, benchEnv, deleteRedisKeys, fmt, SECRETS, startChild, stopChild, withDatabase, withTimeout } from './bench-infra.mjs';
import { startCpuMeter } from './outbound-profile.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DUPLICATE_SHARE = 0.3;
const EVENTS_PER_DELIVERY = 3;

/**
 * `trials` rounds, each on fresh databases, Sendbook and the yardstick taking turns to go first (the
 * machine's load moves by the minute); the figures are the trial with the median ratio.
 */
export async function run({ trials = 3, ...options } = {}) {
  const all = [];
  for (let t = 0; t < trials; t++) all.push(await runTrial({ ...options, yardstickFirst: t % 2 === 1 }));
  const byRatio = [...all].sort((a, b) => a.ratio - b.ratio);
  return {
    ...byRatio[Math.floor((byRatio.length - 1) / 2)],
    trials: all,
    exactly_once: all.every((f) => f.exactly_once),
    problems: all.flatMap((f) => f.problems),
  };
}

async function runTrial({
  deliveries = 3000,
  yardstickFirst = false,
  pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  log = console.log,
} = {}) {
  const stamp = `${Date.now()}_${process.pid}`;
  const database = `sendbook_bench_events_${stamp}`;
  const yardstickDatabase = `sendbook_bench_events_yard_${stamp}`;
  const redisPrefix = `sendbook_bench_events_${stamp}`;
  const databaseUrl = withDatabase(pgUrl, database);
  const yardstickUrl = withDatabase(pgUrl, yardstickDatabase);
  let sim;
  let app;
  let worker;
  const db = new pg.Client({ connectionString: databaseUrl });
  const ydb = new pg.Client({ connectionString: yardstickUrl });
  try {
    await adminQuery(pgUrl, `CREATE DATABASE ${pg.escapeIdentifier(database)}`);
    await adminQuery(pgUrl, `CREATE DATABASE ${pg.escapeIdentifier(yardstickDatabase)}`);
    await runMigrations(databaseUrl);
    await runMigrations(yardstickUrl);
    await db.connect();
    await ydb.connect();
    sim = await createSimulator({
      accessToken: SECRETS.accessToken,
      appSecret: SECRETS.appSecret,
      phoneNumbers: [
        { id: SECRETS.phoneNumberId, displayPhoneNumber: '15550783881', wabaId: SECRETS.businessAccountId, mps: 80, messagingLimit: 'TIER_UNLIMITED' },
      ],
    });
    const env = { ...benchEnv({ graphUrl: sim.url, databaseUrl, redisUrl, redisPrefix }), MESSAGING_LIMIT: 'unlimited' };
    // As many deliveries in flight in the yardstick (its connections, each draining one delivery per
    // transaction) as the worker runs at once (WEBHOOK_CONCURRENCY): the same work, the same parallelism.
    const lanes = loadConfig({ ...process.env, ...env, ROLE: 'worker' }).webhooks.concurrency;
    app = await createHttpApp(withInfra(loadConfig({ ...env, ROLE: 'api' }), { databaseUrl, redisUrl }));
    await app.listen(0, '127.0.0.1');
    const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');

    const unique = Math.round(deliveries * (1 - DUPLICATE_SHARE));
    const plan = planDeliveries(unique, deliveries - unique);
    await seedSentMessages(db, plan.sentMessages);
    await seedSentMessages(ydb, plan.sentMessages);
    log(`storing ${fmt(deliveries)} signed deliveries (${fmt(deliveries - unique)} of them re-deliveries) with ROLE=api, no worker running`);
    await postAll(url, plan.bodies);
    const stored = Number((await db.query(`SELECT count(*) FROM webhook_deliveries`)).rows[0].count);
    if (stored !== deliveries) throw new Error(`${stored} deliveries stored, expected ${deliveries}`);
    await app.close();
    app = null;
    await copyDeliveries(db, ydb);
    await db.query('ANALYZE');
    await ydb.query('ANALYZE');

    const load = { before: os.loadavg() };
    const drainSendbook = async () => {
      log('starting one ROLE=worker process and timing the drain');
      const figures = await timeDrain({
        db,
        database,
        deliveries,
        plan,
        start: async () => (worker = await startChild(path.join(HERE, 'outbound-worker.mjs'), { env: { ...env, ROLE: 'worker' }, what: 'the worker process' })),
        child: () => worker,
      });
      await stopChild(worker);
      worker = null;
      return figures;
    };
    const drainYardstick = async () => {
      log(`starting the yardstick (plain pg, ${lanes} lanes) on a copy of the same deliveries`);
      let yard;
      const figures = await timeDrain({
        db: ydb,
        database: yardstickDatabase,
        deliveries,
        plan,
        start: async () =>
          (yard = worker =
            await startChild(path.join(HERE, 'event-processing-yardstick.mjs'), {
              env: { DATABASE_URL: yardstickUrl, YARDSTICK_LANES: String(lanes) },
              what: 'the yardstick',
            })),
        child: () => yard,
      });
      await stopChild(worker);
      worker = null;
      return figures;
    };
    let sendbook;
    let yardstick;
    if (yardstickFirst) {
      yardstick = await drainYardstick();
      sendbook = await drainSendbook();
    } else {
      sendbook = await drainSendbook();
      yardstick = await drainYardstick();
    }
    load.after = os.loadavg();
    return {
      deliveries,
      duplicate_share: DUPLICATE_SHARE,
      events: deliveries * EVENTS_PER_DELIVERY,
      unique_events: unique * EVENTS_PER_DELIVERY,
      lanes,
      sendbook,
      yardstick,
      ratio: sendbook.events_per_s / yardstick.events_per_s,
      load_average: load,
      exactly_once: sendbook.exactly_once && yardstick.exactly_once,
      problems: [...sendbook.problems.map((p) => `Sendbook: ${p}`), ...yardstick.problems.map((p) => `yardstick: ${p}`)],
    };
  } finally {
    if (worker) await stopChild(worker);
    await app?.close().catch(() => undefined);
    await sim?.close().catch(() => undefined);
    await db.end().catch(() => undefined);
    await ydb.end().catch(() => undefined);
    for (const name of [database, yardstickDatabase]) {
      await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`).catch((e) => log(`drop database failed: ${e.message}`));
    }
    await deleteRedisKeys(redisUrl, `${redisPrefix}*`).catch((e) => log(`redis cleanup failed: ${e.message}`));
  }
}

/**
 * Starts the processor and, from the moment it reports ready (its boot is not the subject, and
 * Nest's costs seconds the yardstick's does not), times the rest of the drain: events/s and CPU per
 * event count only the deliveries processed after that moment. Then checks every effect.
 */
async function timeDrain({ db, database, deliveries, plan, start, child }) {
  const booting = performance.now();
  await start();
  const bootSeconds = (performance.now() - booting) / 1000;
  const cpu = startCpuMeter({
    queryBackends: async () =>
      (await db.query('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database])).rows.map((r) => r.pid),
    childPid: () => child()?.proc.pid ?? null,
  });
  const t0 = performance.now();
  const before = await processedCount(db);
  await withTimeout(drained(db, deliveries), 600_000, 'the deliveries were not processed within 10 minutes');
  const seconds = (performance.now() - t0) / 1000;
  const cpuMs = await cpu();
  const events = (deliveries - before) * EVENTS_PER_DELIVERY;
  return {
    boot_seconds: bootSeconds,
    processed_during_boot: before,
    seconds,
    events_per_s: events / seconds,
    cpu_ms_per_event: {
      processor: cpuMs.workerProcessMs / events,
      postgres: cpuMs.postgresBenchMs / events,
      redis: cpuMs.redisMs / events,
      everything_else: cpuMs.everythingElseMs / events,
    },
    machine_busy_percent: cpuMs.machineBusyPercent,
    ...(await exactlyOnce(db, plan)),
  };
}

async function processedCount(db) {
  return Number((await db.query(`SELECT count(*) FROM webhook_deliveries WHERE state <> 'received'`)).rows[0].count);
}

/** The yardstick's database gets the deliveries exactly as the API stored them (ids, bodies, times). */
async function copyDeliveries(from, to) {
  const { rows } = await from.query(`SELECT id, received_at, headers, body FROM webhook_deliveries ORDER BY received_at, id`);
  await to.query(
    `INSERT INTO webhook_deliveries (id, received_at, headers, body) SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::jsonb[], $4::bytea[])`,
    [rows.map((r) => r.id), rows.map((r) => r.received_at), rows.map((r) => JSON.stringify(r.headers)), rows.map((r) => r.body)],
  );
}

/**
 * Half the unique deliveries carry three inbound texts (three customers of 600), half one sent
 * message's three statuses; the re-deliveries repeat earlier ones byte for byte, as Meta does.
 */
function planDeliveries(unique, repeats) {
  const bodies = [];
  const sentMessages = [];
  let inbound = 0;
  for (let i = 0; i < unique; i++) {
    const ts = 1_790_000_000 + i * 3;
    let value;
    if (i % 2 === 0) {
      const messages = Array.from({ length: EVENTS_PER_DELIVERY }, (_, j) => {
        const from = `9725011${String((inbound + j) % 600).padStart(5, '0')}`;
        return { from, id: `wamid.EVENTS.IN.${i}.${j}`, timestamp: String(ts + j), type: 'text', text: { body: `question ${i}.${j} about my order` } };
      });
      inbound += EVENTS_PER_DELIVERY;
      value = { contacts: messages.map((m) => ({ profile: { name: `Customer ${m.from.slice(-3)}` }, wa_id: m.from })), messages };
    } else {
      const wamid = `wamid.EVENTS.OUT.${i}`;
      sentMessages.push(wamid);
      value = { statuses: ['sent', 'delivered', 'read'].map((status, j) => ({ id: wamid, status, timestamp: String(ts + j), recipient_id: '972502000000' })) };
    }
    const json = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: SECRETS.businessAccountId,
          changes: [
            {
              field: 'messages',
              value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550783881', phone_number_id: SECRETS.phoneNumberId }, ...value },
            },
          ],
        },
      ],
    });
    bodies.push({ json, signature: `sha256=${createHmac('sha256', SECRETS.appSecret).update(json).digest('hex')}` });
  }
  for (let r = 0; r < repeats; r++) bodies.push(bodies[(r * 7) % unique]);
  return { bodies, sentMessages, inbound };
}

/** The messages the status events are about: accepted by Meta, waiting for their ticks. */
async function seedSentMessages(db, wamids) {
  await db.query(
    `INSERT INTO outbound_messages (dedupe_key, "to", to_wa_id, purpose, payload, content_hash, priority, phone_number_id, state, attempts, wamid, not_before, created_at, updated_at, accepted_at, retain_until)
     SELECT 'events:' || w, '+972502000000', '972502000000', 'order_shipped', '{"type":"text","text":{"body":"shipped"}}'::jsonb, md5(w), 0, $1, 'accepted', 1, w, now(), now(), now(), now(), now() + interval '90 days'
       FROM unnest($2::text[]) w`,
    [SECRETS.phoneNumberId, wamids],
  );
}

async function drained(db, deliveries) {
  for (;;) {
    if ((await processedCount(db)) >= deliveries) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every inbound message stored once, every status applied once (each message read), nothing set aside. */
async function exactlyOnce(db, plan) {
  const [{ inbound }] = (await db.query(`SELECT count(*)::int AS inbound, count(DISTINCT wamid)::int AS distinct_inbound FROM inbound_messages`)).rows;
  const [{ read }] = (await db.query(`SELECT count(*)::int AS read FROM outbound_messages WHERE state = 'read'`)).rows;
  const [{ poison }] = (await db.query(`SELECT count(*)::int AS poison FROM webhook_deliveries WHERE state <> 'processed'`)).rows;
  const problems = [];
  if (inbound !== plan.inbound) problems.push(`${inbound} inbound messages stored, expected ${plan.inbound}`);
  if (read !== plan.sentMessages.length) problems.push(`${read} of ${plan.sentMessages.length} messages reached read`);
  if (poison !== 0) problems.push(`${poison} deliveries not processed`);
  return { exactly_once: problems.length === 0, problems };
}

/** 16 keep-alive connections POSTing the deliveries, as Meta would over a burst. */
async function postAll(url, bodies) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  let next = 0;
  const client = async () => {
    while (next < bodies.length) {
      const { json, signature } = bodies[next++];
      const status = await new Promise((resolve, reject) => {
        const req = http.request(
          `${url}/webhooks/whatsapp`,
          {
            method: 'POST',
            agent,
            headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature, 'content-length': Buffer.byteLength(json) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode));
          },
        );
        req.on('error', reject);
        req.end(json);
      });
      if (status !== 200) throw new Error(`a webhook POST answered ${status}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: 16 }, client));
  } finally {
    agent.destroy();
  }
}

export function table(f) {
  const cpu = (r) =>
    `processor ${fmt(r.cpu_ms_per_event.processor, 2)} ms, PostgreSQL ${fmt(r.cpu_ms_per_event.postgres, 2)} ms, Redis ${fmt(r.cpu_ms_per_event.redis, 2)} ms, everything else ${fmt(r.cpu_ms_per_event.everything_else, 2)} ms (machine ${fmt(r.machine_busy_percent)} % busy)`;
  const once = (r) => (r.exactly_once ? 'yes' : `NO: ${r.problems.join('; ')}`);
  const load = (l) => l.map((x) => fmt(x, 2)).join(', ');
  return [
    `| ${fmt(f.deliveries)} stored deliveries, ${fmt(f.events)} events (${Math.round(f.duplicate_share * 100)} % re-delivered) | Sendbook (one ROLE=worker, WEBHOOK_CONCURRENCY ${f.lanes}) | yardstick (plain pg, ${f.lanes} lanes) |`,
    '|---|---|---|',
    `| ready after (deliveries processed meanwhile, not timed) | ${fmt(f.sendbook.boot_seconds, 1)} s (${fmt(f.sendbook.processed_during_boot)}) | ${fmt(f.yardstick.boot_seconds, 1)} s (${fmt(f.yardstick.processed_during_boot)}) |`,
    `| the rest drained in | ${fmt(f.sendbook.seconds, 1)} s: ${fmt(f.sendbook.events_per_s)} events/s | ${fmt(f.yardstick.seconds, 1)} s: ${fmt(f.yardstick.events_per_s)} events/s |`,
    `| CPU per event | ${cpu(f.sendbook)} | ${cpu(f.yardstick)} |`,
    `| every event exactly once | ${once(f.sendbook)} | ${once(f.yardstick)} |`,
    `| ratio Sendbook / yardstick | ${fmt(f.ratio, 2)} (target ≥ 0.5: ${f.ratio >= 0.5 ? 'met' : 'NOT met'}) | |`,
    `| load average (1, 5, 15 min) | before ${load(f.load_average.before)}; after ${load(f.load_average.after)} | |`,
    `| trials (events/s Sendbook / yardstick = ratio; the median trial above) | ${(f.trials ?? [f]).map((t) => `${fmt(t.sendbook.events_per_s)} / ${fmt(t.yardstick.events_per_s)} = ${fmt(t.ratio, 2)}`).join('; ')} | |`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const arg = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
  const figures = await run({ deliveries: arg('--deliveries', 3000), trials: arg('--trials', 3) });
  console.log(table(figures));
  if (args.includes('--json')) console.log(JSON.stringify(figures, null, 2));
  process.exit(figures.exactly_once ? 0 : 1);
}
