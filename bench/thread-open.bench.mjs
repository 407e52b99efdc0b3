// Opening a 5,000-message thread in the inbox, measured in Chromium: when the newest page is on
// screen (the first message article painted, from navigation start), first contentful paint, and
// how much of the thread is in the DOM (message articles and all elements). The path is the
// product's: `next start` on the built inbox, its server render asking the API for the newest page.
//
// Plain Node ESM on the BUILT code (`npx tsc -b tsconfig.build.json` and `npx next build apps/inbox` first):
//   node bench/thread-open.bench.mjs [--messages 5000] [--runs 5]
// Needs PostgreSQL on 127.0.0.1:5432, Redis on 127.0.0.1:6379 and /usr/bin/chromium (or CHROMIUM_PATH);
// removes its database and keys.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { createSimulator } from '../apps/simulator/dist/index.js';
import { loadConfig, withInfra } from '../apps/api/dist/config/load-config.js';
import { createHttpApp } from '../apps/api/dist/create-app.js';
import { runMigrations } from '../apps/api/dist/database/data-source.js';

const SECRETS = {
  accessToken: 'bench-access-token-0123456789',
  appSecret: 'bench-app-secret',
  verifyToken: 'bench-verify-token',
  phoneNumberId: '106540352242922',
  businessAccountId: '102290129340398',
  apiKey: 'sk_bench_0123456789abcdef0123456789abcdef',
};
const ADMIN = { email: 'bench.admin@sendbook.example', password: 'bench admin password 0123' };
const CUSTOMER = '972509990001';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The target: the DOM holds a window of the thread, never the thread. */
const MAX_ARTICLES = 300;

export async function run({ messages = 5000, runs = 5, pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379', log = console.log } = {}) {
  const stamp = `${Date.now()}_${randomBytes(3).toString('hex')}`;
  const database = `sendbook_bench_thread_${stamp}`;
  const redisPrefix = `sendbook_bench_thread_${stamp}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`);
  const dbUrl = new URL(pgUrl);
  dbUrl.pathname = `/${database}`;
  let sim;
  let app;
  let inbox;
  let browser;
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  try {
    await runMigrations(dbUrl.toString());
    await db.connect();
    sim = await createSimulator({
      accessToken: SECRETS.accessToken,
      appSecret: SECRETS.appSecret,
      phoneNumbers: [{ id: SECRETS.phoneNumberId, displayPhoneNumber: '15550783881', wabaId: SECRETS.businessAccountId, mps: 80 }],
    });
    const env = {
      LOG_LEVEL: 'silent',
      WHATSAPP_ACCESS_TOKEN: SECRETS.accessToken,
      WHATSAPP_APP_SECRET: SECRETS.appSecret,
      WHATSAPP_VERIFY_TOKEN: SECRETS.verifyToken,
      WHATSAPP_PHONE_NUMBER_ID: SECRETS.phoneNumberId,
      WHATSAPP_BUSINESS_ACCOUNT_ID: SECRETS.businessAccountId,
      WHATSAPP_GRAPH_URL: sim.url,
      BOOTSTRAP_API_KEY: SECRETS.apiKey,
      BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
      BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
      REDIS_PREFIX: redisPrefix,
    };
    app = await createHttpApp(withInfra(loadConfig(env), { databaseUrl: dbUrl.toString(), redisUrl }));
    await app.listen(0, '127.0.0.1');
    const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    const api = (p, init = {}) => fetch(`${url}${p}`, { ...init, headers: { authorization: `Bearer ${SECRETS.apiKey}`, 'content-type': 'application/json', ...init.headers } });

    const opened = await api('/v1/conversations', { method: 'POST', body: JSON.stringify({ to: `+${CUSTOMER}` }) });
    if (!opened.ok) throw new Error(`POST /v1/conversations answered ${opened.status}`);
    const conversationId = (await opened.json()).conversation.id;
    await seedThread(db, messages);
    log(`a thread of ${messages} messages with +${CUSTOMER}; starting the built inbox`);

    inbox = await startInbox(url);
    const login = await fetch(`${url}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify(ADMIN) });
    if (login.status !== 200) throw new Error(`login answered ${login.status}`);
    const [name, value] = login.headers.get('set-cookie').split(';')[0].split('=');
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name, value, domain: '127.0.0.1', path: '/' }]);

    const trials = [];
    // One untimed warm-up (Next compiles nothing at run time, but the API's first query plans do).
    for (let i = 0; i <= runs; i++) {
      const page = await context.newPage();
      await page.goto(`${inbox.url}/conversations/${conversationId}`);
      await page.waitForFunction(() => document.querySelector('[role="log"] article') !== null, null, { timeout: 30_000 });
      const figures = await page.evaluate(() => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
        return { newest_ms: performance.now(), fcp_ms: fcp, articles: document.querySelectorAll('[role="log"] article').length, elements: document.getElementsByTagName('*').length };
      });
      // Settled: the virtualiser measured its rows and scrolled to the newest.
      await new Promise((r) => setTimeout(r, 1000));
      const settled = await page.evaluate(() => ({ articles: document.querySelectorAll('[role="log"] article').length, elements: document.getElementsByTagName('*').length }));
      await page.close();
      if (i > 0) trials.push({ ...figures, settled_articles: settled.articles, settled_elements: settled.elements });
    }
    const median = (key) => {
      const sorted = trials.map((t) => t[key]).filter((v) => v !== null).sort((a, b) => a - b);
      return sorted.length ? Math.round(sorted[Math.floor(sorted.length / 2)]) : null;
    };
    const result = {
      name: 'inbox.thread_open',
      messages,
      runs: trials.length,
      newest_page_on_screen_ms_p50: median('newest_ms'),
      first_contentful_paint_ms_p50: median('fcp_ms'),
      articles_in_dom_max: Math.max(...trials.map((t) => Math.max(t.articles, t.settled_articles))),
      elements_in_dom_max: Math.max(...trials.map((t) => Math.max(t.elements, t.settled_elements))),
    };
    result.dom_bounded = result.articles_in_dom_max < MAX_ARTICLES;
    log(table(result, trials));
    return result;
  } finally {
    await browser?.close();
    await inbox?.close();
    await app?.close();
    await sim?.close();
    await db.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(database)} WITH (FORCE)`);
    await admin.end();
    await unlinkPrefix(redisUrl, redisPrefix);
  }
}

