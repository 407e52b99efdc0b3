// Live fan-out benchmark: the delay from a status webhook's 200 to the tick's event arriving on each
// of 50 open staff streams (`GET /v1/events`, one signed-in person each, as 50 browsers hold them),
// and to the tick changing on screen in a real Chromium with the customer's thread open in the
// inbox. The path measured is the product's: signed POST → stored → 200 → webhook worker applies
// the status in PostgreSQL → after commit, one Redis Stream entry → the API's one reader → every
// stream (through the inbox's proxy for the browser) → React re-renders the message.
//
// Plain Node ESM on the BUILT code and inbox (`npx tsc -b tsconfig.build.json`, `npx next build apps/inbox`):
//   node bench/sse-fanout.bench.mjs [--streams 50] [--messages 60] [--no-browser]
// Needs PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379; removes its database and keys.
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { signBody } from '@sendbook/whatsapp';
import { createSimulator } from '../apps/simulator/dist/index.js';
import { loadConfig, withInfra } from '../apps/api/dist/config/load-config.js';
import { createHttpApp } from '../apps/api/dist/create-app.js';
import { runMigrations } from '../apps/api/dist/database/data-source.js';
import { benchEnv, deleteRedisKeys, SECRETS, statusWebhookBody, withDatabase } from './bench-infra.mjs';
import { launchChromium, signedInPage, startInbox } from './inbox-browser.mjs';

/** The ticks each message goes through after Meta accepted it. */
const TICKS = ['sent', 'delivered', 'read'];
/** One event not reaching one stream within this is counted as lost, not waited for forever. */
const EVENT_DEADLINE_MS = 10_000;
/** The customer whose thread the browser has open, and how many of the messages are theirs. */
const WATCHED = { waId: '972502099999', messages: 8 };
const ADMIN = { email: 'bench.admin@sendbook.test', password: 'bench admin password 0123' };

