// Upload-and-send of a 5 MB image, end to end: the agent's upload (`POST /v1/uploads`, the file
// checked and kept), the reply naming it (`POST …/replies`, the file uploaded to the simulator
// standing in for Meta and the send queued), until the simulator has accepted the send by its
// media id. Figures: the median and the worst of `--trials` runs of each step; no target beyond
// reporting (the simulator runs on the same machine, so this is Sendbook's own share plus loopback).
//
// Plain Node ESM on the BUILT code (`npx tsc -b tsconfig.build.json` first):
//   node bench/media-send.bench.mjs [--trials 10] [--megabytes 5]
// Needs PostgreSQL and Redis on localhost (BENCH_PG_URL / BENCH_REDIS_URL); removes what it made.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createSimulator } from '../apps/simulator/dist/index.js';
import { loadConfig, withInfra } from '../apps/api/dist/config/load-config.js';
import { createHttpApp } from '../apps/api/dist/create-app.js';
import { runMigrations } from '../apps/api/dist/database/data-source.js';
import { adminQuery, benchEnv, deleteRedisKeys, fmt, SECRETS, withDatabase } from './bench-infra.mjs';
import { median } from './median.mjs';
import { pngBytes } from '../test/support/png.mjs';

export async function run({
  trials = 10,
  megabytes = 5,
  pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  log = console.log,
} = {}) {
  const stamp = `${Date.now()}_${process.pid}`;
  const database = `sendbook_bench_media_${stamp}`;
  const databaseUrl = withDatabase(pgUrl, database);
  const redisPrefix = `sendbook_bench_media_${stamp}`;
  const mediaDir = await mkdtemp(path.join(os.tmpdir(), 'sendbook-bench-media-'));
  let app;
  let sim;
  try {
    await adminQuery(pgUrl, `CREATE DATABASE ${pg.escapeIdentifier(database)}`);
    await runMigrations(databaseUrl);
    sim = await createSimulator({
      accessToken: SECRETS.accessToken,
      appSecret: SECRETS.appSecret,
      phoneNumbers: [
        { id: SECRETS.phoneNumberId, displayPhoneNumber: '15550783881', wabaId: SECRETS.businessAccountId, mps: 80, messagingLimit: 'TIER_UNLIMITED' },
      ],
    });
    const env = { ...benchEnv({ graphUrl: sim.url, databaseUrl, redisUrl, redisPrefix }), MEDIA_DIR: mediaDir, ROLE: 'all' };
    app = await createHttpApp(withInfra(loadConfig(env), { databaseUrl, redisUrl }));
    await app.listen(0, '127.0.0.1');
    const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    sim.configure({ webhookUrl: `${url}/webhooks/whatsapp` });

    // Random pixels do not compress: the file is as large as the picture, just under WhatsApp's 5 MB.
    const image = pngBytes(1024, Math.floor((megabytes * 1024 * 1024 - 4096) / (1024 * 3 + 1)), { noise: true });
    const runs = [];
    for (let trial = 0; trial <= trials; trial++) {
      // Each trial its own customer, who has just written: the window is open.
      const customer = sim.customer(`1650555${String(7000 + trial).padStart(4, '0')}`);
      customer.sendText('Can I see it?');
      const conversation = await until(async () => (await api(url, 'GET', `/v1/conversations?q=${customer.waId}`)).body.data?.[0]?.id);
      const t0 = performance.now();
      const form = new FormData();
      form.append('file', new Blob([image], { type: 'image/png' }), 'product.png');
      const uploaded = await api(url, 'POST', '/v1/uploads', form);
      if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${JSON.stringify(uploaded.body)}`);
      const t1 = performance.now();
      const reply = await api(url, 'POST', `/v1/conversations/${conversation}/replies`, {
        media: { upload_id: uploaded.body.upload_id, caption: 'Here it is' },
      });
      if (reply.status !== 201) throw new Error(`reply answered ${reply.status}: ${JSON.stringify(reply.body)}`);
      const t2 = performance.now();
      await until(() => sim.acceptedMessages().some((m) => m.bizOpaqueCallbackData === reply.body.message.id));
      const t3 = performance.now();
      // Trial 0 warms up (connections, JIT) and is not counted.
      if (trial > 0) runs.push({ trial, upload_ms: t1 - t0, reply_ms: t2 - t1, send_ms: t3 - t2, total_ms: t3 - t0 });
      log(`trial ${trial}${trial === 0 ? ' (warm-up)' : ''}: upload ${fmt(t1 - t0)} ms, reply ${fmt(t2 - t1)} ms, sent ${fmt(t3 - t2)} ms later`);
    }
    const figure = (key) => ({ median: median(runs, (r) => r[key])[key], worst: Math.max(...runs.map((r) => r[key])) });
    return {
      megabytes,
      trials,
      bytes: image.length,
      upload: figure('upload_ms'),
      reply: figure('reply_ms'),
      send: figure('send_ms'),
      total: figure('total_ms'),
      runs,
    };
  } finally {
    await app?.close().catch(() => undefined);
    await sim?.close().catch(() => undefined);
    await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(database)} WITH (FORCE)`).catch((e) => log(`drop database failed: ${e.message}`));
    await deleteRedisKeys(redisUrl, `${redisPrefix}*`).catch(() => undefined);
    await rm(mediaDir, { recursive: true, force: true });
  }
}

export function table(f) {
  const row = (what, x) => `| ${what} | ${fmt(x.median)} ms | ${fmt(x.worst)} ms |`;
  return [
    `A ${f.megabytes} MB PNG, ${f.trials} trials (after one warm-up):`,
    '',
    '| step | median | worst |',
    '|---|---:|---:|',
    row('upload (`POST /v1/uploads`: checked, hashed, kept)', f.upload),
    row('reply (`POST …/replies`: uploaded to Meta, queued)', f.reply),
    row('until Meta accepted the send', f.send),
    row('**end to end**', f.total),
  ].join('\n');
}

async function api(url, method, route, body) {
  const headers = { authorization: `Bearer ${SECRETS.apiKey}` };
  if (body && !(body instanceof FormData)) headers['content-type'] = 'application/json';
  const res = await fetch(`${url}${route}`, { method, headers, body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined });
  return { status: res.status, body: await res.json().catch(() => null) };
}

async function until(probe, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i === -1 ? fallback : Number(process.argv[i + 1]);
  };
  const figures = await run({ trials: arg('trials', 10), megabytes: arg('megabytes', 5) });
  console.log(`\n${table(figures)}`);
}
