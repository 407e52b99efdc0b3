// Search over a million messages: `GET /v1/search` p50 / p95 for a word (rare, common, two at
// once, in Hebrew), a template's own word, a name, a phone substring, a wamid (whole and part) and a
// dedupe key (whole and part), over HTTP through the real API; then each query's plan (EXPLAIN
// ANALYZE of the statements the API runs), to show which index each source used. Target: p95 <
// 200 ms. Last, what the indexes cost the hot path: inserting and updating outbound rows with and
// without the two outbound search indexes.
//
// Plain Node ESM on the BUILT code (`npx tsc -b tsconfig.build.json` first):
//   node bench/search.bench.mjs [--messages 1000000] [--threads 20000] [--samples 40]
// Needs PostgreSQL and Redis on localhost (BENCH_PG_URL / BENCH_REDIS_URL); removes what it made.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { containsPattern, parseSearchQuery, tsLiteral } from '@sendbook/queue';
import { loadConfig, withInfra } from '../apps/api/dist/config/load-config.js';
import { createHttpApp } from '../apps/api/dist/create-app.js';
import { runMigrations } from '../apps/api/dist/database/data-source.js';
import { SEARCH_INDEXES } from '../apps/api/dist/database/migrations/1796240100000-Search.js';
import { SearchRepository } from '../apps/api/dist/modules/search/search.repository.js';
import { adminQuery, benchEnv, deleteRedisKeys, fmt, numberOption, SECRETS, withDatabase } from './bench-infra.mjs';

const TARGET_P95_MS = 200;
const CHUNK = 100_000;

/** What is searched for, and why each is worth timing. `seed` names rows the seed wrote to be found. */
const QUERIES = [
  { name: 'a word in 1 of 200 messages', q: 'refund' },
  { name: 'a word in 1 of 13 messages', q: 'order' },
  { name: 'a word in 20 messages', q: 'zanzibar' },
  { name: 'two words (each common, rare together)', q: 'parcel tuesday' },
  { name: 'a word being typed (prefix)', q: 'warehou' },
  { name: 'a Hebrew word', q: 'ההזמנה' },
  { name: "a template's own word", q: 'shipped' },
  { name: 'a name', q: 'Dana' },
  { name: 'a phone substring', q: '7733' },
  { name: 'a whole wamid', seed: 'wamid' },
  { name: 'part of a wamid', seed: 'wamidPart' },
  { name: 'a whole dedupe key', seed: 'dedupeKey' },
  { name: 'part of a dedupe key', q: '44811:shipped' },
];

