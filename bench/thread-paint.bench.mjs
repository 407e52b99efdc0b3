// Opening a 5,000-message thread in Chromium: how long until the newest message is on screen, how
// many message elements the page keeps in the DOM (the thread is virtualised: fewer than 300), and
// how long scrolling back to the very first message takes, page by page.
//
// Plain Node ESM on the BUILT code and the BUILT inbox (`npx tsc -b tsconfig.build.json` and
// `npx next build apps/inbox`; `npm run bench` does both):
//   node bench/thread-paint.bench.mjs [--messages 5000] [--trials 5]
// Needs PostgreSQL and Redis on localhost and /usr/bin/chromium; removes what it made.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createSimulator } from '../apps/simulator/dist/index.js';
import { loadConfig, withInfra } from '../apps/api/dist/config/load-config.js';
import { createHttpApp } from '../apps/api/dist/create-app.js';
import { runMigrations } from '../apps/api/dist/database/data-source.js';
import { insertLongThreadRows } from '../test/support/long-thread-rows.mjs';
import { adminQuery, benchEnv, deleteRedisKeys, fmt, numberOption, SECRETS, withDatabase } from './bench-infra.mjs';
import { launchChromium, signedInPage, startInbox } from './inbox-browser.mjs';
import { median } from './median.mjs';

const ADMIN = { email: 'bench.admin@sendbook.test', password: 'bench admin password 0123' };
const CUSTOMER = '972502220004';
const DOM_LIMIT = 300;

