// What-if experiments for bench/outbound.bench.mjs: each one replaces, on a RUNNING app instance
// only, a piece of the app with the change proposed in the benchmark report, so its effect on the
// figure can be measured before anyone edits the app. Nothing here is the app's behaviour; the
// headline figures of `npm run bench` never use these.
//
//  - `concurrency`: the outbound BullMQ worker gets concurrency = SEND_CONCURRENCY. (Up to commit
//    e3ffe31 the app read SEND_CONCURRENCY but never gave it to the worker, which ran one job at a
//    time; OutboundProcessor.onApplicationBootstrap now does it, so this one changes nothing there.)
//  - `onestatement`: every state move (claim, accepted, ...) is one autocommitted statement, the audit
//    INSERT folded into the UPDATE as a data-modifying CTE (as insertIfAbsent already does), instead
//    of START TRANSACTION + UPDATE + INSERT audit + COMMIT: 4 round trips become 1.
//  - `keycache`: a valid API key hash is remembered for 60 s, instead of a SELECT per request.
//  - `prepared`: the outbox's hand-written statements (DataSource.query outside a transaction: the
//    insert, and the moves once `onestatement` is on) run as named prepared statements on the pg
//    pool, so PostgreSQL parses and plans each of them once per connection instead of every time.
//  - `batch`: group commit inside the app. Concurrent calls are gathered while the previous
//    statement is in flight and sent as ONE statement (prepared): inserts of concurrent POSTs
//    (jsonb_to_recordset … ON CONFLICT DO NOTHING), their BullMQ addBulk, the claims of concurrent
//    jobs (id = ANY … FOR UPDATE, locks taken in id order) and their `accepted` updates. Each row
//    still gets its own audit entry, its own conditional state check, and each caller its own answer.
import { createHash } from 'node:crypto';
import { mapRawRow } from '../apps/api/dist/database/raw-rows.js';
import { ApiKeyService } from '../apps/api/dist/modules/api-keys/api-key.service.js';
import { OutboundMessage } from '../apps/api/dist/modules/outbox/outbound-message.entity.js';
import { OutboxDispatcher } from '../apps/api/dist/modules/outbox/outbox-dispatcher.service.js';
import { OutboxRepository } from '../apps/api/dist/modules/outbox/outbox.repository.js';
import { OutboundProcessor } from '../apps/api/dist/modules/outbox/processors/outbound.processor.js';

export const EXPERIMENTS = ['concurrency', 'onestatement', 'keycache', 'prepared', 'batch'];

/** Applies the named experiments to a Nest application (or context) that has been initialised. */
export function applyExperiments(app, names, { concurrency }) {
  for (const name of names) {
    if (name === 'concurrency') {
      const processor = optional(app, OutboundProcessor);
      if (processor) processor.worker.concurrency = concurrency;
    } else if (name === 'onestatement') {
      oneStatementMoves(app.get(OutboxRepository, { strict: false }));
    } else if (name === 'batch') {
      batchWrites(app.get(OutboxRepository, { strict: false }), optional(app, OutboxDispatcher));
    } else if (name === 'prepared') {
      preparedStatements(app.get(OutboxRepository, { strict: false }).dataSource);
    } else if (name === 'keycache') {
      const keys = optional(app, ApiKeyService);
      if (keys) cacheApiKeys(keys);
    } else {
      throw new Error(`unknown experiment ${name} (known: ${EXPERIMENTS.join(', ')})`);
    }
  }
}

function optional(app, token) {
  try {
    return app.get(token, { strict: false });
  } catch {
    return null;
  }
}

/** OutboxRepository.move as one statement: lock, conditional UPDATE and audit row together. */
function oneStatementMoves(repo) {
  const dataSource = repo.dataSource;
  const metadata = dataSource.getMetadata(OutboundMessage);
  repo.move = async (move, now) => {
    const n = 3 + move.params.length;
    const sql = `WITH old AS (SELECT id, state FROM outbound_messages WHERE id = $1 FOR UPDATE),
      moved AS (
        UPDATE outbound_messages m SET ${move.set}
          FROM old
         WHERE m.id = old.id AND old.state = ANY($2::text[]) ${move.extraWhere ?? ''}
         RETURNING m.*, old.state AS previous_state),
      audit AS (
        INSERT INTO outbound_message_events (message_id, from_state, to_state, actor, reason, details, at)
        SELECT id, previous_state, COALESCE($${n}::text, state), $${n + 1}, $${n + 2}, $${n + 3}, $${n + 4} FROM moved)
      SELECT * FROM moved`;
    const a = move.audit;
    const raw = await dataSource.query(sql, [move.id, move.from, ...move.params, a.to ?? null, a.actor, a.reason, a.details ?? null, now]);
    const first = raw[0];
    return first ? mapRawRow(metadata, first) : null;
  };
}