export async function run({
  messages = 1_000_000,
  threads = 20_000,
  samples = 40,
  pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  log = console.log,
} = {}) {
  const stamp = `${Date.now()}_${process.pid}`;
  const database = `sendbook_bench_search_${stamp}`;
  const redisPrefix = `sendbook_bench_search_${stamp}`;
  const databaseUrl = withDatabase(pgUrl, database);
  let app;
  const client = new pg.Client({ connectionString: databaseUrl });
  let connected = false;
  try {
    await adminQuery(pgUrl, `CREATE DATABASE ${pg.escapeIdentifier(database)}`);
    await runMigrations(databaseUrl);
    await client.connect();
    connected = true;

    log(`seeding ${fmt(messages)} messages in ${fmt(threads)} threads`);
    const t0 = performance.now();
    const seeded = await seed(client, { messages, threads, log });
    const seedSeconds = (performance.now() - t0) / 1000;
    log(`  seeded and indexed in ${fmt(seedSeconds, 1)} s`);

    const env = benchEnv({ graphUrl: 'http://127.0.0.1:9', databaseUrl, redisUrl, redisPrefix });
    app = await createHttpApp(withInfra(loadConfig({ ...env, ROLE: 'api' }), { databaseUrl, redisUrl }));
    await app.listen(0, '127.0.0.1');
    const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');

    const queries = QUERIES.map((query) => ({ ...query, q: query.q ?? seeded[query.seed] }));
    const search = async (q, cursor) => {
      const started = performance.now();
      const res = await fetch(`${url}/v1/search?q=${encodeURIComponent(q)}${cursor ? `&cursor=${cursor}` : ''}`, {
        headers: { authorization: `Bearer ${SECRETS.apiKey}` },
      });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`search ${q}: ${res.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - started, body };
    };
    // Warm the caches the way a day of use would, then time the queries in turns, so a slow
    // moment of this shared machine falls on all of them alike.
    for (const query of queries) for (let i = 0; i < 3; i++) await search(query.q);
    const times = new Map(queries.map((query) => [query.name, []]));
    const found = new Map();
    for (let i = 0; i < samples; i++) {
      for (const query of queries) {
        const { ms, body } = await search(query.q);
        times.get(query.name).push(ms);
        found.set(query.name, { results: body.results.length, more: body.next_cursor !== null, first: body.results[0] });
      }
    }
    // The second page of the commonest word: a cursor deep into the matches.
    const first = await search('order');
    const nextPage = [];
    for (let i = 0; i < samples; i++) nextPage.push((await search('order', first.body.next_cursor)).ms);

    const rows = queries.map((query) => ({
      name: query.name,
      q: query.q,
      ...percentiles(times.get(query.name)),
      ...found.get(query.name),
    }));
    rows.push({ name: 'the second page of "order"', q: 'order (cursor)', ...percentiles(nextPage), results: 20, more: true });

    log('  plans');
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 8 });
    const plans = [];
    try {
      for (const query of queries) plans.push({ name: query.name, q: query.q, sources: await explain(pool, query.q) });
    } finally {
      await pool.end();
    }

    log('  what the indexes cost the hot path');
    const writes = await writeCost(client);

    const worstP95 = Math.max(...rows.map((r) => r.p95_ms));
    return {
      messages,
      threads,
      samples,
      seed_seconds: seedSeconds,
      counts: seeded.counts,
      queries: rows,
      plans,
      writes,
      worst_p95_ms: worstP95,
      target_p95_ms: TARGET_P95_MS,
      meets_target: worstP95 < TARGET_P95_MS,
    };
  } finally {
    await app?.close().catch(() => undefined);
    if (connected) await client.end().catch(() => undefined);
    // BENCH_KEEP_DATABASE=1 keeps the seeded database for EXPLAIN by hand (drop it afterwards).
    if (process.env.BENCH_KEEP_DATABASE === '1') log(`kept database ${database}`);
    else
      await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(database)} WITH (FORCE)`).catch((e) => log(`drop database failed: ${e.message}`));
    await deleteRedisKeys(redisUrl, `${redisPrefix}*`).catch((e) => log(`redis cleanup failed: ${e.message}`));
  }
}

// ---- the seed --------------------------------------------------------------------------------

const FIRST_NAMES = [
  'Dana',
  'Yossi',
  'Maria',
  'João',
  'Ana',
  'Omar',
  'Fatima',
  'Li',
  'Wei',
  'Priya',
  'Ravi',
  'Sara',
  'David',
  'Noa',
  'Ahmed',
  'Lucas',
  'Sofia',
  'Mateo',
  'Chen',
  'Amir',
];
const LAST_NAMES = [
  'Levi',
  'Cohen',
  'Silva',
  'Santos',
  'Haddad',
  'Wang',
  'Patel',
  'Garcia',
  'Mizrahi',
  'Costa',
  'Khan',
  'Rossi',
  'Müller',
  'Ben David',
  'Oliveira',
];
// Customers' and agents' everyday words, most common first (a message picks them with a skew).
const WORDS = (
  'the to you and is it my i a for on of your in we can be have this please thanks thank hi hello is when what will ' +
  'can not yes no ok today tomorrow delivery deliver time address change help need want where still got get did ' +
  'package box item items size color colour price paid payment card cash invoice receipt number phone call back ' +
  'morning evening afternoon week monday wednesday thursday friday saturday sunday store shop online app link code ' +
  'olá obrigado pedido entrega hoje amanhã por favor sim não hola gracias pedido envío mañana bonjour merci commande ' +
  'שלום תודה מתי משלוח היום מחר כן לא'
).split(' ');

/** A message's words: 5 to 12 of the vocabulary, the commonest most often, plus the planted ones. */
const SENTENCE = `array_to_string(ARRAY(SELECT ($1::text[])[1 + floor(power(random(), 2.2) * cardinality($1::text[]))::int] FROM generate_series(1, 5 + (g % 8))), ' ')`;
/** Planted words with known counts: what the timed queries look for. */
const PLANTED = `
  || CASE WHEN g % 200 = 0 THEN ' refund' ELSE '' END
  || CASE WHEN g % 13 = 0 THEN ' order' ELSE '' END
  || CASE WHEN g % 97 = 0 THEN ' parcel' ELSE '' END
  || CASE WHEN g % 89 = 0 THEN ' tuesday' ELSE '' END
  || CASE WHEN g % 50000 = 7 THEN ' zanzibar' ELSE '' END
  || CASE WHEN g % 311 = 0 THEN ' warehouse' ELSE '' END
  || CASE WHEN g % 300 = 0 THEN ' ההזמנה' ELSE '' END`;

