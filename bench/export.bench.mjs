// Exports: `GET /v1/messages/export` of 200,000 and 1,000,000 messages over HTTP through a real
// ROLE=api process (bench/export-api.mjs), as JSON lines and as CSV: rows/s, MB/s, and the API
// process's memory while it streams: peak RSS and heap sampled every 20 ms in that process, and its
// live heap (after a collection) at eight points of each export.
//
// Baselines from the same run, alternated with the exports' trials (the machine's speed drifts):
// - the same rows in the same keyset pages as JSON text made by PostgreSQL itself
//   (`row_to_json`), read over one connection: what the database hands over with no presentation,
//   a ceiling for the export's rows/s;
// - what holding 200,000 rows at once takes: the export's lines kept as objects in this process
//   (its heap after a collection). The export must stay far below it, and flat in the period's length.
//
// Plain Node ESM on the BUILT code (`npx tsc -b tsconfig.build.json` first):
//   node bench/export.bench.mjs [--rows 1000000] [--small 200000] [--trials 3] [--cpu-profile <dir>]
// Needs PostgreSQL and Redis on localhost (BENCH_PG_URL / BENCH_REDIS_URL); removes what it made.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import pg from 'pg';
import { runMigrations } from '../apps/api/dist/database/data-source.js';
import { EXPORT_PAGE_ROWS } from '../apps/api/dist/modules/exports/exports.service.js';
import { adminQuery, benchEnv, deleteRedisKeys, fmt, ROOT, SECRETS, startChild, stopChild, withDatabase } from './bench-infra.mjs';
import { median } from './median.mjs';

const CHUNK = 100_000;
const FROM = Date.parse('2026-01-01T00:00:00Z');
const MB = 1024 * 1024;

