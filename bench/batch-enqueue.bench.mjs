// Batch enqueue: is `POST /v1/messages/batch` at least as fast per message as single enqueues?
// The same number of new messages enqueued both ways against the same API (ROLE=api: no worker
// competes for the CPU), in alternating trials: singles by a client keeping `--concurrency`
// requests in flight (an order system with a worker pool), batches of `--batch` one after another.
// Figure: messages enqueued per second, the median of the trials; target: batch ≥ 1 × single.
//
// Plain Node ESM on the BUILT code (`npx tsc -b tsconfig.build.json` first):
//   node bench/batch-enqueue.bench.mjs [--messages 2000] [--batch 1000] [--concurrency 16] [--trials 3]
// Needs PostgreSQL and Redis on localhost (BENCH_PG_URL / BENCH_REDIS_URL); removes what it made.
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, withInfra } from '../apps/api/dist/config/load-config.js';
import { createHttpApp } from '../apps/api/dist/create-app.js';
import { apiRequest, benchEnv, benchStore, fmt, numberOption, PG_URL, REDIS_URL } from './bench-infra.mjs';
import { median } from './median.mjs';

const TARGET = 1;

export async function run({ messages = 2000, batch = 1000, concurrency = 16, trials = 3, pgUrl = PG_URL, redisUrl = REDIS_URL, log = console.log } = {}) {
  const store = benchStore('batch', { pgUrl, redisUrl, log });
  const { redisPrefix, databaseUrl } = store;
  let app;
  try {
    await store.create();
    // Nothing is sent (no worker): the Graph URL is a closed port.
    const env = benchEnv({ graphUrl: 'http://127.0.0.1:9', databaseUrl, redisUrl, redisPrefix });
    app = await createHttpApp(withInfra(loadConfig({ ...env, ROLE: 'api' }), { databaseUrl, redisUrl }));
    await app.listen(0, '127.0.0.1');
    const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    let round = 0;
    const next = () => ++round;
    log(`warming up: ${fmt(messages)} messages each way, untimed`);
    await singles(url, next(), messages, concurrency);
    await batches(url, messages, batch, messageOf(next()));
    const runs = { single: [], batch: [] };
    for (let trial = 1; trial <= trials; trial++) {
      const load = os.loadavg()[0];
      runs.single.push({ trial, load, ...(await singles(url, next(), messages, concurrency)) });
      runs.batch.push({ trial, load: os.loadavg()[0], ...(await batches(url, messages, batch, messageOf(next()))) });
      log(`trial ${trial}: single ${fmt(runs.single.at(-1).rate)} msg/s, batch ${fmt(runs.batch.at(-1).rate)} msg/s (load ${load.toFixed(2)})`);
    }
    const single = median(runs.single, (r) => r.rate).rate;
    const batched = median(runs.batch, (r) => r.rate).rate;
    return { messages, batch, concurrency, trials, single, batched, ratio: batched / single, target: TARGET, meets_target: batched / single >= TARGET, runs };
  } finally {
    await app?.close().catch(() => undefined);
    await store.drop();
  }
}

/** `count` single POSTs, `concurrency` in flight at a time. */
async function singles(url, round, count, concurrency) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let i = 0;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (i < count) {
          const n = i++;
          const { status, body } = await apiRequest(url, 'POST', '/v1/messages', { agent, body: JSON.stringify(messageBody(round, n)) });
          if (status !== 201) throw new Error(`POST /v1/messages answered ${status}: ${body.slice(0, 300)}`);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  return { seconds, rate: count / seconds };
}

/** Messages 0 … count - 1 (`messageAt(i)`, a request body) in batches of `size`, one batch at a time; every one must be created. */
export async function batches(url, count, size, messageAt) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const started = performance.now();
  try {
    for (let from = 0; from < count; from += size) {
      const items = Array.from({ length: Math.min(size, count - from) }, (_, k) => messageAt(from + k));
      const { status, body } = await apiRequest(url, 'POST', '/v1/messages/batch', { agent, body: JSON.stringify({ messages: items }) });
      if (status !== 200) throw new Error(`POST /v1/messages/batch answered ${status}: ${body.slice(0, 300)}`);
      const created = JSON.parse(body).results.filter((r) => r.status === 'created').length;
      if (created !== items.length) throw new Error(`a batch of ${items.length} created ${created}`);
    }
  } finally {
    agent.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  return { seconds, rate: count / seconds };
}

const messageOf = (round) => (i) => messageBody(round, i);

function messageBody(round, i) {
  return {
    dedupe_key: `batch-bench-${round}-${i}`,
    to: `+97250${String(round * 100_000 + i).padStart(7, '0')}`,
    purpose: 'order_shipped',
    campaign: `bench-${round}`,
    payload: { type: 'template', template: { name: 'hello_world', language: { code: 'en_US' } } },
  };
}

export function table(f) {
  return [
    `| enqueue, median of ${f.trials} alternating trials of ${fmt(f.messages)} new messages | msg/s | ratio (target ≥ ${f.target}) |`,
    '|---|---|---|',
    `| single: \`POST /v1/messages\`, ${f.concurrency} in flight (baseline) | ${fmt(f.single)} | 1.00 |`,
    `| batch: \`POST /v1/messages/batch\` of ${fmt(f.batch)}, one at a time | ${fmt(f.batched)} | ${fmt(f.ratio, 2)} |`,
    '',
    `Target met: ${f.meets_target ? 'yes' : 'no'}. Load average at each trial's start: ${f.runs.single.map((r) => r.load.toFixed(2)).join(', ')}.`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => numberOption(args, name, fallback);
  const figures = await run({
    messages: option('--messages', 2000),
    batch: option('--batch', 1000),
    concurrency: option('--concurrency', 16),
    trials: option('--trials', 3),
  });
  console.log(table(figures));
  process.exit(0);
}