/**
 * Contacts and threads, then messages in chunks of set SQL: one in twenty is a note, the rest
 * customers' messages and ours in turn, a third of ours the order_shipped template, spread over a
 * year and over the threads at random. The search indexes are dropped while rows go in and built
 * after, as a restore would.
 */
async function seed(client, { messages, threads, log }) {
  await client.query(`SELECT setseed(0.33)`);
  await client.query(`SET maintenance_work_mem = '256MB'`);
  for (const [name] of SEARCH_INDEXES) await client.query(`DROP INDEX IF EXISTS ${pg.escapeIdentifier(name)}`);
  await client.query(
    `INSERT INTO templates (waba_id, name, language, category, status, parameter_format, components, meta_id, synced_at, updated_at)
     VALUES ($1, 'order_shipped', 'en', 'UTILITY', 'APPROVED', 'POSITIONAL', $2::jsonb, '1', now(), now())`,
    [
      SECRETS.businessAccountId,
      JSON.stringify([
        { type: 'BODY', text: 'Hi {{1}}, your order {{2}} has shipped and should arrive by {{3}}.' },
        { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Track it' }] },
      ]),
    ],
  );
  await client.query(
    `CREATE TEMP TABLE seed_threads AS
     WITH c AS (
       INSERT INTO contacts (phone_number_id, contact_key, wa_id, name, created_at, updated_at)
       SELECT $1, w, w, ($3::text[])[1 + g % cardinality($3::text[])] || ' ' || ($4::text[])[1 + (g * 7) % cardinality($4::text[])], now() - interval '400 days', now()
         FROM (SELECT g, '9725' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0') AS w FROM generate_series(1, $2::int) g) s
       RETURNING id, wa_id),
     t AS (
       INSERT INTO conversations (phone_number_id, contact_id, state, unread_count, last_activity_at, created_at, updated_at)
       SELECT $1, id, 'open', 0, now() - random() * interval '365 days', now() - interval '400 days', now() FROM c
       RETURNING id, contact_id)
     SELECT row_number() OVER (ORDER BY c.wa_id)::int AS n, c.id AS contact_id, t.id AS conversation_id, c.wa_id
       FROM c JOIN t ON t.contact_id = c.id`,
    [SECRETS.phoneNumberId, threads, FIRST_NAMES, LAST_NAMES],
  );
  await client.query(`CREATE UNIQUE INDEX ON seed_threads (n)`);
  const counts = { inbound: 0, outbound: 0, notes: 0 };
  for (let from = 1; from <= messages; from += CHUNK) {
    const to = Math.min(messages, from + CHUNK - 1);
    // g → its thread (spread at random over them) and its time (a year back, newest last).
    const source = `SELECT g, s.*, now() - interval '365 days' + (g * interval '365 days') / $3::int + random() * interval '20 seconds' AS at
                      FROM generate_series($4::int, $5::int) g JOIN seed_threads s ON s.n = 1 + (hashint4(g) & 2147483647) % $2::int`;
    const inbound = await client.query(
      `WITH src AS MATERIALIZED (SELECT gen_random_uuid() AS id, x.* FROM (${source}) x WHERE g % 20 < 10),
            ins AS (INSERT INTO inbound_messages (id, phone_number_id, wamid, from_wa_id, contact_name, type, text, "timestamp", raw, delivery_id, created_at)
                    SELECT id, $6, 'wamid.HBgM' || wa_id || 'FQIAEhgU' || upper(md5('in' || g)), wa_id, 'Customer', 'text', ${SENTENCE} ${PLANTED}, at,
                           '{"type":"text"}'::jsonb, gen_random_uuid(), at FROM src)
       INSERT INTO inbound_attributions (inbound_message_id, conversation_id, contact_id, attribution, reason, created_at, updated_at)
       SELECT id, conversation_id, contact_id, 'conversation', 'none_awaiting', at, at FROM src`,
      [WORDS, threads, messages, from, to, SECRETS.phoneNumberId],
    );
    const outbound = await client.query(
      `INSERT INTO outbound_messages (dedupe_key, "to", to_wa_id, purpose, trigger_ref, payload, content_hash, priority, phone_number_id, state, attempts, wamid,
                                      not_before, created_at, updated_at, accepted_at, sent_at, delivered_at, retain_until)
       SELECT CASE WHEN g % 3 = 0 THEN 'order-' || g || ':shipped:' || wa_id ELSE 'conversation:' || conversation_id || ':reply:' || md5('r' || g) END,
              '+' || wa_id, wa_id, CASE WHEN g % 3 = 0 THEN 'order_shipped' ELSE 'agent_reply' END,
              CASE WHEN g % 3 = 0 THEN 'orders/' || g ELSE 'conversations/' || conversation_id END,
              CASE WHEN g % 3 = 0
                   THEN jsonb_build_object('type', 'template', 'template', jsonb_build_object('name', 'order_shipped', 'language', jsonb_build_object('code', 'en'),
                          'components', jsonb_build_array(jsonb_build_object('type', 'body', 'parameters', jsonb_build_array(
                             jsonb_build_object('type', 'text', 'text', 'Pablo'),
                             jsonb_build_object('type', 'text', 'text', g::text),
                             jsonb_build_object('type', 'text', 'text', 'Friday'))))))
                   ELSE jsonb_build_object('type', 'text', 'text', jsonb_build_object('body', ${SENTENCE} ${PLANTED}, 'preview_url', false)) END,
              md5('h' || g), 0, $6, 'delivered', 1, 'wamid.HBgM' || wa_id || 'FQIAERgS' || upper(md5('out' || g)),
              at, at, at, at, at, at, at + interval '400 days'
         FROM (${source}) x WHERE g % 20 BETWEEN 10 AND 18`,
      [WORDS, threads, messages, from, to, SECRETS.phoneNumberId],
    );
    const notes = await client.query(
      `INSERT INTO conversation_notes (conversation_id, author, text, created_at)
       SELECT conversation_id, 'system', ${SENTENCE} ${PLANTED}, at FROM (${source}) x WHERE g % 20 = 19`,
      [WORDS, threads, messages, from, to],
    );
    counts.inbound += inbound.rowCount;
    counts.outbound += outbound.rowCount;
    counts.notes += notes.rowCount;
    log(`  ${fmt(to)} of ${fmt(messages)}: ${JSON.stringify(counts)}`);
  }
  // Threads end where their messages do (the list's order, and a name match's time).
  await client.query(
    `UPDATE conversations c SET last_activity_at = m.at FROM (
       SELECT a.conversation_id, max(a.created_at) AS at FROM inbound_attributions a GROUP BY 1) m WHERE m.conversation_id = c.id`,
  );
  log('  building the search indexes');
  for (const [name, definition] of SEARCH_INDEXES) await client.query(`CREATE INDEX ${pg.escapeIdentifier(name)} ${definition}`);
  await client.query('VACUUM ANALYZE');
  const [wamid] = (await client.query(`SELECT wamid FROM inbound_messages ORDER BY created_at DESC OFFSET $1 LIMIT 1`, [Math.floor(counts.inbound / 100)]))
    .rows;
  const [dedupe] = (
    await client.query(`SELECT dedupe_key FROM outbound_messages WHERE purpose = 'order_shipped' ORDER BY created_at DESC OFFSET $1 LIMIT 1`, [
      Math.floor(counts.outbound / 50),
    ])
  ).rows;
  return { counts, wamid: wamid.wamid, wamidPart: wamid.wamid.slice(-14), dedupeKey: dedupe.dedupe_key };
}

// ---- plans -----------------------------------------------------------------------------------

/**
 * What the repository did for `q`, statement by statement: each branch's reads (search-branch.ts:
 * the GIN index, then for a common term the time walk) caught by a data source that records what
 * it runs, then each run again under EXPLAIN ANALYZE with the same
 * settings. Which indexes each read used, and how long it took.
 */
async function explain(pool, q) {
  const terms = parseSearchQuery(q);
  const { dataSource, statements } = recordingDataSource(pool);
  const repo = new SearchRepository(dataSource);
  const templates = terms.tsquery ? await repo.templatesMatching(terms.tsquery) : [];
  await repo.candidates({
    words: terms.tsquery,
    templates: templates.length > 0 ? templates.map(tsLiteral).join(' | ') : null,
    identifier: terms.identifier ? containsPattern(terms.identifier) : null,
    phone: terms.phoneDigits ? containsPattern(terms.phoneDigits) : null,
    after: null,
    take: 21,
  });
  const reads = [];
  // A branch's reads select `… AS id, … AS at` (search-branch.ts); loading the page's rows does not.
  for (const { sql, params, settings } of statements.filter((st) => /AS id, \S+ AS at\b/.test(st.sql))) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      if (settings) await client.query(settings.sql, settings.params);
      const phase = settings?.params.includes('enable_bitmapscan') ? 'time walk' : 'GIN';
      const source = /inbound_messages/.test(sql)
        ? 'inbound'
        : /outbound_search_wamids/.test(sql)
          ? 'our wamids'
          : /outbound_search_terms/.test(sql)
            ? 'ours'
            : /conversation_notes/.test(sql)
              ? 'notes'
              : 'contacts';
      const [
        {
          'QUERY PLAN': [plan],
        },
      ] = (await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params)).rows;
      reads.push({ source, phase, ms: plan['Execution Time'], indexes: [...new Set(indexesOf(plan.Plan))] });
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
    }
  }
  return reads;
}