export async function run({
  messages = 5000,
  trials = 5,
  pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  log = console.log,
} = {}) {
  const stamp = `${Date.now()}_${process.pid}`;
  const database = `sendbook_bench_thread_${stamp}`;
  const redisPrefix = `sendbook_bench_thread_${stamp}`;
  const databaseUrl = withDatabase(pgUrl, database);
  let sim;
  let app;
  let inbox;
  let browser;
  try {
    await adminQuery(pgUrl, `CREATE DATABASE ${pg.escapeIdentifier(database)}`);
    await runMigrations(databaseUrl);
    sim = await createSimulator({
      accessToken: SECRETS.accessToken,
      appSecret: SECRETS.appSecret,
      phoneNumbers: [{ id: SECRETS.phoneNumberId, displayPhoneNumber: '15550783881', wabaId: SECRETS.businessAccountId, mps: 80 }],
    });
    const env = {
      ...benchEnv({ graphUrl: sim.url, databaseUrl, redisUrl, redisPrefix }),
      BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
      BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
    };
    app = await createHttpApp(withInfra(loadConfig({ ...env, ROLE: 'all' }), { databaseUrl, redisUrl }));
    await app.listen(0, '127.0.0.1');
    const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    sim.configure({ webhookUrl: `${url}/webhooks/whatsapp` });

    log(`seeding a thread of ${fmt(messages)} messages`);
    const thread = await seedThread(sim, databaseUrl, messages);
    inbox = await startInbox(url);
    browser = await launchChromium();
    const page = await signedInPage(browser, inbox.url, ADMIN);
    // Marks the moment the newest message is in the DOM and the frame after it (painted).
    await page.addInitScript((newest) => {
      const w = globalThis;
      const seen = () => [...w.document.querySelectorAll('[role="log"] article')].some((a) => a.textContent.includes(newest));
      const observer = new w.MutationObserver(() => {
        if (w.sendbookNewestAt === undefined && seen()) {
          w.sendbookNewestAt = w.performance.now();
          w.requestAnimationFrame(() => w.requestAnimationFrame(() => (w.sendbookNewestPaintedAt = w.performance.now())));
          observer.disconnect();
        }
      });
      w.addEventListener('DOMContentLoaded', () => observer.observe(w.document.body, { childList: true, subtree: true, characterData: true }));
    }, thread.newestText);

    const loads = [];
    for (let trial = 0; trial < trials; trial++) {
      await page.goto(`${inbox.url}/conversations/${thread.conversationId}`);
      await page.waitForFunction(() => globalThis.sendbookNewestPaintedAt !== undefined, null, { timeout: 30_000 });
      loads.push(
        await page.evaluate(() => ({
          newest_painted_ms: globalThis.sendbookNewestPaintedAt,
          first_contentful_paint_ms: globalThis.performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
          articles: globalThis.document.querySelectorAll('[role="log"] article').length,
          elements: globalThis.document.getElementsByTagName('*').length,
        })),
      );
    }
    log(`  ${trials} loads; scrolling back to the first message`);
    const scroll = await scrollToOldest(page);
    const load = median(loads, (l) => l.newest_painted_ms);
    const figures = {
      messages,
      trials,
      newest_painted_ms: load.newest_painted_ms,
      newest_painted_all_ms: loads.map((l) => Math.round(l.newest_painted_ms)),
      first_contentful_paint_ms: load.first_contentful_paint_ms,
      articles_after_load: Math.max(...loads.map((l) => l.articles)),
      elements_after_load: Math.max(...loads.map((l) => l.elements)),
      articles_most_while_scrolling: scroll.most,
      reached_oldest: scroll.reached,
      scroll_to_oldest_ms: scroll.ms,
      dom_limit: DOM_LIMIT,
    };
    figures.meets_target = figures.reached_oldest && Math.max(figures.articles_after_load, figures.articles_most_while_scrolling) < DOM_LIMIT;
    return figures;
  } finally {
    await browser?.close().catch(() => undefined);
    await inbox?.close();
    await app?.close().catch(() => undefined);
    await sim?.close().catch(() => undefined);
    await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(database)} WITH (FORCE)`).catch((e) => log(`drop database failed: ${e.message}`));
    await deleteRedisKeys(redisUrl, `${redisPrefix}*`).catch((e) => log(`redis cleanup failed: ${e.message}`));
  }
}

/** One real inbound message opens the thread (contact, conversation, delivery); set SQL adds the rest. */
async function seedThread(sim, databaseUrl, messages) {
  await sim.customer(CUSTOMER, { name: 'Long Thread' }).sendText('the first message');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 30_000;
    let first;
    while (
      !(first = (
        await client.query(
          `SELECT m.delivery_id, a.conversation_id, a.contact_id FROM inbound_messages m JOIN inbound_attributions a ON a.inbound_message_id = m.id WHERE m.from_wa_id = $1`,
          [CUSTOMER],
        )
      ).rows[0])
    ) {
      if (Date.now() > deadline) throw new Error('the first inbound message was not stored within 30 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    await client.query('BEGIN');
    await insertLongThreadRows((sql, params) => client.query(sql, params), {
      phoneNumberId: SECRETS.phoneNumberId,
      waId: CUSTOMER,
      conversationId: first.conversation_id,
      contactId: first.contact_id,
      deliveryId: first.delivery_id,
      count: messages,
      start: new Date(Date.now() - messages * 2000 - 60_000),
    });
    await client.query('COMMIT');
    await client.query('ANALYZE');
    // The seeded rows are older than the real message that opened the thread: it is the newest.
    return { conversationId: first.conversation_id, newestText: 'the first message' };
  } finally {
    await client.end();
  }
}

/** Scrolls the log to its top until the thread's start shows, counting the articles in the DOM at each step. */
async function scrollToOldest(page) {
  const log = page.getByRole('log', { name: 'Messages' });
  const t0 = Date.now();
  let most = 0;
  for (let step = 0; step < 400; step++) {
    const { count, oldest } = await log.evaluate((el) => {
      el.scrollTop = 0;
      const articles = el.querySelectorAll('article');
      // The thread says so above its first message once nothing older is left to load.
      return { count: articles.length, oldest: el.textContent.includes('The start of your conversation') };
    });
    most = Math.max(most, count);
    if (oldest) return { reached: true, most, ms: Date.now() - t0 };
    await page.waitForTimeout(100);
  }
  return { reached: false, most, ms: Date.now() - t0 };
}

export function table(f) {
  return [
    `| opening a ${fmt(f.messages)}-message thread (full page load, median of ${f.trials}) | figure |`,
    '|---|---|',
    `| newest message painted | ${fmt(f.newest_painted_ms)} ms (all: ${f.newest_painted_all_ms.join(', ')}) |`,
    `| first contentful paint | ${f.first_contentful_paint_ms === null ? '—' : `${fmt(f.first_contentful_paint_ms)} ms`} |`,
    `| message elements in the DOM after load | ${f.articles_after_load} (limit < ${f.dom_limit}); ${fmt(f.elements_after_load)} elements in all |`,
    `| most while scrolling back to the first message | ${f.articles_most_while_scrolling} |`,
    `| scrolling back to the first message | ${f.reached_oldest ? `${fmt(f.scroll_to_oldest_ms / 1000, 1)} s` : 'NOT REACHED'} |`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => numberOption(args, name, fallback);
  const figures = await run({ messages: option('--messages', 5000), trials: option('--trials', 5) });
  console.log(table(figures));
  process.exit(figures.meets_target ? 0 : 1);
}