/** DataSource.query without a query runner, as a named (prepared) statement on the driver's pool. */
function preparedStatements(dataSource) {
  const original = dataSource.query.bind(dataSource);
  const pool = dataSource.driver.master;
  dataSource.query = async (sql, parameters, queryRunner) => {
    if (queryRunner || !/outbound_messages/.test(sql)) return original(sql, parameters, queryRunner);
    const name = `sb_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    const result = await pool.query({ name, text: sql, values: parameters ?? [] });
    // TypeORM's shape: rows, or [rows, affected] for UPDATE/DELETE.
    return result.command === 'UPDATE' || result.command === 'DELETE' ? [result.rows, result.rowCount] : result.rows;
  };
}

function cacheApiKeys(service) {
  const original = service.isValid.bind(service);
  const valid = new Map();
  service.isValid = async (key) => {
    const until = valid.get(key);
    if (until !== undefined && until > Date.now()) return true;
    const ok = await original(key);
    if (ok) valid.set(key, Date.now() + 60_000);
    return ok;
  };
}

/**
 * Gathers calls made while a flush is in flight and hands them to `flush` together (at most
 * `maxInFlight` flushes at once, `maxBatch` items each). Each caller gets its own result or error.
 */
class Batcher {
  constructor(flush, { maxBatch = 256, maxInFlight = 2 } = {}) {
    this.flushFn = flush;
    this.maxBatch = maxBatch;
    this.maxInFlight = maxInFlight;
    this.pending = [];
    this.inFlight = 0;
    this.scheduled = false;
  }

  add(item) {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      this.schedule();
    });
  }

  schedule() {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.pending.length === 0) return;
    this.scheduled = true;
    // One turn of the event loop lets calls made at the same time join the batch.
    setImmediate(() => {
      this.scheduled = false;
      if (this.inFlight >= this.maxInFlight || this.pending.length === 0) return;
      const batch = this.pending.splice(0, this.maxBatch);
      this.inFlight++;
      this.flushFn(batch.map((b) => b.item))
        .then(
          (results) => batch.forEach((b, i) => b.resolve(results[i])),
          (error) => batch.forEach((b) => b.reject(error)),
        )
        .finally(() => {
          this.inFlight--;
          this.schedule();
        });
    });
  }
}

function batchWrites(repo, dispatcher) {
  const dataSource = repo.dataSource;
  const pool = dataSource.driver.master;
  const metadata = dataSource.getMetadata(OutboundMessage);
  const toRow = (raw) => mapRawRow(metadata, raw);
  const named = (name, text, values) => pool.query({ name, text, values });

  const insertSql = `WITH input AS (
      SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(
        dedupe_key text, "to" text, to_wa_id text, purpose text, trigger_ref text, payload jsonb, content_hash text,
        fallback_template jsonb, priority int, phone_number_id text, not_before timestamptz, retain_until timestamptz,
        at timestamptz, actor text, reason text, details jsonb)),
    inserted AS (
      INSERT INTO outbound_messages
        (dedupe_key, "to", to_wa_id, purpose, trigger_ref, payload, content_hash, fallback_template,
         priority, phone_number_id, state, not_before, retain_until, created_at, updated_at)
      SELECT dedupe_key, "to", to_wa_id, purpose, trigger_ref, payload, content_hash, fallback_template,
             priority, phone_number_id, 'queued', not_before, retain_until, at, at FROM input
      ON CONFLICT (dedupe_key) DO NOTHING
      RETURNING *),
    audit AS (
      INSERT INTO outbound_message_events (message_id, from_state, to_state, actor, reason, details, at)
      SELECT i.id, NULL, 'queued', n.actor, n.reason, n.details, n.at FROM inserted i JOIN input n USING (dedupe_key))
    SELECT * FROM inserted`;
  const inserts = new Batcher(async (items) => {
    const input = items.map(({ row, audit, now }) => ({
      dedupe_key: row.dedupeKey, to: row.to, to_wa_id: row.toWaId, purpose: row.purpose, trigger_ref: row.triggerRef,
      payload: row.payload, content_hash: row.contentHash, fallback_template: row.fallbackTemplate, priority: row.priority,
      phone_number_id: row.phoneNumberId, not_before: row.notBefore, retain_until: row.retainUntil, at: now,
      actor: audit.actor, reason: audit.reason, details: audit.details ?? null,
    }));
    const result = await named('bench_batch_insert', insertSql, [JSON.stringify(input)]);
    const byKey = new Map(result.rows.map((r) => [r.dedupe_key, toRow(r)]));
    // A key that appears twice in one batch is inserted once: the first caller gets the row.
    return items.map(({ row }) => {
      const inserted = byKey.get(row.dedupeKey) ?? null;
      byKey.delete(row.dedupeKey);
      return inserted;
    });
  });
  repo.insertIfAbsent = (row, audit, now) => inserts.add({ row, audit, now });

  const claimSql = `WITH old AS (
      SELECT id, state FROM outbound_messages WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE),
    moved AS (
      UPDATE outbound_messages m SET state = 'sending', attempts = attempts + 1, sending_started_at = $2, updated_at = $2
        FROM old
       WHERE m.id = old.id AND old.state = 'queued' AND m.not_before <= $2 AND NOT EXISTS (
         SELECT 1 FROM sending_pauses p
          WHERE p.resumed_at IS NULL AND (p.scope = 'account' OR p.phone_number_id = m.phone_number_id))
       RETURNING m.*, old.state AS previous_state),
    audit AS (
      INSERT INTO outbound_message_events (message_id, from_state, to_state, actor, reason, details, at)
      SELECT id, previous_state, 'sending', 'worker', 'claimed for sending', NULL, $2 FROM moved)
    SELECT * FROM moved`;
  const claims = new Batcher(async (items) => {
    const now = new Date(Math.max(...items.map((i) => i.now.getTime())));
    const result = await named('bench_batch_claim', claimSql, [items.map((i) => i.id), now]);
    const byId = new Map(result.rows.map((r) => [r.id, toRow(r)]));
    return items.map(({ id }) => {
      const row = byId.get(id) ?? null;
      byId.delete(id);
      return row;
    });
  });
  repo.claim = (id, now) => claims.add({ id, now });

  const acceptedSql = `WITH input AS (
      SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, wamid text, details jsonb, at timestamptz)),
    old AS (
      SELECT m.id, m.state FROM outbound_messages m JOIN input i ON i.id = m.id ORDER BY m.id FOR UPDATE OF m),
    moved AS (
      UPDATE outbound_messages m SET state = 'accepted', wamid = i.wamid, accepted_at = i.at, updated_at = i.at, last_error = NULL
        FROM old JOIN input i ON i.id = old.id
       WHERE m.id = old.id AND old.state = 'sending'
       RETURNING m.*, old.state AS previous_state),
    audit AS (
      INSERT INTO outbound_message_events (message_id, from_state, to_state, actor, reason, details, at)
      SELECT mv.id, mv.previous_state, 'accepted', 'worker', 'accepted by the Graph API', i.details, i.at
        FROM moved mv JOIN input i ON i.id = mv.id)
    SELECT * FROM moved`;
  const accepts = new Batcher(async (items) => {
    const input = items.map(({ id, wamid, details, now }) => ({ id, wamid, details, at: now }));
    const result = await named('bench_batch_accepted', acceptedSql, [JSON.stringify(input)]);
    const byId = new Map(result.rows.map((r) => [r.id, toRow(r)]));
    return items.map(({ id }) => byId.get(id) ?? null);
  });
  repo.markAccepted = (id, wamid, details, now) => accepts.add({ id, wamid, details, now });

  if (dispatcher) {
    const original = dispatcher.dispatch.bind(dispatcher);
    const adds = new Batcher(async (groups) => {
      await original(groups.flat());
      return groups.map(() => undefined);
    });
    dispatcher.dispatch = (rows) => (rows.length === 0 ? Promise.resolve() : adds.add(rows));
  }
}
