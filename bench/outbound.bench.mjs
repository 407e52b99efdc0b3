// The outbound benchmark: messages/s from `POST /v1/messages` to accepted by the simulator,
// against bare BullMQ moving no-op jobs through the same Redis in the same run, and their ratio.
//
// Plain Node ESM on the BUILT code: run `npx tsc -b tsconfig.build.json` first, then
//   node bench/outbound.bench.mjs [--messages 3000] [--warmup 1500] [--trials 3] [--clients 32]
//                                 [--concurrency 32] [--modes split,all,staged,core,core-batched] [--budget 150] [--profile] [--cpu-profile DIR] [--json]
//                                 [--pgbouncer N]
// `--pgbouncer N`: the app's DATABASE_URL goes through a PgBouncer of the run's own in transaction
// mode with N server connections (DATABASE_POOLER=transaction; test/support/private-pgbouncer.mjs),
// migrations and LISTEN straight to PostgreSQL. The `core` yardsticks keep the direct URL.
// Needs PostgreSQL at postgres://postgres@127.0.0.1:5432 and Redis at 127.0.0.1:6379 (override with
// BENCH_PG_URL / BENCH_REDIS_URL). Everything it creates is removed at the end: a fresh database
// `sendbook_bench_<ts>_<pid>` (dropped) and a unique Redis key prefix (its keys deleted).
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Queue, Worker } from 'bullmq';
import pg from 'pg';
import { createSimulator } from '../apps/simulator/dist/index.js';
import { QUEUE_NAMES } from '@sendbook/queue';
import { loadConfig, withInfra } from '../apps/api/dist/config/load-config.js';
import { createHttpApp, createWorkerContext } from '../apps/api/dist/create-app.js';
import { runMigrations } from '../apps/api/dist/database/data-source.js';
import { OutboundProcessor } from '../apps/api/dist/modules/outbox/processors/outbound.processor.js';
import { startPrivatePgBouncer } from '../test/support/private-pgbouncer.mjs';
import { adminQuery, benchEnv, deleteRedisKeys, fmt, redisConnection, SECRETS, startChild, stopChild, withDatabase, withTimeout } from './bench-infra.mjs';
import { startCpuProfile } from './cpu-profile.mjs';
import { median } from './median.mjs';
import { startCoreApi } from './outbound-core.mjs';
import { benchCpuMeter, createProfiler } from './outbound-profile.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WORKER_ENTRY = path.join(HERE, 'outbound-worker.mjs');

const TARGET_RATIO = 0.25;
const BARE_QUEUE = 'bench-bare';
/** Messages per batch (timed run or warmup): recipients are numbered within seven digits. */
const MAX_BATCH = 100_000;
/** No single measurement may take longer than this, whatever happens. */
const RUN_DEADLINE_MS = 75_000;

/**
 * Runs the benchmark and returns its figures.
 *
 * `modes`: pipeline configurations, each measured with `messages` fresh rows, one after another:
 *  - `all`:    one process, the real app (createHttpApp) with ROLE=all: HTTP and the worker.
 *  - `split`:  ROLE=api in this process + a separate ROLE=worker process of the built app.
 *  - `core`:   a yardstick, not Sendbook: the same SQL, queue calls and Graph client with the
 *              framework, validation, policy, events and logs stripped (bench/outbound-core.mjs),
 *              split like `split`. Never the headline.
 *  - `core-batched`: the core yardstick with the app's own jobs: rows made due together share a
 *              job (outboundJobs), where `core` adds one job per row, as the app did before.
 *  - `staged`: the two halves apart (diagnostic): ROLE=api takes all POSTs with no worker running,
 *              then an in-process ROLE=worker drains the rows; each half gets its own msg/s and CPU.
 * The headline `pipeline` is the fastest `all`/`split` mode (by default only `split`, the way the
 * app is deployed: API and worker processes apart).
 *
 * `trials`: each trial runs bare BullMQ, then every mode; each side's figure is its median trial.
 * `staged` is a diagnostic and runs in the first trial only.
 *
 * `warmup`: messages (or bare jobs) run through the same processes first, untimed, so the timed run
 * measures the steady state rather than V8 compiling the hot paths (a cold worker process spent
 * about a third more CPU per message on its first 3,000). `staged` is not warmed up.
 */
