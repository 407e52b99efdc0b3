// Campaign upload (issue #36): a 100,000-row CSV from `POST /v1/campaigns` until every row is in the
// outbox, in rows per second, against the same rows through `POST /v1/messages/batch`; and the API's
// webhook ack p99 meanwhile, against the same webhooks with nothing else going on.
//
// One stack for the whole run: the API (ROLE=api) in this process; one ROLE=worker process, where
// the campaign writer (`campaigns.write`) runs; the simulator in a process of its own, only for the
// template registry (a body with one variable); signed webhooks at a steady rate from a process of
// its own (bench/webhook-acks.mjs), so a stalled API loop delays the acks, not the sending. The
// number's sending is paused by hand first (`POST /v1/numbers/{id}/pause`): the sender looks at
// each row once and leaves it `queued`, so what is timed is the writing, not Meta's pace.
//
// After an untimed warm-up: the webhooks alone (the baseline); then the campaign, the webhooks
// going on: the CSV (distinct numbers, one variable column) posted, its 202 timed (it comes before
// any row is written), then `rows_written` read from the database until it reaches `rows_total`,
// and the outbox rows counted; then the same rows (recipient, template, variable) as batches of
// 1,000, one at a time, as bench/batch-enqueue.bench.mjs sends them. Figures are printed, not judged.
//
// Plain Node ESM on the BUILT code (`npx tsc -b tsconfig.build.json` first):
//   node bench/campaign-upload.bench.mjs [--rows 100000] [--batch 1000] [--webhook-rate 100]
//        [--baseline-seconds 15] [--cpu-profile DIR] [--json]
// Needs PostgreSQL and Redis on localhost (BENCH_PG_URL / BENCH_REDIS_URL); removes what it made.
import http from 'node:http';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Queue } from 'bullmq';
import pg from 'pg';
import { QUEUE_NAMES, campaignTemplatePayload } from '@sendbook/queue';
import { loadConfig, withInfra } from '../apps/api/dist/config/load-config.js';
import { createHttpApp } from '../apps/api/dist/create-app.js';
import { DEFAULT_TEMPLATES } from '../apps/simulator/dist/index.js';
import { batches } from './batch-enqueue.bench.mjs';
import { apiRequest, benchEnv, benchStore, fmt, numberOption, PG_URL, REDIS_URL, redisConnection, SECRETS, startChild, stopChild } from './bench-infra.mjs';
import { startCpuProfile } from './cpu-profile.mjs';
import { benchCpuMeter } from './outbound-profile.mjs';
import { ackSummary, wallNow } from './webhook-acks.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** An APPROVED marketing template whose body has one variable and nothing else to fill. */
const TEMPLATE = {
  id: '9100000000001',
  name: 'bench_offer',
  language: 'en',
  status: 'APPROVED',
  category: 'MARKETING',
  parameter_format: 'POSITIONAL',
  components: [{ type: 'BODY', text: 'Hi {{1}}! Our spring offer is on: 20% off everything.', example: { body_text: [['Pablo']] } }],
};
/** How often `rows_written` is read while the campaign is written. */
const POLL_MS = 20;
/** The webhooks run this long before what they are measured against starts. */
const LEAD_MS = 1_000;
/** Connections the webhooks may use at once, as bench/webhooks.bench.mjs's load has. */
const WEBHOOK_SOCKETS = 50;