export async function run({
  streams = 50,
  messages = 60,
  browser: withBrowser = true,
  pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  log = console.log,
} = {}) {
  const stamp = `${Date.now()}_${randomBytes(3).toString('hex')}`;
  const database = `sendbook_bench_sse_${stamp}`;
  const redisPrefix = `sendbook_bench_sse_${stamp}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`);
  const databaseUrl = withDatabase(pgUrl, database);
  let sim;
  let app;
  let inbox;
  let browser;
  const opened = [];
  try {
    await runMigrations(databaseUrl);
    // No webhook URL: the simulator only accepts sends; the bench posts each status itself, so it
    // knows the instant of each 200.
    sim = await createSimulator({
      accessToken: SECRETS.accessToken,
      appSecret: SECRETS.appSecret,
      phoneNumbers: [
        { id: SECRETS.phoneNumberId, displayPhoneNumber: '15550783881', wabaId: SECRETS.businessAccountId, mps: 1e9, messagingLimit: 'TIER_UNLIMITED' },
      ],
      pairIntervalMs: 0,
      pairBurst: 1e9,
      statusDelaysMs: { sent: 600_000, delivered: null, read: null },
    });
    const env = {
      ...benchEnv({ graphUrl: sim.url, databaseUrl, redisUrl, redisPrefix }),
      EVENTS_MAX_STREAMS: String(Math.max(1000, streams * 2)),
      MESSAGING_LIMIT: 'unlimited',
      // Several messages go to the watched customer: Meta's 6 s per user would only make the setup slow.
      PAIR_INTERVAL_MS: '1',
      PAIR_MARGIN_MS: '0',
      // Every agent signs in from this one machine: the per-address throttle would take them for a guesser.
      LOGIN_STARTS_BURST: String(streams + 10),
      BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
      BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
    };
    app = await createHttpApp(withInfra(loadConfig(env), { databaseUrl, redisUrl }));
    await app.listen(0, '127.0.0.1');
    const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    const api = (path, init = {}) =>
      fetch(`${url}${path}`, { ...init, headers: { authorization: `Bearer ${SECRETS.apiKey}`, 'content-type': 'application/json', ...init.headers } });

    const wamids = await acceptedMessages(api, messages);
    log(`${wamids.size} messages accepted by the simulator; signing in ${streams} people`);
    const cookies = await signInMany(url, api, streams);
    for (const cookie of cookies) opened.push(await openStream(url, cookie));
    let screen = null;
    if (withBrowser) {
      inbox = await startInbox(url);
      browser = await launchChromium();
      screen = await watchThread(browser, inbox.url, api);
    }
    log(
      `${opened.length} streams open${screen ? ' and a browser on the watched thread' : ''}; posting ${wamids.size * TICKS.length} status webhooks one after another`,
    );

    const delays = [];
    const onScreen = [];
    let lost = 0;
    let lostOnScreen = 0;
    let ts = Math.floor(Date.now() / 1000);
    for (const tick of TICKS) {
      for (const [id, wamid] of wamids) {
        const arrivals = opened.map((s) => s.next((e) => e.event === 'message.status' && e.data.message_id === id && e.data.state === tick, EVENT_DEADLINE_MS));
        const watched = screen?.shows(id);
        const body = statusWebhookBody({ id: wamid, status: tick, timestamp: String(++ts), recipient_id: '972502000000' });
        const res = await fetch(`${url}/webhooks/whatsapp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(body, SECRETS.appSecret) },
          body,
        });
        const acked = performance.now();
        if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
        await res.arrayBuffer();
        const ackedAtMs = Date.now();
        for (const at of await Promise.all(arrivals)) {
          if (at === null) lost += 1;
          else delays.push(Math.max(0, at - acked));
        }
        if (watched) {
          const changedAt = await screen.changed(id, tick, EVENT_DEADLINE_MS);
          if (changedAt === null) lostOnScreen += 1;
          else onScreen.push(Math.max(0, changedAt - ackedAtMs));
        }
      }
    }
    const figures = {
      name: 'events.fanout',
      streams: opened.length,
      events: wamids.size * TICKS.length,
      deliveries: delays.length,
      lost,
      p50_ms: percentile(delays, 50),
      p95_ms: percentile(delays, 95),
      p99_ms: percentile(delays, 99),
      max_ms: Math.max(...delays),
      browser: screen
        ? {
            ticks: onScreen.length,
            lost: lostOnScreen,
            p50_ms: percentile(onScreen, 50),
            p95_ms: percentile(onScreen, 95),
            p99_ms: percentile(onScreen, 99),
            max_ms: Math.max(...onScreen),
          }
        : null,
      nothing_lost: lost === 0 && lostOnScreen === 0,
    };
    log(table(figures));
    return figures;
  } finally {
    for (const s of opened) s.close();
    await browser?.close().catch(() => undefined);
    await inbox?.close();
    await app?.close();
    await sim?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(database)} WITH (FORCE)`);
    await admin.end();
    await deleteRedisKeys(redisUrl, `${redisPrefix}*`);
  }
}

/** `count` messages, the first few to the watched customer and one to each of the others, each accepted. */
async function acceptedMessages(api, count) {
  const ids = [];
  for (let i = 0; i < count; i++) {
    const res = await api('/v1/messages', {
      method: 'POST',
      body: JSON.stringify({
        dedupe_key: `bench-sse-${i}`,
        to: i < WATCHED.messages ? `+${WATCHED.waId}` : `+9725020${String(i).padStart(5, '0')}`,
        purpose: 'order_shipped',
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
                  { type: 'text', text: `#${i}` },
                  { type: 'text', text: 'Friday' },
                ],
              },
            ],
          },
        },
      }),
    });
    if (res.status !== 201) throw new Error(`POST /v1/messages answered ${res.status}: ${await res.text()}`);
    ids.push((await res.json()).message.id);
  }
  const wamids = new Map();
  const deadline = Date.now() + 60_000;
  while (wamids.size < ids.length) {
    if (Date.now() > deadline) throw new Error(`only ${wamids.size} of ${ids.length} messages were accepted within a minute`);
    for (const id of ids.filter((x) => !wamids.has(x))) {
      const { message } = await (await api(`/v1/messages/${id}`)).json();
      if (message.wamid) wamids.set(id, message.wamid);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return wamids;
}

/** One agent per stream, each signed in through POST /v1/auth/login like the inbox does. */
async function signInMany(url, api, n) {
  const cookies = [];
  for (let i = 0; i < n; i++) {
    const email = `agent.${i}@bench.example`;
    const password = `bench password number ${i}`;
    const made = await api('/v1/staff', { method: 'POST', body: JSON.stringify({ email, name: `Agent ${i}`, role: 'agent', password }) });
    if (made.status !== 201) throw new Error(`POST /v1/staff answered ${made.status}`);
    const login = await fetch(`${url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email, password }),
    });
    if (login.status !== 200) throw new Error(`login answered ${login.status}`);
    cookies.push(login.headers.get('set-cookie').split(';')[0]);
  }
  return cookies;
}

/**
 * An open `text/event-stream` read as EventSource would: `next(match)` resolves with the
 * performance.now() of the first event that matches (already received or still to come).
 */
async function openStream(url, cookie) {
  const controller = new AbortController();
  const res = await fetch(`${url}/v1/events`, { headers: { cookie, accept: 'text/event-stream' }, signal: controller.signal });
  if (res.status !== 200) throw new Error(`GET /v1/events answered ${res.status}`);
  const seen = [];
  const waiting = new Set();
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = res.body.getReader();
  (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ done: true }));
      if (done) return;
      const at = performance.now();
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = [...block.matchAll(/^data: (.*)$/gm)].map((m) => m[1]).join('\n');
        if (!event || !data) continue;
        const e = { event, data: JSON.parse(data), at };
        seen.push(e);
        for (const w of waiting) if (w.match(e)) w.resolve(at);
      }
    }
  })();
  return {
    next(match, timeoutMs) {
      const already = seen.find(match);
      if (already) return Promise.resolve(already.at);
      return new Promise((resolve) => {
        const w = {
          match,
          resolve: (at) => {
            clearTimeout(timer);
            waiting.delete(w);
            resolve(at);
          },
        };
        const timer = setTimeout(() => w.resolve(null), timeoutMs);
        waiting.add(w);
      });
    },
    close: () => controller.abort(),
  };
}

/**
 * Chromium signed in to the inbox with the watched customer's thread open; a MutationObserver
 * stamps each change of an outbound message's state (`data-state`) with the wall clock, which
 * this process shares.
 */
async function watchThread(browser, inboxUrl, api) {
  const opened = await api('/v1/conversations', { method: 'POST', body: JSON.stringify({ to: `+${WATCHED.waId}` }) });
  if (opened.status !== 200) throw new Error(`POST /v1/conversations answered ${opened.status}`);
  const conversationId = (await opened.json()).conversation.id;
  const page = await signedInPage(browser, inboxUrl, ADMIN);
  await page.setViewportSize({ width: 1280, height: 1600 });
  await page.addInitScript(() => {
    const w = globalThis;
    w.sendbookTicks = [];
    const observer = new w.MutationObserver((records) => {
      for (const r of records) {
        const key = r.target.getAttribute?.('data-key');
        if (key?.startsWith('out-'))
          w.sendbookTicks.push({ id: key.slice(4), state: String(r.target.getAttribute('data-state')).toLowerCase(), at: Date.now() });
      }
    });
    w.addEventListener('DOMContentLoaded', () => observer.observe(w.document.body, { attributes: true, attributeFilter: ['data-state'], subtree: true }));
  });
  await page.goto(`${inboxUrl}/conversations/${conversationId}`);
  const ids = new Set();
  const deadline = Date.now() + 30_000;
  while (ids.size < WATCHED.messages) {
    if (Date.now() > deadline) throw new Error(`the thread shows ${ids.size} of the watched customer's ${WATCHED.messages} messages`);
    for (const key of await page.locator('[role="log"] article[data-key^="out-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-key'))))
      ids.add(key.slice(4));
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    shows: (id) => ids.has(id),
    async changed(id, state, timeoutMs) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const ticks = await page.evaluate(() => globalThis.sendbookTicks);
        const seen = ticks.find((t) => t.id === id && t.state === state);
        if (seen) return seen.at;
        await new Promise((r) => setTimeout(r, 5));
      }
      return null;
    },
  };
}