/** `count` delivered messages to the customer, a second apart, written with set SQL (a factory, not the code measured). */
async function seedThread(db, count) {
  await db.query(
    `INSERT INTO outbound_messages (dedupe_key, "to", to_wa_id, purpose, payload, content_hash, priority, phone_number_id, state, attempts, wamid,
                                    not_before, created_at, updated_at, accepted_at, sent_at, delivered_at, retain_until)
     SELECT 'bench:' || g, '+' || $2, $2, 'order_update', jsonb_build_object('type', 'text', 'text', jsonb_build_object('body', 'update number ' || g)),
            'bench' || g, 0, $1, 'delivered', 1, 'wamid.BENCH.' || g, at, at, at, at, at, at, at + interval '90 days'
       FROM (SELECT g, now() - ($3::int - g) * interval '1 second' - interval '1 minute' AS at FROM generate_series(1, $3::int) g) s`,
    [SECRETS.phoneNumberId, CUSTOMER, count],
  );
}

async function startInbox(apiUrl) {
  const port = await new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port: p } = server.address();
      server.close(() => resolve(p));
    });
  });
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'start', path.join(ROOT, 'apps/inbox'), '--port', String(port), '--hostname', '127.0.0.1'], {
    stdio: 'ignore',
    env: { ...process.env, API_URL: apiUrl, NEXT_TELEMETRY_DISABLED: '1' },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (!(await fetch(url).then((r) => r.ok, () => false))) {
    if (Date.now() > deadline) throw new Error('the inbox did not answer (is it built? npx next build apps/inbox)');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function unlinkPrefix(redisUrl, prefix) {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

function table(result, trials) {
  const rows = trials.map((t, i) => `| ${i + 1} | ${Math.round(t.newest_ms)} | ${t.fcp_ms === null ? '–' : Math.round(t.fcp_ms)} | ${t.articles} → ${t.settled_articles} | ${t.elements} → ${t.settled_elements} |`);
  return [
    `Opening a ${result.messages}-message thread (Chromium, 1280×800; medians of ${result.runs} after a warm-up):`,
    `  newest page on screen ${result.newest_page_on_screen_ms_p50} ms, first contentful paint ${result.first_contentful_paint_ms_p50} ms,`,
    `  at most ${result.articles_in_dom_max} message articles and ${result.elements_in_dom_max} elements in the DOM (target: < ${MAX_ARTICLES} articles) ${result.dom_bounded ? 'met' : 'NOT met'}`,
    '',
    '| run | newest page on screen, ms | FCP, ms | articles (first → settled) | elements (first → settled) |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const result = await run({ messages: arg('messages', 5000), runs: arg('runs', 5) });
  process.exit(result.dom_bounded ? 0 : 1);
}
