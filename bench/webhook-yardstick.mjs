// The durable yardstick of bench/webhooks.bench.mjs: Sendbook's webhook ack with nothing but
// node:http and a pg.Pool, no framework. It does the same durable work, so the gap between it and
// Sendbook is what Sendbook adds, not what storing costs:
// - reads the raw body, verifies X-Hub-Signature-256 (HMAC-SHA256 over the raw bytes, compared with
//   timingSafeEqual; a malformed header refused before the body is read);
// - group commit as Sendbook's DeliveryWriter (Batcher, WEBHOOK_BATCH_MAX_ROWS 200,
//   WEBHOOK_BATCH_MAX_IN_FLIGHT 1): requests arriving while an INSERT is in flight form the next
//   batch, one multi-row INSERT each, a named prepared statement;
// - the same statement as WebhooksRepository.insertDeliveries: uuid v7 ids (Sendbook's own
//   function), received_at, the headers as jsonb, the body as bytea, into the day-partitioned
//   webhook_deliveries of a database migrated by Sendbook's migrations (the other columns take
//   their defaults there too: state 'received'), and the pg_notify of the new ids to the workers'
//   channel in the same statement, so in the same transaction;
// - answers 200 {"received":true} only after that INSERT committed; 500 if it failed.
// Left out, as costs of Sendbook's own choosing: request ids, logs, metrics, the in-flight byte
// budget and slow-upload cut-off, the ack deadline and the row-by-row retry of a refused batch.
//
// A child process of the bench (its CPU its own): DATABASE_URL, WHATSAPP_APP_SECRET, PORT (0: any);
// it says `{ type: 'ready', port }` over IPC, or prints its URL when run by hand; SIGTERM stops it
// once the batches in flight have committed.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { uuidV7 } from '../apps/api/dist/common/ids/uuid-v7.js';
import { DELIVERIES_CHANNEL, IDS_PER_NOTIFICATION } from '../apps/api/dist/modules/webhooks/delivery-notifications.js';

const SECRET = process.env.WHATSAPP_APP_SECRET ?? 'bench-app-secret';
const PATH = '/webhooks/whatsapp';
/** Sendbook's defaults: WEBHOOK_BODY_LIMIT_BYTES, WEBHOOK_BATCH_MAX_ROWS. */
const BODY_LIMIT = 4 * 1024 * 1024;
const MAX_BATCH = 200;
const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;
const RECEIVED = '{"received":true}';

// Sendbook's statement, word for word: one text for every batch size (prepared once), and the
// NOTIFY in the same statement, so the workers hear of the rows only if they commit.
const INSERT = `WITH stored AS (
         INSERT INTO webhook_deliveries (id, received_at, headers, body)
         SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::jsonb[], $4::bytea[]) RETURNING id),
       notified AS (
         SELECT pg_notify('${DELIVERIES_CHANNEL}', string_agg(id::text, ',')) FROM (
           SELECT id, (row_number() OVER () - 1) / ${IDS_PER_NOTIFICATION} AS part FROM stored) parts
          GROUP BY part)
       SELECT count(*) FROM notified`;

// Sendbook's pool size; with one INSERT at a time one connection does the work.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
// An idle connection lost is not fatal: the next batch opens another.
pool.on('error', () => undefined);

// ---- group commit ------------------------------------------------------------------------------

const pending = [];
let inFlight = null;
let scheduled = false;

/** Resolves once the row is committed; rejects if its batch failed. */
function store(headers, body) {
  return new Promise((resolve, reject) => {
    pending.push({ receivedAt: new Date(), headers, body, resolve, reject });
    schedule();
  });
}

function schedule() {
  if (scheduled || inFlight || pending.length === 0) return;
  scheduled = true;
  // One turn of the event loop, as Sendbook's Batcher: requests read in the same turn share the batch.
  setImmediate(() => {
    scheduled = false;
    const batch = pending.splice(0, MAX_BATCH);
    inFlight = flush(batch).finally(() => {
      inFlight = null;
      schedule();
    });
  });
}

async function flush(batch) {
  try {
    await pool.query({
      name: 'yardstick_insert_deliveries',
      text: INSERT,
      values: [batch.map(() => uuidV7()), batch.map((r) => r.receivedAt), batch.map((r) => JSON.stringify(r.headers)), batch.map((r) => r.body)],
    });
    for (const r of batch) r.resolve();
  } catch (error) {
    for (const r of batch) r.reject(error);
  }
}

// ---- the endpoint ------------------------------------------------------------------------------

function answer(res, status, body, close = false) {
  const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) };
  // Unread bytes are never parsed: Node ends the socket after the answer.
  if (close) {
    res.shouldKeepAlive = false;
    headers.connection = 'close';
  }
  res.writeHead(status, headers);
  res.end(body);
}

const server = http.createServer((req, res) => {
  const query = req.url.indexOf('?');
  if (req.method !== 'POST' || (query < 0 ? req.url : req.url.slice(0, query)) !== PATH) return answer(res, 404, '{"error":"not_found"}');
  const header = req.headers['x-hub-signature-256'];
  const match = SIGNATURE.exec(Array.isArray(header) ? header[0] : (header ?? ''));
  if (!match) return answer(res, 401, '{"error":"invalid_signature"}', true);
  if (Number(req.headers['content-length']) > BODY_LIMIT) return answer(res, 413, '{"error":"payload_too_large"}', true);
  const chunks = [];
  let size = 0;
  req.on('data', (chunk) => {
    size += chunk.length;
    if (size > BODY_LIMIT) {
      req.removeAllListeners('data');
      req.pause();
      return answer(res, 413, '{"error":"payload_too_large"}', true);
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (size > BODY_LIMIT) return;
    const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
    const expected = createHmac('sha256', SECRET).update(body).digest();
    if (!timingSafeEqual(expected, Buffer.from(match[1], 'hex'))) return answer(res, 401, '{"error":"invalid_signature"}');
    store({ ...req.headers }, body).then(
      () => answer(res, 200, RECEIVED),
      () => answer(res, 500, '{"error":"not_stored"}'),
    );
  });
  // A client gone mid-body: nobody to answer, nothing to store.
  req.on('error', () => res.destroy());
});
// Sendbook's limits on slow clients: headers within 10 s, the whole request within 30 s.
server.headersTimeout = 10_000;
server.requestTimeout = 30_000;

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const { port } = server.address();
  if (process.send) process.send({ type: 'ready', port });
  else console.log(`durable yardstick on http://127.0.0.1:${port}${PATH}`);
});

process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  // Every batch gathered so far commits (and is answered where a socket is left) before the pool ends.
  const busy = () => inFlight !== null || scheduled || pending.length > 0;
  const drain = async () => {
    while (busy()) await (inFlight ?? new Promise((resolve) => setImmediate(resolve)));
  };
  drain()
    .then(() => pool.end())
    .finally(() => process.exit(0));
});