const waId = (i) => `97250${String(i).padStart(7, '0')}`;
const firstName = (i) => `Friend ${i}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function run({
  rows = 100_000,
  batch = 1_000,
  webhookRate = 100,
  baselineSeconds = 15,
  warmupRows = 2_000,
  cpuProfileDir = null,
  pgUrl = PG_URL,
  redisUrl = REDIS_URL,
  log = console.log,
} = {}) {
  const store = benchStore('campaign', { pgUrl, redisUrl, log });
  const { redisPrefix, databaseUrl } = store;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const children = [];
  let app;
  let db;
  let queue;
  try {
    await store.create();
    const sim = await startChild(path.join(HERE, 'simulator-process.mjs'), {
      what: 'the simulator',
      args: [JSON.stringify({ accessToken: SECRETS.accessToken, appSecret: SECRETS.appSecret, templates: [...DEFAULT_TEMPLATES, TEMPLATE] })],
    });
    children.push(sim);
    const env = benchEnv({ graphUrl: sim.ready.url, databaseUrl, redisUrl, redisPrefix });
    app = await createHttpApp(withInfra(loadConfig({ ...env, ROLE: 'api' }), { databaseUrl, redisUrl }));
    await app.listen(0, '127.0.0.1');
    const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    const worker = await startChild(path.join(HERE, 'outbound-worker.mjs'), { env: { ...env, ROLE: 'worker' }, what: 'the worker process' });
    children.push(worker);
    const hooks = await startChild(path.join(HERE, 'webhook-acks.mjs'), { what: 'the webhook sender' });
    children.push(hooks);
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    queue = new Queue(QUEUE_NAMES.outbound, { connection: { ...redisConnection(redisUrl), maxRetriesPerRequest: null }, prefix: redisPrefix });

    const call = async (method, route, expected, options = {}) => {
      const res = await apiRequest(url, method, route, { agent, ...options });
      if (res.status !== expected) throw new Error(`${method} ${route.split('?')[0]} answered ${res.status}: ${res.body.slice(0, 300)}`);
      return JSON.parse(res.body);
    };
    await call('POST', '/v1/templates/sync', 200);
    await call('POST', `/v1/numbers/${SECRETS.phoneNumberId}/pause`, 200, { body: JSON.stringify({ note: 'bench: what is written stays queued' }) });
    const ctx = { url, call, db, hooks, webhookRate, batch, meter: () => benchCpuMeter({ pgUrl, database: store.database, childPid: () => worker.proc.pid }) };

    log(`warming up: a ${fmt(warmupRows)}-row campaign and the same rows in batches, webhooks at ${webhookRate}/s; untimed`);
    await withWebhooks(ctx, async () => {
      await campaign(ctx, 'warmup', warmupRows);
      await batchEnqueue(ctx, 'warmup-batch', warmupRows);
    });
    await drained(queue);

    const load = { baseline: os.loadavg()[0] };
    log(`baseline: signed webhooks at ${webhookRate}/s for ${baselineSeconds} s, nothing else`);
    const baseline = await withWebhooks(ctx, () => sleep(baselineSeconds * 1000));

    log(`campaign: ${fmt(rows)} rows as CSV, until every row is in the outbox`);
    load.campaign = os.loadavg()[0];
    const stopProfiles = cpuProfileDir ? await startProfiles(worker) : null;
    await worker.request({ type: 'writer-steps-start' });
    const during = await withWebhooks(ctx, () => campaign(ctx, 'bench', rows));
    const c = during.result;
    c.writer_steps = await worker.request({ type: 'writer-steps-stop' });
    c.cpu_profiles = stopProfiles ? await stopProfiles(cpuProfileDir) : null;
    // The sender's look at each row (paused: left queued) may trail the writer; the next phase waits for it.
    c.sender_done_after_s = (await drained(queue)) / 1000;
    log(`  answered in ${fmt(c.post_ms)} ms, every row written ${fmt(c.write_s, 1)} s later; the sender done ${fmt(c.sender_done_after_s, 1)} s after that`);

    log(`batch enqueue: the same ${fmt(rows)} rows, ${fmt(batch)} a request`);
    load.batch = os.loadavg()[0];
    const batched = await withWebhooks(ctx, () => batchEnqueue(ctx, 'bench-batch', rows));
    const b = batched.result;
    b.sender_done_after_s = (await drained(queue)) / 1000;

    const inWindow = (acks, from, to) => ackSummary(acks.filter((a) => a.at >= from && a.at < to));
    const figures = {
      rows,
      batch,
      webhook_rate: webhookRate,
      baseline_seconds: baselineSeconds,
      load_average: load,
      campaign: c,
      batch_enqueue: b,
      ratio: c.rows_per_s / b.rows_per_s,
      webhooks: {
        alone: ackSummary(baseline.acks),
        during_upload: inWindow(during.acks, c.posted_at, c.answered_at),
        during_write: inWindow(during.acks, c.answered_at, c.written_at),
        during_campaign: inWindow(during.acks, c.posted_at, c.written_at),
        during_batch: inWindow(batched.acks, b.started_at, b.done_at),
      },
    };
    figures.every_row_queued = c.every_row_queued && b.every_row_queued;
    // Each phase's acks once (the windows above overlap): when each unanswered one was sent, and why.
    const unanswered = (phase, acks, from) =>
      acks.filter((a) => a.status !== 200).map((a) => ({ phase, after_s: (a.at - from) / 1000, ms: a.ms, status: a.status, error: a.error, reused: a.reused }));
    figures.acks_not_200 = [
      ...unanswered('baseline', baseline.acks, baseline.acks[0]?.at ?? 0),
      ...unanswered('campaign (s after the POST)', during.acks, c.posted_at),
      ...unanswered('batch enqueue (s after its start)', batched.acks, b.started_at),
    ];
    figures.every_ack_200 = figures.acks_not_200.length === 0;
    return figures;
  } finally {
    agent.destroy();
    await queue?.close().catch(() => undefined);
    await db?.end().catch(() => undefined);
    await app?.close().catch(() => undefined);
    for (const child of children.reverse()) await stopChild(child);
    await store.drop();
  }
}

/** `work()` with the webhooks going on from LEAD_MS before it until it is done: its result and every ack. */
async function withWebhooks(ctx, work) {
  await ctx.hooks.request({ type: 'start', url: ctx.url, rate: ctx.webhookRate, secrets: SECRETS, sockets: WEBHOOK_SOCKETS });
  const stop = () => ctx.hooks.request({ type: 'stop' });
  await sleep(LEAD_MS);
  let result;
  try {
    result = await work();
  } catch (error) {
    await stop();
    throw error;
  }
  return { result, acks: await stop() };
}

/** One campaign of `n` rows as a CSV upload, timed from the POST until `rows_written` reaches `rows_total`. */
async function campaign(ctx, name, n) {
  const csv = ['phone,first_name', ...Array.from({ length: n }, (_, i) => `+${waId(i)},${firstName(i)}`)].join('\n');
  const query = new URLSearchParams({ name, template_name: TEMPLATE.name, template_language: TEMPLATE.language, variables: 'first_name' });
  const uploadCpu = ctx.meter();
  // The API runs in this process: how long its loop was held says whether a slow ack waited on it or on PostgreSQL.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const postedAt = wallNow();
  const answer = await ctx.call('POST', `/v1/campaigns?${query}`, 202, { body: csv, contentType: 'text/csv' });
  const answeredAt = wallNow();
  loop.disable();
  const cpuUpload = await uploadCpu();
  const writeCpu = ctx.meter();
  const id = answer.campaign.id;
  let firstAt = null;
  for (;;) {
    const progress = (await ctx.db.query('SELECT rows_written, rows_total FROM campaigns WHERE id = $1', [id])).rows[0];
    if (firstAt === null && progress.rows_written > 0) firstAt = wallNow();
    if (progress.rows_written >= progress.rows_total) break;
    await sleep(POLL_MS);
  }
  const writtenAt = wallNow();
  const cpuWrite = await writeCpu();
  const state = (await ctx.call('GET', `/v1/campaigns/${encodeURIComponent(id)}/run`, 200)).campaign;
  const outbox = (
    await ctx.db.query(
      `SELECT count(*)::int AS rows, count(DISTINCT to_wa_id)::int AS recipients, count(*) FILTER (WHERE state = 'queued')::int AS queued
         FROM outbound_messages WHERE campaign = $1 AND starts_with(dedupe_key, $2)`,
      [name, `campaign:${id}:`],
    )
  ).rows[0];
  const totalS = (writtenAt - postedAt) / 1000;
  return {
    csv_bytes: Buffer.byteLength(csv),
    posted_at: postedAt,
    answered_at: answeredAt,
    written_at: writtenAt,
    post_ms: answeredAt - postedAt,
    api_loop_delay_during_upload_ms: { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
    first_batch_after_ms: firstAt === null ? null : firstAt - answeredAt,
    write_s: (writtenAt - answeredAt) / 1000,
    total_s: totalS,
    rows_per_s: n / totalS,
    write_rows_per_s: n / ((writtenAt - answeredAt) / 1000),
    rows_total: state.rows_total,
    rows_written: state.rows_written,
    outbox_rows: outbox.rows,
    outbox_recipients: outbox.recipients,
    outbox_queued: outbox.queued,
    every_row_queued: state.rows_total === n && state.rows_written === n && outbox.rows === n && outbox.recipients === n && outbox.queued === n,
    cpu_ms_per_1000_rows: { upload: per1000(cpuUpload, n), write: per1000(cpuWrite, n) },
  };
}

/** The same rows as `campaign` (recipient, template, variable, purpose) through the batch endpoint. */
async function batchEnqueue(ctx, tag, n) {
  const cpu = ctx.meter();
  const startedAt = wallNow();
  await batches(ctx.url, n, ctx.batch, (i) => ({
    dedupe_key: `${tag}-${i}`,
    to: `+${waId(i)}`,
    purpose: TEMPLATE.category.toLowerCase(),
    campaign: tag,
    payload: campaignTemplatePayload(TEMPLATE, [firstName(i)]),
  }));
  const doneAt = wallNow();
  const cpuMs = await cpu();
  const outbox = (
    await ctx.db.query(`SELECT count(*)::int AS rows, count(*) FILTER (WHERE state = 'queued')::int AS queued FROM outbound_messages WHERE campaign = $1`, [
      tag,
    ])
  ).rows[0];
  const seconds = (doneAt - startedAt) / 1000;
  return {
    started_at: startedAt,
    done_at: doneAt,
    seconds,
    rows_per_s: n / seconds,
    outbox_rows: outbox.rows,
    outbox_queued: outbox.queued,
    every_row_queued: outbox.rows === n && outbox.queued === n,
    cpu_ms_per_1000_rows: per1000(cpuMs, n),
  };
}

/** Waits until no outbound job waits or runs; how long that took, in ms. */
async function drained(queue) {
  const started = performance.now();
  for (;;) {
    const counts = await queue.getJobCounts('waiting', 'prioritized', 'active', 'paused');
    if (Object.values(counts).every((n) => n === 0)) return performance.now() - started;
    if (performance.now() - started > 300_000) throw new Error(`the outbound queue did not drain: ${JSON.stringify(counts)}`);
    await sleep(100);
  }
}

function per1000(cpuMs, rows) {
  return {
    api_process: (cpuMs.benchProcessMs * 1000) / rows,
    worker_process: (cpuMs.workerProcessMs * 1000) / rows,
    postgres: ((cpuMs.postgresBenchMs + cpuMs.postgresOtherMs) * 1000) / rows,
    redis: (cpuMs.redisMs * 1000) / rows,
    everything_else: (cpuMs.everythingElseMs * 1000) / rows,
    wall_ms: cpuMs.wallMs,
    machine_busy_percent: cpuMs.machineBusyPercent,
  };
}

/** CPU profiles of this process (the API) and the worker process; the returned function writes both. */
async function startProfiles(worker) {
  const stopHere = await startCpuProfile();
  await worker.request({ type: 'cpu-profile-start' });
  return async (dir) => [await stopHere(dir, 'campaign-api-process'), await worker.request({ type: 'cpu-profile-stop', dir, name: 'campaign-worker-process' })];
}

export function table(f) {
  const c = f.campaign;
  const b = f.batch_enqueue;
  const cpu = (x) =>
    `API ${fmt(x.api_process)}, worker ${fmt(x.worker_process)}, PostgreSQL ${fmt(x.postgres)}, Redis ${fmt(x.redis)}, rest ${fmt(x.everything_else)} (machine ${fmt(x.machine_busy_percent)} % busy)`;
  const acks = (name, w) => `| ${name} | ${fmt(w.acks)} | ${w.p50_ms} ms | ${w.p95_ms} ms | ${w.p99_ms} ms | ${w.max_ms} ms |`;
  return [
    `| ${fmt(f.rows)} rows, one variable (sending paused: rows stay queued) | time | rows/s | ÷ batch |`,
    '|---|---|---|---|',
    `| campaign: \`POST /v1/campaigns\`, ${fmt(c.csv_bytes / 2 ** 20, 1)} MB of CSV → 202 (the API's loop held at most ${fmt(c.api_loop_delay_during_upload_ms.max)} ms, p99 ${fmt(c.api_loop_delay_during_upload_ms.p99)} ms) | ${fmt(c.post_ms)} ms | | |`,
    `| campaign: 202 → every row in the outbox (\`campaigns.write\`; first batch in after ${fmt(c.first_batch_after_ms)} ms) | ${fmt(c.write_s, 1)} s | ${fmt(c.write_rows_per_s)} | |`,
    `| **campaign: upload → every row queued** | ${fmt(c.total_s, 1)} s | ${fmt(c.rows_per_s)} | ${fmt(f.ratio, 2)} |`,
    `| batch: \`POST /v1/messages/batch\` of ${fmt(f.batch)}, one at a time | ${fmt(b.seconds, 1)} s | ${fmt(b.rows_per_s)} | 1.00 |`,
    '',
    `Campaign: rows_total ${fmt(c.rows_total)}, rows_written ${fmt(c.rows_written)}; outbox rows ${fmt(c.outbox_rows)} (${fmt(c.outbox_recipients)} recipients, ${fmt(c.outbox_queued)} queued). Batch: outbox rows ${fmt(b.outbox_rows)} (${fmt(b.outbox_queued)} queued). Every row queued once: ${f.every_row_queued ? 'yes' : 'NO'}.`,
    `The sender (looking at each row once, the number paused) was done ${fmt(c.sender_done_after_s, 1)} s after the campaign's last row, ${fmt(b.sender_done_after_s, 1)} s after the last batch.`,
    `Load average (1 min) at the start of the baseline, the campaign and the batch enqueue: ${Object.values(f.load_average)
      .map((l) => l.toFixed(2))
      .join(', ')}.`,
    `CPU ms per 1,000 rows: upload ${cpu(c.cpu_ms_per_1000_rows.upload)}; writing ${cpu(c.cpu_ms_per_1000_rows.write)}; batch ${cpu(b.cpu_ms_per_1000_rows)}.`,
    '',
    `| signed webhooks at ${f.webhook_rate}/s, acks | acks | p50 | p95 | p99 | max |`,
    '|---|---|---|---|---|---|',
    acks(`alone, ${f.baseline_seconds} s (baseline)`, f.webhooks.alone),
    acks('during the upload (POST → 202)', f.webhooks.during_upload),
    acks('during the writing (202 → every row queued)', f.webhooks.during_write),
    acks('**during the campaign** (POST → every row queued)', f.webhooks.during_campaign),
    acks('during the batch enqueue', f.webhooks.during_batch),
    '',
    `Acks not 200: ${f.acks_not_200.length}${f.acks_not_200.length ? ':' : '.'}`,
    ...f.acks_not_200.map(
      (a) =>
        `- ${a.phase} ${fmt(a.after_s, 2)} s: ${a.status === 0 ? `no answer, ${a.error}${a.reused ? ' on a kept-alive socket' : ' on a new socket'}` : a.status} after ${fmt(a.ms)} ms`,
    ),
    '',
    `The campaign writer, step by step (in the worker process, while the ${fmt(f.rows)} rows were written):`,
    '',
    '| step | calls | mean ms | max ms | sum s |',
    '|---|---|---|---|---|',
    ...c.writer_steps.map(
      (s) => `| ${s.label} | ${fmt(s.count)} | ${fmt(s.count ? s.totalMs / s.count : 0, 1)} | ${fmt(s.maxMs)} | ${fmt(s.totalMs / 1000, 1)} |`,
    ),
    ...(c.cpu_profiles ? ['', `CPU profiles of the campaign (upload and writing): ${c.cpu_profiles.join(', ')}`] : []),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => numberOption(args, name, fallback);
  const at = args.indexOf('--cpu-profile');
  const figures = await run({
    rows: option('--rows', 100_000),
    batch: option('--batch', 1_000),
    webhookRate: option('--webhook-rate', 100),
    baselineSeconds: option('--baseline-seconds', 15),
    cpuProfileDir: at >= 0 ? args[at + 1] : null,
  });
  console.log(args.includes('--json') ? JSON.stringify(figures, null, 2) : table(figures));
  process.exit(figures.every_row_queued && figures.every_ack_200 ? 0 : 1);
}