export async function run({
  rows = 1_000_000,
  small = 200_000,
  trials = 3,
  cpuProfile = null,
  pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  log = console.log,
} = {}) {
  const stamp = `${Date.now()}_${process.pid}`;
  const database = `sendbook_bench_export_${stamp}`;
  const redisPrefix = `sendbook_bench_export_${stamp}`;
  const databaseUrl = withDatabase(pgUrl, database);
  let api;
  try {
    await adminQuery(pgUrl, `CREATE DATABASE ${pg.escapeIdentifier(database)}`);
    await runMigrations(databaseUrl);
    log(`seeding ${fmt(rows)} messages, one in ten with a priced status, one in twenty answered`);
    const t0 = performance.now();
    await seed(databaseUrl, rows, log);
    const seedSeconds = (performance.now() - t0) / 1000;

    api = await startChild(path.join(ROOT, 'bench/export-api.mjs'), {
      env: benchEnv({ graphUrl: 'http://127.0.0.1:9', databaseUrl, redisUrl, redisPrefix }),
      what: 'export API',
    });
    const url = api.ready.url;
    const until = (n) => new Date(FROM + n).toISOString(); // one row per millisecond from FROM

    // Warm up: a page of each format (plans, pools, the JIT).
    for (const format of ['jsonl', 'csv']) await exportOnce(api, url, until(EXPORT_PAGE_ROWS), format, EXPORT_PAGE_ROWS);

    const runs = [];
    const sizes = [...new Set([small, rows])].filter((n) => n <= rows);
    for (const n of sizes) {
      // The long period once; the short one in alternating trials with the baseline.
      const count = n === small ? trials : 1;
      for (let trial = 0; trial < count; trial++) {
        for (const format of ['jsonl', 'csv']) {
          const profile = cpuProfile && n === small && format === 'jsonl' && trial === 0;
          if (profile) await api.request({ type: 'cpu-profile-start' });
          const r = await exportOnce(api, url, until(n), format, n);
          if (profile) log(`  cpu profile: ${await api.request({ type: 'cpu-profile-stop', dir: cpuProfile, name: `export-${n}` })}`);
          if (r.rows !== n) throw new Error(`the export of ${n} rows wrote ${r.rows}`);
          runs.push({ rows: n, format, trial, ...r });
          log(
            `  ${fmt(n)} ${format}: ${fmt(r.rows_per_s)} rows/s, API peak RSS ${fmt(r.memory.peak_rss_mb)} MB, live heap at most ${fmt(r.memory.peak_live_heap_mb)} MB`,
          );
        }
        if (n === small) {
          const b = await databaseJson(databaseUrl, until(n));
          runs.push({ rows: n, format: 'baseline', trial, ...b });
          log(`  ${fmt(n)} as PostgreSQL's JSON: ${fmt(b.rows_per_s)} rows/s`);
        }
      }
    }
    const held = await holdAll(url, until(small));
    log(`  holding ${fmt(held.rows)} rows: ${fmt(held.heap_mb)} MB of heap`);
    // Every export wrote exactly the rows of its period (a miscount throws above).
    return { rows, small, trials, page: EXPORT_PAGE_ROWS, seed_seconds: seedSeconds, runs, held, every_row: true };
  } finally {
    if (api) await stopChild(api);
    await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(database)} WITH (FORCE)`).catch((e) => log(`drop database failed: ${e.message}`));
    await deleteRedisKeys(redisUrl, `${redisPrefix}*`).catch((e) => log(`redis cleanup failed: ${e.message}`));
  }
}

/** One export over HTTP, read as it comes (lines counted, nothing kept), with the API's memory meanwhile. */
async function exportOnce(api, url, until, format, expected) {
  await api.request({ type: 'mem-start' });
  const started = performance.now();
  const res = await fetch(`${url}/v1/messages/export?since=${new Date(FROM).toISOString()}&until=${until}&format=${format}`, {
    headers: { authorization: `Bearer ${SECRETS.apiKey}` },
  });
  if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
  let lines = 0;
  let bytes = 0;
  const every = Math.max(1, Math.floor(expected / 8));
  let nextLive = every;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    if (lines >= nextLive) {
      nextLive += every;
      await api.request({ type: 'mem-live' });
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const memory = await api.request({ type: 'mem-stop' });
  const rows = format === 'csv' ? lines - 1 : lines; // CSV: the header row (the seeded text has no line breaks)
  return { rows, bytes, seconds, rows_per_s: rows / seconds, mb_per_s: bytes / MB / seconds, memory };
}

/** The ceiling: the same rows in the same keyset pages as PostgreSQL's own JSON text, over one connection. */
async function databaseJson(databaseUrl, until) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    let after = null;
    let rows = 0;
    let bytes = 0;
    for (;;) {
      const page = await client.query(
        `SELECT row_to_json(m)::text AS line, (extract(epoch from m.created_at) * 1000000)::bigint AS us, m.id FROM outbound_messages m
          WHERE m.created_at >= $1 AND m.created_at < $2 ${after ? `AND (m.created_at, m.id) > ('epoch'::timestamptz + $4::bigint * interval '1 microsecond', $5::uuid)` : ''}
          ORDER BY m.created_at, m.id LIMIT $3`,
        after ? [new Date(FROM).toISOString(), until, EXPORT_PAGE_ROWS, after.us, after.id] : [new Date(FROM).toISOString(), until, EXPORT_PAGE_ROWS],
      );
      rows += page.rows.length;
      for (const r of page.rows) bytes += r.line.length + 1;
      if (page.rows.length < EXPORT_PAGE_ROWS) break;
      after = page.rows[page.rows.length - 1];
    }
    const seconds = (performance.now() - started) / 1000;
    return { rows, bytes, seconds, rows_per_s: rows / seconds, mb_per_s: bytes / MB / seconds };
  } finally {
    await client.end();
  }
}

/** What holding the period would take: the export's lines kept as objects in this process (its heap after a collection). */
async function holdAll(url, until) {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  gc();
  const before = process.memoryUsage().heapUsed;
  const res = await fetch(`${url}/v1/messages/export?since=${new Date(FROM).toISOString()}&until=${until}`, {
    headers: { authorization: `Bearer ${SECRETS.apiKey}` },
  });
  const kept = [];
  let partial = '';
  const decoder = new TextDecoder();
  for await (const chunk of res.body) {
    const lines = (partial + decoder.decode(chunk, { stream: true })).split('\n');
    partial = lines.pop();
    for (const line of lines) kept.push(JSON.parse(line));
  }
  gc();
  return { rows: kept.length, heap_mb: (process.memoryUsage().heapUsed - before) / MB };
}

// ---- the seed --------------------------------------------------------------------------------

/** `rows` messages, one per millisecond from FROM, in chunks; a priced status beside one in ten, a reply beside one in twenty. */
async function seed(databaseUrl, rows, log) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let from = 1; from <= rows; from += CHUNK) {
      const to = Math.min(rows, from + CHUNK - 1);
      const range = [new Date(FROM).toISOString(), from, to];
      const chunk = `m.created_at >= $1::timestamptz + ($2::int - 1) * interval '1 millisecond' AND m.created_at < $1::timestamptz + $3::int * interval '1 millisecond'`;
      await client.query(
        `INSERT INTO outbound_messages (dedupe_key, "to", to_wa_id, purpose, trigger_ref, payload, content_hash, phone_number_id, state, attempts, wamid,
                                        not_before, created_at, updated_at, accepted_at, sent_at, delivered_at, read_at, failed_at, last_error, created_by, retain_until)
         SELECT 'order-' || g || ':shipped', '+' || wa, wa, 'order_shipped', 'orders/' || g,
                jsonb_build_object('type', 'text', 'text', jsonb_build_object('body', 'Hi, your order ' || g || ' has shipped and should arrive by Friday.')),
                md5('h' || g), $3, st, 1, 'wamid.HBgM' || wa || 'FQIAERgS' || upper(md5('out' || g)),
                at, at, at + interval '3 seconds', at + interval '100 milliseconds', at + interval '1 second',
                CASE WHEN st IN ('delivered', 'read') THEN at + interval '2 seconds' END,
                CASE WHEN st = 'read' THEN at + interval '3 seconds' END,
                CASE WHEN st = 'failed' THEN at + interval '1 second' END,
                CASE WHEN st = 'failed' THEN '{"code": 131026, "title": "Message undeliverable", "message": "Message undeliverable", "details": null}'::jsonb END,
                NULL, at + interval '400 days'
           FROM (SELECT g, (972500000000 + g % 50000)::text AS wa, $4::timestamptz + (g - 1) * interval '1 millisecond' AS at,
                        (ARRAY['delivered', 'read', 'read', 'failed', 'sent'])[1 + g % 5] AS st
                   FROM generate_series($1::int, $2::int) g) x`,
        [from, to, SECRETS.phoneNumberId, new Date(FROM).toISOString()],
      );
      await client.query(
        `INSERT INTO message_status_events (event_key, delivery_id, message_id, phone_number_id, wamid, status, occurred_at, received_at, pricing, raw, match_state, merge_result, matched_at)
         SELECT 'st:' || m.wamid || ':delivered', gen_random_uuid(), m.id, m.phone_number_id, m.wamid, 'delivered', m.created_at + interval '2 seconds', m.created_at + interval '2 seconds',
                '{"billable": true, "pricing_model": "PMP", "type": "regular", "category": "utility"}'::jsonb, '{}'::jsonb, 'matched', 'advanced', m.created_at + interval '2 seconds'
           FROM outbound_messages m WHERE ${chunk} AND substr(m.trigger_ref, 8)::int % 10 = 0`,
        range,
      );
      // A customer's answer attributed to one message in twenty (the export's `replies`).
      await client.query(
        `WITH answered AS (SELECT m.id, m.to_wa_id, m.created_at FROM outbound_messages m WHERE ${chunk} AND substr(m.trigger_ref, 8)::int % 20 = 0),
              stored AS (
                INSERT INTO inbound_messages (phone_number_id, wamid, from_wa_id, type, text, "timestamp", raw, delivery_id, created_at)
                SELECT $4, 'wamid.IN' || a.id, a.to_wa_id, 'text', 'thanks!', a.created_at + interval '5 seconds', '{}'::jsonb, gen_random_uuid(), a.created_at + interval '5 seconds'
                  FROM answered a RETURNING id, wamid)
         INSERT INTO inbound_attributions (inbound_message_id, conversation_id, contact_id, attribution, reason, message_id, created_at, updated_at)
         SELECT s.id, '00000000-0000-4000-8000-00000000c0c0', '00000000-0000-4000-8000-00000000c0c1', 'message', 'single_awaiting', a.id,
                a.created_at + interval '5 seconds', a.created_at + interval '5 seconds'
           FROM stored s JOIN answered a ON s.wamid = 'wamid.IN' || a.id`,
        [...range, SECRETS.phoneNumberId],
      );
      log(`  ${fmt(to)} of ${fmt(rows)}`);
    }
    // As autovacuum would have by the time anyone exports a period: plans from real statistics.
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

// ---- figures ---------------------------------------------------------------------------------

export function table(f) {
  const kinds = ['jsonl', 'csv', 'baseline'];
  const of = (rows, format) => f.runs.filter((r) => r.rows === rows && r.format === format);
  const mid = (runs, pick) => median(runs.map(pick));
  const sizes = [...new Set(f.runs.map((r) => r.rows))];
  const row = (rows, format) => {
    const runs = of(rows, format);
    if (runs.length === 0) return null;
    const memory = format === 'baseline' ? '—' : null;
    const cells = [
      fmt(rows),
      format === 'baseline' ? "PostgreSQL's own JSON of the rows (baseline)" : format === 'jsonl' ? 'JSON lines' : 'CSV',
      runs.length,
      `${fmt(mid(runs, (r) => r.rows_per_s))}`,
      `${fmt(
        mid(runs, (r) => r.mb_per_s),
        1,
      )}`,
      memory ?? `${fmt(mid(runs, (r) => r.memory.base_rss_mb))} → ${fmt(Math.max(...runs.map((r) => r.memory.peak_rss_mb)))} MB`,
      memory ?? `${fmt(mid(runs, (r) => r.memory.base_heap_mb))} → ${fmt(Math.max(...runs.map((r) => r.memory.peak_heap_mb)))} MB`,
      memory ?? `${fmt(Math.max(...runs.map((r) => r.memory.peak_live_heap_mb - r.memory.base_heap_mb)), 1)} MB`,
    ];
    return `| ${cells.join(' | ')} |`;
  };
  const jsonlSmall = mid(of(f.small, 'jsonl'), (r) => r.rows_per_s);
  const baseline = mid(of(f.small, 'baseline'), (r) => r.rows_per_s);
  const liveGrowth = (rows) => Math.max(...f.runs.filter((r) => r.rows === rows && r.memory).map((r) => r.memory.peak_live_heap_mb - r.memory.base_heap_mb));
  return [
    `${fmt(f.rows)} messages seeded in ${fmt(f.seed_seconds, 0)} s (one in ten priced, one in twenty answered); pages of ${fmt(f.page)} rows; the API alone in its own ROLE=api process, read over HTTP as it streams; medians of the trials.`,
    '',
    '| rows | what | trials | rows/s | MB/s | API RSS before → peak | API heap before → peak (uncollected) | API live heap growth (after a collection, at most) |',
    '|---|---|---|---|---|---|---|---|',
    ...sizes.flatMap((n) => kinds.map((k) => row(n, k)).filter(Boolean)),
    '',
    `The JSON lines export runs at ${fmt(jsonlSmall / baseline, 2)} × PostgreSQL's own JSON of the same pages. Holding the ${fmt(f.held.rows)} rows at once as objects takes ${fmt(f.held.heap_mb)} MB of heap; the export's live heap grows ${fmt(liveGrowth(f.small), 1)} MB for ${fmt(f.small)} rows and ${fmt(liveGrowth(f.rows), 1)} MB for ${fmt(f.rows)}: a page or two, whatever the length.`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : fallback;
  };
  const figures = await run({
    rows: Number(option('--rows', 1_000_000)),
    small: Number(option('--small', 200_000)),
    trials: Number(option('--trials', 3)),
    cpuProfile: option('--cpu-profile', null),
  });
  console.log(table(figures));
}