export async function run({
  messages = 3000,
  warmup = 1500,
  trials = 3,
  clients = 32,
  concurrency = 32,
  modes = ['split'],
  profile = false,
  /** A directory: V8 CPU profiles of the timed runs go there, one per process and mode. */
  cpuProfileDir = null,
  pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432',
  redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  /** Trials after the first are skipped when one more would end past this. */
  budgetSeconds = 150,
  /** Server connections of a PgBouncer (transaction mode) between the app and PostgreSQL; null: none. */
  pgbouncer = null,
  log = () => undefined,
} = {}) {
  // Recipients are numbered within seven digits (messageBody): batches 1–99 of up to 100,000.
  if (messages > MAX_BATCH || warmup > MAX_BATCH) throw new Error(`--messages and --warmup go up to ${MAX_BATCH}`);
  const unknown = modes.filter((mode) => !Object.hasOwn(MODE_DESCRIPTIONS, mode));
  if (unknown.length > 0) throw new Error(`unknown mode ${unknown.join(', ')} (${Object.keys(MODE_DESCRIPTIONS).join(', ')})`);
  if (trials * modes.length * 2 > 99) throw new Error('at most 99 batches of messages per run: fewer --trials or --modes');
  const stamp = `${Date.now()}_${process.pid}`;
  const database = `sendbook_bench_${stamp}`;
  const redisPrefix = `sendbook_bench_${stamp}`;
  const databaseUrl = withDatabase(pgUrl, database);
  const started = Date.now();
  const children = new Set();
  let sim;
  let bouncer = null;
  try {
    await adminQuery(pgUrl, `CREATE DATABASE ${pg.escapeIdentifier(database)}`);
    await runMigrations(databaseUrl);
    if (pgbouncer !== null) bouncer = await startPrivatePgBouncer({ serverUrl: pgUrl, poolSize: pgbouncer, statementTimeoutMs: 15_000 });
    sim = await createSimulator({
      accessToken: SECRETS.accessToken,
      appSecret: SECRETS.appSecret,
      // Rate caps lifted: no throughput cap per number, no pair limit. No webhookUrl: status
      // webhooks are never POSTed (the first, `sent`, is only due after the run anyway).
      phoneNumbers: [
        { id: SECRETS.phoneNumberId, displayPhoneNumber: '15550783881', wabaId: SECRETS.businessAccountId, mps: 1e9, messagingLimit: 'TIER_UNLIMITED' },
      ],
      pairIntervalMs: 0,
      pairBurst: 1e9,
      statusDelaysMs: { sent: 600_000, delivered: null, read: null },
    });
    const env = {
      ...benchEnv({ graphUrl: sim.url, databaseUrl, redisUrl, redisPrefix }),
      SEND_CONCURRENCY: String(concurrency),
      // The sweeper is the safety net for jobs Redis lost; here every row has its job. Its boot
      // sweep still runs; a periodic one re-adding thousands of waiting jobs mid-run is left out.
      SWEEP_INTERVAL_MS: '600000',
      // The bench measures our overhead, not Meta's caps: a number upgraded beyond its 1,000 msg/s,
      // an unlimited messaging tier, and the simulator's own limits off (above).
      SEND_RATE_PER_SECOND: '10000',
      MESSAGING_LIMIT: 'unlimited',
      ...(bouncer ? { DATABASE_URL: withDatabase(bouncer.url, database), DATABASE_DIRECT_URL: databaseUrl, DATABASE_POOLER: 'transaction' } : {}),
    };
    const ctx = { messages, warmup, nextBatch: 1, clients, concurrency, env, sim, profile, cpuProfileDir, children, pgUrl, database, redisPrefix, log };

    // Trials alternate bare and pipeline, so a slow minute of this shared machine slows both, and
    // each side is summed up by its median trial: single runs here swing by a third either way.
    const bareTrials = [];
    const trialsByMode = new Map(modes.map((mode) => [mode, []]));
    let trialsRun = 0;
    for (let trial = 1; trial <= trials; trial++) {
      const trialStarted = Date.now();
      log(`trial ${trial} of ${trials}: bare BullMQ, ${messages} no-op jobs after ${warmup} untimed, concurrency ${concurrency}`);
      const bare = await runBare({ messages, warmup, concurrency, redisUrl, prefix: `${redisPrefix}:bare${trial}` });
      log(`  ${fmt(bare.msgPerSec)} msg/s`);
      bareTrials.push(bare);
      for (const mode of modes) {
        if (mode === 'staged' && trial > 1) continue;
        log(
          `trial ${trial}: pipeline [${mode}], ${messages} messages${mode === 'staged' ? '' : ` after ${warmup} untimed`}, ${clients} HTTP clients in flight, SEND_CONCURRENCY=${concurrency}`,
        );
        const result = mode === 'staged' ? await runStaged(ctx, mode) : await runPipeline(ctx, mode);
        log(
          `  ${result.msgPerSec ? `${fmt(result.msgPerSec)} msg/s end to end, ` : ''}enqueue ${fmt(result.enqueueMsgPerSec)} msg/s, worker concurrency ${result.workerConcurrency}`,
        );
        trialsByMode.get(mode).push(result);
      }
      trialsRun = trial;
      if (trial < trials && Date.now() - started + (Date.now() - trialStarted) > budgetSeconds * 1000) {
        log(`trials ${trial + 1}–${trials} skipped: they would end past the ${budgetSeconds} s budget`);
        break;
      }
    }
    const bare = { ...median(bareTrials, (t) => t.msgPerSec), trials: bareTrials.map((t) => t.msgPerSec) };
    const pipelines = modes.map((mode) => {
      const results = trialsByMode.get(mode);
      return mode === 'staged' ? { ...results[0], trials: [] } : { ...median(results, (t) => t.msgPerSec), trials: results.map((t) => t.msgPerSec) };
    });
    const candidates = pipelines.filter((p) => p.msgPerSec !== null && !p.mode.startsWith('core'));
    const best = candidates.length > 0 ? candidates.reduce((a, b) => (b.msgPerSec > a.msgPerSec ? b : a)) : null;
    const ratio = best ? best.msgPerSec / bare.msgPerSec : null;
    const core = pipelines.find((p) => p.mode === 'core') ?? null;
    return {
      messages,
      warmup,
      trials: trialsRun,
      clients,
      sendConcurrency: concurrency,
      bare,
      pipeline: best,
      pipelines,
      // Every trial of every mode came through exactly once (the table shows the median trial's).
      exactlyOnce: [...trialsByMode.values()].flat().every((t) => t.exactlyOnce),
      ratio,
      // What the bookkeeping alone reaches against bare BullMQ, and how much of it Sendbook keeps.
      coreRatio: core ? core.msgPerSec / bare.msgPerSec : null,
      pipelineOfCore: core && best ? best.msgPerSec / core.msgPerSec : null,
      // The same ratio within each trial (the two ran a minute apart at most), and the median of
      // those: on a shared machine a busy minute slows one side's median trial and not the other's.
      pipelineOfCoreTrials: core && best ? trialsByMode.get(best.mode).map((t, i) => t.msgPerSec / trialsByMode.get('core')[i].msgPerSec) : [],
      // One job per batch of rows against one per row, both yardsticks, within each trial.
      batchedOfCoreTrials:
        core && trialsByMode.has('core-batched') ? trialsByMode.get('core-batched').map((t, i) => t.msgPerSec / trialsByMode.get('core')[i].msgPerSec) : [],
      target: TARGET_RATIO,
      meetsTarget: ratio !== null && ratio >= TARGET_RATIO,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      totalSeconds: (Date.now() - started) / 1000,
      pgbouncer: bouncer ? { serverConnections: pgbouncer, transactions: await pooledTransactions(bouncer, database) } : null,
    };
  } finally {
    for (const child of children) await stopChild(child);
    await sim?.close().catch(() => undefined);
    await bouncer?.stop();
    await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(database)} WITH (FORCE)`).catch((e) => log(`drop database failed: ${e.message}`));
    await deleteRedisKeys(redisUrl, `${redisPrefix}*`).catch((e) => log(`redis cleanup failed: ${e.message}`));
  }
}

async function pooledTransactions(bouncer, database) {
  return Number((await bouncer.admin('SHOW STATS')).find((s) => s.database === database)?.total_xact_count ?? 0);
}

/** Bare BullMQ: addBulk N jobs; a Worker with the same concurrency and a processor that does nothing. */
async function runBare({ messages, warmup, concurrency, redisUrl, prefix }) {
  const connection = { ...redisConnection(redisUrl), maxRetriesPerRequest: null };
  const queue = new Queue(BARE_QUEUE, { connection, prefix });
  const worker = new Worker(BARE_QUEUE, async () => undefined, { connection, prefix, concurrency, autorun: false });
  let done = 0;
  let target = 0;
  let finish;
  worker.on('completed', () => {
    if (++done === target) finish(performance.now());
  });
  /** Adds `count` jobs and resolves when the worker has completed them, with when they started. */
  const round = async (label, count) => {
    target = done + count;
    const allDone = new Promise((resolve) => (finish = resolve));
    const jobs = Array.from({ length: count }, (_, i) => ({
      name: 'noop',
      data: { i },
      opts: { jobId: `bare-${label}-${i}`, removeOnComplete: true, removeOnFail: true },
    }));
    const t0 = performance.now();
    // addBulk like the app's dispatcher, in chunks so the worker starts on the first ones at once.
    for (let i = 0; i < jobs.length; i += 500) await queue.addBulk(jobs.slice(i, i + 500));
    return { t0, t1: await withTimeout(allDone, RUN_DEADLINE_MS, 'bare BullMQ did not finish') };
  };
  try {
    await worker.waitUntilReady();
    await queue.waitUntilReady();
    void worker.run();
    if (warmup > 0) await round('warmup', warmup);
    const { t0, t1 } = await round('timed', messages);
    const seconds = (t1 - t0) / 1000;
    return { messages, seconds, msgPerSec: messages / seconds };
  } finally {
    await worker.close();
    await queue.close();
  }
}

const MODE_DESCRIPTIONS = {
  all: 'one process, ROLE=all',
  split: 'ROLE=api + a ROLE=worker process',
  core: 'core yardstick: bare HTTP server + a bare BullMQ worker process, one job per row',
  'core-batched': 'core yardstick with the app’s jobs: rows due together share one',
  staged: 'staged: ROLE=api alone, then ROLE=worker alone',
};

function appConfig(env, role) {
  return withInfra(loadConfig({ ...env, ROLE: role }), { databaseUrl: env.DATABASE_URL, redisUrl: env.REDIS_URL });
}

/** The `core` mode's API half, behind the `close` the app's answers to. */
async function startCore(env, jobPerBatch) {
  const api = await startCoreApi({
    databaseUrl: env.DATABASE_DIRECT_URL ?? env.DATABASE_URL,
    redisConnection: redisConnection(env.REDIS_URL),
    redisPrefix: env.REDIS_PREFIX,
    phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
    jobPerBatch,
  });
  return { app: { close: api.close }, url: api.url };
}

async function startApi(env, role) {
  const app = await createHttpApp(appConfig(env, role));
  await app.listen(0, '127.0.0.1');
  return { app, url: (await app.getUrl()).replace('[::1]', '127.0.0.1') };
}

/** `all` / `split` / `core`: POSTs and sends overlap; the clock runs from the first POST to the last ledger entry. */
async function runPipeline(ctx, mode) {
  const core = mode === 'core' || mode === 'core-batched';
  const split = mode === 'split' || core;
  const { app, url } = core ? await startCore(ctx.env, mode === 'core-batched') : await startApi(ctx.env, split ? 'api' : 'all');
  let child = null;
  const profiler = ctx.profile && !split ? createProfiler(app) : null;
  try {
    if (split) {
      child = await startWorkerProcess({ ...ctx.env, ROLE: 'worker', ...(core ? { BENCH_CORE: '1' } : {}) });
      ctx.children.add(child);
    }
    const workerConcurrency = split ? child.concurrency : app.get(OutboundProcessor, { strict: false }).worker.concurrency;
    if (ctx.warmup > 0) await warmUp(url, ctx);

    const before = ctx.sim.ledger().length;
    const stopProfiles = ctx.cpuProfileDir ? await startCpuProfiles(child) : null;
    const cpu = meter(ctx, () => child?.proc.pid ?? null);
    const t0 = performance.now();
    const reached = waitForLedger(ctx.sim, before + ctx.messages, t0);
    const statuses = await postAll(url, ctx, ctx.nextBatch++);
    const enqueueSeconds = (performance.now() - t0) / 1000;
    const t1 = await reached;
    const cpuMs = await cpu();
    const cpuProfiles = stopProfiles ? await stopProfiles(ctx.cpuProfileDir, mode) : null;
    const seconds = (t1 - t0) / 1000;
    return {
      mode,
      description: MODE_DESCRIPTIONS[mode],
      messages: ctx.messages,
      seconds,
      msgPerSec: ctx.messages / seconds,
      enqueueSeconds,
      enqueueMsgPerSec: ctx.messages / enqueueSeconds,
      workerConcurrency,
      ...checkExactlyOnce(ctx, before, statuses),
      cpuMsPerMessage: perMessage(cpuMs, ctx.messages),
      workerPeakRssMb: child ? await child.peakRssMb() : null,
      profile: profiler?.report(ctx.messages, seconds) ?? null,
      cpuProfiles,
    };
  } finally {
    profiler?.restore();
    if (child) {
      await stopChild(child);
      ctx.children.delete(child);
    }
    await app.close();
  }
}

/** `staged`: the HTTP half alone (no worker anywhere), then the worker half alone. */
async function runStaged(ctx, mode) {
  const before = ctx.sim.ledger().length;
  const api = await startApi(ctx.env, 'api');
  let statuses;
  let enqueue;
  try {
    const cpu = meter(ctx);
    const t0 = performance.now();
    statuses = await postAll(api.url, ctx, ctx.nextBatch++);
    enqueue = { seconds: (performance.now() - t0) / 1000, cpuMs: await cpu() };
  } finally {
    await api.app.close();
  }

  // Hold the queue while the worker boots, so its boot is not timed.
  const queue = new Queue(QUEUE_NAMES.outbound, { connection: { ...redisConnection(ctx.env.REDIS_URL), maxRetriesPerRequest: null }, prefix: ctx.redisPrefix });
  await queue.pause();
  const worker = await createWorkerContext(appConfig(ctx.env, 'worker'));
  try {
    const workerConcurrency = worker.get(OutboundProcessor, { strict: false }).worker.concurrency;
    const cpu = meter(ctx);
    const t0 = performance.now();
    const reached = waitForLedger(ctx.sim, before + ctx.messages, t0);
    await queue.resume();
    const t1 = await reached;
    const cpuMs = await cpu();
    const sendSeconds = (t1 - t0) / 1000;
    return {
      mode,
      description: MODE_DESCRIPTIONS[mode],
      messages: ctx.messages,
      seconds: null,
      msgPerSec: null,
      enqueueSeconds: enqueue.seconds,
      enqueueMsgPerSec: ctx.messages / enqueue.seconds,
      enqueueCpuMsPerMessage: perMessage(enqueue.cpuMs, ctx.messages),
      sendSeconds,
      sendMsgPerSec: ctx.messages / sendSeconds,
      workerConcurrency,
      ...checkExactlyOnce(ctx, before, statuses),
      cpuMsPerMessage: perMessage(cpuMs, ctx.messages),
      workerPeakRssMb: null,
      profile: null,
    };
  } finally {
    await worker.close();
    await queue.close();
  }
}

function meter(ctx, childPid) {
  return benchCpuMeter({ pgUrl: ctx.pgUrl, database: ctx.database, childPid });
}

function perMessage(cpuMs, messages) {
  const out = {};
  for (const [key, value] of Object.entries(cpuMs)) if (key.endsWith('Ms') && key !== 'wallMs') out[key.replace(/Ms$/, '')] = value / messages;
  out.machineBusyPercent = cpuMs.machineBusyPercent;
  return out;
}

/** Every row of this batch reached the ledger exactly once, and every POST was a 201. */
function checkExactlyOnce(ctx, before, statuses) {
  const entries = ctx.sim.ledger().slice(before);
  const ids = new Set(entries.map((e) => e.bizOpaqueCallbackData));
  const duplicated = ctx.sim.duplicatedCallbackData();
  const problems = [];
  if ((statuses.get(201) ?? 0) !== ctx.messages) problems.push(`HTTP answers ${JSON.stringify(Object.fromEntries(statuses))}, expected ${ctx.messages} × 201`);
  if (entries.length !== ctx.messages || ids.size !== ctx.messages)
    problems.push(`ledger has ${entries.length} entries for ${ids.size} rows, expected ${ctx.messages}`);
  if (duplicated.length > 0) problems.push(`${duplicated.length} rows reached the ledger more than once`);
  return { exactlyOnce: problems.length === 0, problems };
}

/** Profiles this process and the worker child (if any); the returned function writes both files. */
async function startCpuProfiles(child) {
  const stopHere = await startCpuProfile();
  if (child) await child.request({ type: 'cpu-profile-start' });
  return async (dir, mode) => [
    await stopHere(dir, `${mode}-bench-process`),
    ...(child ? [await child.request({ type: 'cpu-profile-stop', dir, name: `${mode}-worker-process` })] : []),
  ];
}

/**
 * `ctx.warmup` messages all the way to the simulator through the same processes, untimed; then
 * ANALYZE, as autovacuum would have done within its first minute. The bench's database is new: its
 * prepared statements were planned while the outbox was empty, and a sequential scan planned then
 * stays cached while the table grows, which a database with statistics never sees.
 */
async function warmUp(url, ctx) {
  const reached = waitForLedger(ctx.sim, ctx.sim.ledger().length + ctx.warmup, performance.now());
  const statuses = await postAll(url, { ...ctx, messages: ctx.warmup }, ctx.nextBatch++);
  if ((statuses.get(201) ?? 0) !== ctx.warmup)
    throw new Error(`warmup: HTTP answers ${JSON.stringify(Object.fromEntries(statuses))}, expected ${ctx.warmup} × 201`);
  await reached;
  await adminQuery(ctx.env.DATABASE_URL, 'ANALYZE');
}

/** `clients` keep-alive connections, each POSTing its next message as soon as the last is answered. */
async function postAll(url, ctx, batch) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: ctx.clients });
  const statuses = new Map();
  let next = 0;
  const client = async () => {
    for (;;) {
      const i = next++;
      if (i >= ctx.messages) return;
      const status = await postMessage(url, agent, messageBody(batch, i));
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  try {
    await withTimeout(Promise.all(Array.from({ length: ctx.clients }, client)), RUN_DEADLINE_MS, 'the POSTs did not finish in time');
  } finally {
    agent.destroy();
  }
  return statuses;
}

/** Polls the simulator's ledger until `target` entries are there; resolves with when the last arrived. */
function waitForLedger(sim, target, t0) {
  const ledgerBefore = sim.ledger().length;
  const requestsBefore = sim.requests();
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      // sim.ledger() copies every entry: only look once enough Graph requests have come in.
      const ledger = sim.requests() >= requestsBefore + (target - ledgerBefore) ? sim.ledger() : null;
      if (ledger && ledger.length >= target) {
        clearInterval(timer);
        // acceptedAt is the simulator's clock (Date.now) at acceptance: back-date by the poll lag.
        resolve(performance.now() - Math.max(0, Date.now() - ledger[ledger.length - 1].acceptedAt));
      } else if (performance.now() - t0 > RUN_DEADLINE_MS) {
        clearInterval(timer);
        reject(new Error(`only ${sim.ledger().length} of ${target} messages reached the simulator within ${RUN_DEADLINE_MS} ms`));
      }
    }, 10);
  });
}

function messageBody(batch, i) {
  // A distinct valid mobile number per message (Israel, +972 50): no pair limit could apply anyway.
  // Seven digits: batches 1–99 of up to 100,000 messages each.
  const subscriber = String(batch * 100_000 + i).padStart(7, '0');
  return JSON.stringify({
    dedupe_key: `bench-${batch}-${i}`,
    to: `+97250${subscriber}`,
    purpose: 'order_shipped',
    trigger_ref: `orders/${i}`,
    payload: {
      type: 'template',
      template: {
        name: 'order_shipped',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Pablo' },
              { type: 'text', text: String(i) },
              { type: 'text', text: 'Friday' },
            ],
          },
        ],
      },
    },
  });
}

function postMessage(baseUrl, agent, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl}/v1/messages`, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${SECRETS.apiKey}` },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A ROLE=worker process of the built app (bench/outbound-worker.mjs boots it as main.js does). */
async function startWorkerProcess(env) {
  const child = await startChild(WORKER_ENTRY, { env, what: 'the worker process' });
  return { ...child, concurrency: child.ready.concurrency, peakRssMb: () => child.request({ type: 'rss' }) };
}

function fmtCpu(cpu) {
  const parts = [
    ['this process', cpu.benchProcess],
    ['worker process', cpu.workerProcess],
    ['postgres (bench db)', cpu.postgresBench],
    ['postgres (rest)', cpu.postgresOther],
    ['redis', cpu.redis],
    ['everything else', cpu.everythingElse],
  ];
  const shown = parts
    .filter(([, v]) => v >= 0.005)
    .map(([k, v]) => `${k} ${v.toFixed(2)}`)
    .join(', ');
  return `${shown} (machine ${cpu.machineBusyPercent.toFixed(0)} % busy)`;
}

/** The figures as a Markdown table. */
export function formatTable(r) {
  const rows = [
    ['messages timed per trial (after an untimed warmup of)', `${fmt(r.messages)} (${fmt(r.warmup)})`],
    ['trials (bare and pipeline alternating; figures are the median trial)', String(r.trials)],
    ['HTTP clients in flight / SEND_CONCURRENCY', `${r.clients} / ${r.sendConcurrency}`],
    ...(r.pgbouncer
      ? [
          [
            'through PgBouncer, transaction mode (the app; not the core yardstick)',
            `${r.pgbouncer.serverConnections} server connections, ${fmt(r.pgbouncer.transactions)} transactions`,
          ],
        ]
      : []),
    ['bare BullMQ: seconds', fmt(r.bare.seconds, 2)],
    ['bare BullMQ: msg/s', `${fmt(r.bare.msgPerSec)} (trials: ${r.bare.trials.map((v) => fmt(v)).join(', ')})`],
  ];
  for (const p of r.pipelines) {
    const tag = `[${p.description}; worker concurrency ${p.workerConcurrency}]`;
    if (p.msgPerSec !== null) {
      rows.push([`pipeline ${tag}: seconds`, fmt(p.seconds, 2)]);
      rows.push([`pipeline ${tag}: msg/s`, `${fmt(p.msgPerSec)} (trials: ${p.trials.map((v) => fmt(v)).join(', ')})`]);
      rows.push([`pipeline ${tag}: POSTs answered, msg/s`, fmt(p.enqueueMsgPerSec)]);
      rows.push([`pipeline ${tag}: CPU ms per message`, fmtCpu(p.cpuMsPerMessage)]);
    } else {
      rows.push([`${tag}: HTTP half, msg/s`, fmt(p.enqueueMsgPerSec)]);
      rows.push([`${tag}: HTTP half, CPU ms per message`, fmtCpu(p.enqueueCpuMsPerMessage)]);
      rows.push([`${tag}: worker half, msg/s`, fmt(p.sendMsgPerSec)]);
      rows.push([`${tag}: worker half, CPU ms per message`, fmtCpu(p.cpuMsPerMessage)]);
    }
    rows.push([`pipeline ${tag}: exactly once (median trial)`, p.exactlyOnce ? 'yes' : `NO: ${p.problems.join('; ')}`]);
    if (p.workerPeakRssMb !== null) rows.push([`pipeline ${tag}: worker process peak RSS`, `${fmt(p.workerPeakRssMb)} MB`]);
  }
  if (r.pipeline) {
    rows.push([
      `ratio pipeline/bare (pipeline = ${r.pipeline.description})`,
      `${fmt(r.ratio, 3)} (target ≥ ${r.target}: ${r.meetsTarget ? 'met' : 'NOT met'})`,
    ]);
  }
  if (r.coreRatio !== null) rows.push(['ratio core yardstick/bare (the bookkeeping alone)', fmt(r.coreRatio, 3)]);
  if (r.pipelineOfCore !== null) rows.push(['ratio pipeline/core yardstick (what the framework and the policy keep)', fmt(r.pipelineOfCore, 3)]);
  // A ratio within each trial, summed up by its median, every trial listed.
  const perTrial = (label, ratios, note = '') =>
    ratios.length > 0 &&
    rows.push([`${label}, within each trial: median (trials)`, `${fmt(median(ratios), 3)} (${ratios.map((v) => fmt(v, 2)).join(', ')})${note}`]);
  perTrial('ratio pipeline/core yardstick', r.pipelineOfCoreTrials, '; target ≥ 0.7');
  perTrial('ratio core yardstick one job per batch / one job per row', r.batchedOfCoreTrials);
  rows.push(['exactly once in every trial', r.exactlyOnce ? 'yes' : 'NO']);
  rows.push(['peak RSS (this process)', `${fmt(r.peakRssMb)} MB`]);
  rows.push(['total run time', `${fmt(r.totalSeconds, 1)} s`]);
  const lines = ['| figure | value |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${v} |`)];
  for (const p of r.pipelines) if (p.profile) lines.push('', `Where the time goes [${p.description}]:`, p.profile);
  for (const p of r.pipelines) if (p.cpuProfiles) lines.push('', `CPU profiles of the timed run [${p.description}]: ${p.cpuProfiles.join(', ')}`);
  return lines.join('\n');
}

function parseArgs(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => argv[++i];
    if (arg === '--messages') options.messages = Number(value());
    else if (arg === '--warmup') options.warmup = Number(value());
    else if (arg === '--trials') options.trials = Number(value());
    else if (arg === '--clients') options.clients = Number(value());
    else if (arg === '--concurrency') options.concurrency = Number(value());
    else if (arg === '--modes') options.modes = value().split(',');
    else if (arg === '--budget') options.budgetSeconds = Number(value());
    else if (arg === '--profile') options.profile = true;
    else if (arg === '--cpu-profile') options.cpuProfileDir = value();
    else if (arg === '--json') options.json = true;
    else if (arg === '--pgbouncer') options.pgbouncer = Number(value());
    else throw new Error(`unknown argument ${arg}`);
  }
  return options;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { json, ...options } = parseArgs(process.argv.slice(2));
  run({ ...options, log: (line) => process.stderr.write(`${line}\n`) })
    .then((result) => {
      process.stdout.write(`${json ? JSON.stringify(result, null, 2) : formatTable(result)}\n`);
      process.exit(0);
    })
    .catch((error) => {
      process.stderr.write(`bench failed: ${error.stack ?? error}\n`);
      process.exit(1);
    });
}