/** Nearest rank. */
function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.ceil((p / 100) * sorted.length) - 1] * 10) / 10;
}

function table(f) {
  return [
    `events.fanout: ${f.events} status webhooks, one after another, each to ${f.streams} open staff streams (${f.deliveries} deliveries)`,
    '| webhook 200 → event on each stream                | p50 ms | p95 ms | p99 ms | max ms |',
    '|-----------------------------------------------------|--------|--------|--------|--------|',
    `| signed POST → worker → PostgreSQL → Redis → SSE     | ${String(f.p50_ms).padStart(6)} | ${String(f.p95_ms).padStart(6)} | ${String(f.p99_ms).padStart(6)} | ${String(Math.round(f.max_ms)).padStart(6)} |`,
    ...(f.browser
      ? [
          `| … → the tick changing on screen in Chromium (${String(f.browser.ticks).padStart(3)} ticks) | ${String(f.browser.p50_ms).padStart(6)} | ${String(f.browser.p95_ms).padStart(6)} | ${String(f.browser.p99_ms).padStart(6)} | ${String(Math.round(f.browser.max_ms)).padStart(6)} |`,
        ]
      : []),
    f.nothing_lost
      ? `every event reached every stream${f.browser ? ' and every tick changed on screen' : ''}`
      : `LOST: ${f.lost} stream deliveries and ${f.browser?.lost ?? 0} ticks on screen did not arrive within ${EVENT_DEADLINE_MS} ms`,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name, fallback) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? Number(process.argv[at + 1]) : fallback;
  };
  run({ streams: arg('streams', 50), messages: arg('messages', 60), browser: !process.argv.includes('--no-browser') }).then(
    (f) => process.exit(f.nothing_lost ? 0 : 1),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