/** A stand-in for TypeORM's DataSource over a pg pool that records every statement, with the settings of its transaction. */
function recordingDataSource(pool) {
  const statements = [];
  const record = async (db, sql, params = [], settings = null) => {
    // A copy: the repository adds to its parameter list after a statement has run.
    if (!/set_config/.test(sql)) statements.push({ sql, params: [...params], settings });
    return (await db.query(sql, params)).rows;
  };
  const dataSource = {
    query: (sql, params) => record(pool, sql, params),
    transaction: async (work) => {
      const client = await pool.connect();
      let settings = null;
      try {
        await client.query('BEGIN');
        const result = await work({
          query: (sql, params) => {
            if (/set_config/.test(sql)) settings = { sql, params };
            return record(client, sql, params, settings);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
  return { dataSource, statements };
}

function* indexesOf(node) {
  if (node['Index Name']) yield node['Index Name'];
  for (const child of node.Plans ?? []) yield* indexesOf(child);
}

// ---- write cost ------------------------------------------------------------------------------

const OUTBOUND_TRIGGERS = ['outbound_search_terms_insert', 'outbound_search_terms_update'];
/** The alternative the side table replaced: the same words and ids as indexes on outbound_messages. */
const ON_THE_ROW = [
  ['ix_bench_outbound_words', `ON outbound_messages USING gin (search_outbound_document(payload))`],
  [
    'ix_bench_outbound_ids',
    `ON outbound_messages USING gin ((dedupe_key || E'\\n' || coalesce(trigger_ref, '') || E'\\n' || coalesce(wamid, '')) gin_trgm_ops)`,
  ],
];

/**
 * What a message's life costs PostgreSQL's executor (EXPLAIN ANALYZE, so no network or commit
 * wait) in each layout: made, then sending, accepted with its wamid, sent, delivered, read; 10,000 messages at
 * a time, best of two alternating trials; status writes set `wamid` to itself, as the app's do. `side table`: as shipped (triggers keep
 * outbound_search_terms); `on the row`: full-text and trigram indexes on outbound_messages itself;
 * `none`: neither (what the outbox cost before search).
 */
async function writeCost(client) {
  const n = 10_000;
  let k = 0;
  const exec = async (sql) => (await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`)).rows[0]['QUERY PLAN'][0]['Execution Time'];
  const life = async () => {
    k += 1;
    const mine = `dedupe_key LIKE 'w${k}-%'`;
    return {
      insert: await exec(`INSERT INTO outbound_messages (dedupe_key, "to", to_wa_id, purpose, trigger_ref, payload, content_hash, phone_number_id, retain_until)
         SELECT 'w${k}-' || g, '+972500000000', '972500000000', 'order_update', 'orders/' || g,
                jsonb_build_object('type', 'text', 'text', jsonb_build_object('body', 'Your order ' || g || ' left the warehouse and arrives on Tuesday')), 'x', '${SECRETS.phoneNumberId}', now() + interval '1 day'
           FROM generate_series(1, ${n}) g`),
      sending: await exec(`UPDATE outbound_messages SET state = 'sending', sending_started_at = now(), attempts = 1, updated_at = now() WHERE ${mine}`),
      accepted: await exec(
        `UPDATE outbound_messages SET state = 'accepted', wamid = 'wamid.HBgM972500000000FQIAERgS' || upper(md5(id::text)), accepted_at = now(), updated_at = now() WHERE ${mine}`,
      ),
      sent: await exec(`UPDATE outbound_messages SET state = 'sent', wamid = wamid, sent_at = now(), updated_at = now() WHERE ${mine}`),
      delivered: await exec(`UPDATE outbound_messages SET state = 'delivered', wamid = wamid, delivered_at = now(), updated_at = now() WHERE ${mine}`),
      read: await exec(`UPDATE outbound_messages SET state = 'read', wamid = wamid, read_at = now(), updated_at = now() WHERE ${mine}`),
    };
  };
  const layouts = {
    'side table': async () => {},
    'on the row': async () => {
      for (const t of OUTBOUND_TRIGGERS) await client.query(`ALTER TABLE outbound_messages DISABLE TRIGGER ${t}`);
      for (const [name, definition] of ON_THE_ROW) await client.query(`CREATE INDEX ${name} ${definition}`);
    },
    none: async () => {
      for (const t of OUTBOUND_TRIGGERS) await client.query(`ALTER TABLE outbound_messages DISABLE TRIGGER ${t}`);
    },
  };
  const undo = async () => {
    for (const [name] of ON_THE_ROW) await client.query(`DROP INDEX IF EXISTS ${name}`);
    for (const t of OUTBOUND_TRIGGERS) await client.query(`ALTER TABLE outbound_messages ENABLE TRIGGER ${t}`);
  };
  const trials = Object.fromEntries(Object.keys(layouts).map((name) => [name, []]));
  for (let round = 0; round < 2; round++) {
    for (const [name, setUp] of Object.entries(layouts)) {
      await setUp();
      trials[name].push(await life());
      await undo();
    }
  }
  // Microseconds per message, each step the best of its trials.
  return Object.fromEntries(
    Object.entries(trials).map(([name, runs]) => {
      const best = Object.fromEntries(Object.keys(runs[0]).map((step) => [step, (Math.min(...runs.map((r) => r[step])) * 1000) / n]));
      return [name, { ...best, total: Object.values(best).reduce((a, b) => a + b, 0) }];
    }),
  );
}

// ---- figures ---------------------------------------------------------------------------------

function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  return { p50_ms: at(0.5), p95_ms: at(0.95), max_ms: sorted[sorted.length - 1] };
}

export function table(f) {
  const lines = [
    `${fmt(f.messages)} messages (${fmt(f.counts.inbound)} from customers, ${fmt(f.counts.outbound)} ours, ${fmt(f.counts.notes)} notes) in ${fmt(f.threads)} threads; seeded and indexed in ${fmt(f.seed_seconds, 0)} s. ${f.samples} searches per query over HTTP, in turns.`,
    '',
    '| query | q | p50 | p95 | max | results |',
    '|---|---|---|---|---|---|',
    ...f.queries.map(
      (r) =>
        `| ${r.name} | \`${r.q.length > 40 ? `${r.q.slice(0, 37)}…` : r.q}\` | ${fmt(r.p50_ms, 1)} ms | ${fmt(r.p95_ms, 1)} ms | ${fmt(r.max_ms, 1)} ms | ${r.results}${r.more ? '+' : ''} |`,
    ),
    '',
    `Worst p95 ${fmt(f.worst_p95_ms, 1)} ms (target < ${f.target_p95_ms} ms): ${f.meets_target ? 'met' : 'NOT MET'}.`,
    '',
    '| query | each read: source, GIN (every match through the index, sorted) or time walk (a common term), EXPLAIN ANALYZE time, the indexes used |',
    '|---|---|',
    ...f.plans.map(
      (p) => `| ${p.name} | ${p.sources.map((s) => `${s.source}, ${s.phase}: ${fmt(s.ms, 1)} ms (${s.indexes.join(', ') || 'no index'})`).join('; ')} |`,
    ),
    '',
    'What a message costs the executor, µs per message (10,000 at a time, best of two alternating trials):',
    '',
    '| layout | made | sending | accepted (wamid) | sent | delivered | read | in all |',
    '|---|---|---|---|---|---|---|---|',
    ...Object.entries(f.writes).map(
      ([name, w]) => `| ${name} | ${[w.insert, w.sending, w.accepted, w.sent, w.delivered, w.read, w.total].map((v) => fmt(v, 1)).join(' | ')} |`,
    ),
  ];
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => numberOption(args, name, fallback);
  const figures = await run({ messages: option('--messages', 1_000_000), threads: option('--threads', 20_000), samples: option('--samples', 40) });
  console.log(table(figures));
  process.exit(figures.meets_target ? 0 : 1);
}
