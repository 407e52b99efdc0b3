import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { uuidV7 } from '../../common/ids/uuid-v7.js';
import { preparedRows, preparedTxRows } from '../../database/prepared-rows.js';
import type { KeysetCursor } from '../../database/keyset-cursor.js';
import { jsonbParam } from '../../database/jsonb-param.js';
import { queryRows } from '../../database/query-rows.js';
import { DELIVERIES_CHANNEL, IDS_PER_NOTIFICATION } from './delivery-notifications.js';

/**
 * The first half of the two-part advisory locks on event keys (the second: the key's hashtext):
 * a space of its own, apart from the single-number locks elsewhere. Two keys with one hash share
 * a lock, which only makes their claims wait for each other.
 */
const CLAIM_LOCKS = 0x5b_c1a1;

export interface NewDelivery {
  receivedAt: Date;
  headers: Record<string, unknown>;
  body: Buffer;
}

export interface LeasedDelivery {
  id: string;
  body: Buffer;
  receivedAt: Date;
  attempts: number;
}

export interface DeliverySummary {
  id: string;
  state: string;
  receivedAt: Date;
  attempts: number;
  processedAt: Date | null;
  lastError: Record<string, unknown> | null;
  size: number;
  eventsTotal: number | null;
}

export interface ParkedStatus {
  id: string;
  eventKey: string;
  status: string;
  occurredAt: Date | null;
  receivedAt: Date;
  errors: unknown[] | null;
  pricing: Record<string, unknown> | null;
}

export interface NewFieldEvent {
  eventKey: string;
  kind: 'field' | 'error';
  field: string;
  wabaId: string | null;
  phoneNumberId: string | null;
  occurredAt: Date | null;
  value: unknown;
  raw: unknown;
  deliveryId: string;
  receivedAt: Date;
}

/** The only code that builds webhook SQL. Outbound rows a status moves are the outbox's (outbound-status-writes). */
@Injectable()
export class WebhooksRepository {
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  // ---- deliveries ------------------------------------------------------------------------------

  /**
   * Group commit: one multi-row INSERT (one commit) for many requests; ids in input order. The ids
   * are made here, time-ordered, so the busiest table's primary key grows at its right edge.
   */
  async insertDeliveries(rows: readonly NewDelivery[]): Promise<string[]> {
    const ids = rows.map(() => uuidV7());
    // One fixed statement for any batch size, the rows as parallel arrays: prepared once per
    // connection. (A VALUES list has a new text for every size, parsed and planned on every batch:
    // a third of the wall time of an INSERT of 24 bodies, on the ack's one-at-a-time path.) The
    // price: inside an array the bodies travel as hex text, twice their size, not as binary.
    // The workers hear of the new ids when (and only if) this statement commits: NOTIFY is
    // transactional. (A data-modifying CTE always runs; the notifying one runs because it is read.)
    await preparedRows(
      this.dataSource,
      `WITH stored AS (
         INSERT INTO webhook_deliveries (id, received_at, headers, body)
         SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::jsonb[], $4::bytea[]) RETURNING id),
       notified AS (
         SELECT pg_notify('${DELIVERIES_CHANNEL}', string_agg(id::text, ',')) FROM (
           SELECT id, (row_number() OVER () - 1) / ${IDS_PER_NOTIFICATION} AS part FROM stored) parts
          GROUP BY part)
       SELECT count(*) FROM notified`,
      [ids, rows.map((r) => r.receivedAt), rows.map((r) => jsonbParam(r.headers)), rows.map((r) => r.body)],
    );
    return ids;
  }

  /**
   * Takes the lease on a delivery still to be processed, unless a live worker holds it. Committed
   * without waiting for the WAL flush (synchronous_commit off for this statement's transaction
   * alone): the lease is bookkeeping, and a PostgreSQL crash that forgets the last few leases only
   * lets a delivery be taken again, which its claims make harmless; a worker that dies does not
   * lose it (PostgreSQL flushes it within wal_writer_delay). Waiting for that flush was the second
   * commit of every delivery and half of the drain's WAL waits.
   */
  async leaseDelivery(id: string, token: string, now: Date, leaseMs: number): Promise<LeasedDelivery | null> {
    const raw = await preparedRows<{ id: string; body: Buffer; received_at: Date; attempts: number }>(
      this.dataSource,
      `WITH relaxed AS (SELECT set_config('synchronous_commit', 'off', true) AS setting)
       UPDATE webhook_deliveries
          SET lease_token = $2, lease_until = $3::timestamptz + make_interval(secs => $4::double precision / 1000), attempts = attempts + 1
        WHERE id = $1 AND state = 'received' AND (lease_until IS NULL OR lease_until < $3) AND (SELECT setting FROM relaxed) = 'off'
        RETURNING id, body, received_at, attempts`,
      [id, token, now, leaseMs],
    );
    const row = raw[0];
    return row ? { id: row.id, body: row.body, receivedAt: row.received_at, attempts: row.attempts } : null;
  }

  async extendLease(id: string, token: string, now: Date, leaseMs: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_deliveries SET lease_until = $3::timestamptz + make_interval(secs => $4::double precision / 1000)
        WHERE id = $1 AND lease_token = $2 AND state = 'received'`,
      [id, token, now, leaseMs],
    );
  }

  async markProcessed(id: string, counts: { total: number; applied: number; duplicate: number }, now: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_deliveries
          SET state = 'processed', processed_at = $2, lease_token = NULL, lease_until = NULL, last_error = NULL,
              events_total = $3, events_applied = $4, events_duplicate = $5
        WHERE id = $1 AND state = 'received'`,
      [id, now, counts.total, counts.applied, counts.duplicate],
    );
  }

  async markPoison(id: string, error: Record<string, unknown>, now: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_deliveries SET state = 'poison', processed_at = $3, lease_token = NULL, lease_until = NULL, last_error = $2::jsonb
        WHERE id = $1 AND state = 'received'`,
      [id, jsonbParam(error), now],
    );
  }

  /** A failed attempt gives the lease back at once, so a retry need not wait for it to expire. */
  async releaseLease(id: string, token: string, error: Record<string, unknown>): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_deliveries SET lease_token = NULL, lease_until = NULL, last_error = $3::jsonb WHERE id = $1 AND lease_token = $2`,
      [id, token, jsonbParam(error)],
    );
  }

  /** Stored, never started (a crash between the store and the enqueue, or Redis lost the job). */
  /**
   * Stored deliveries no worker has started, oldest first, after `after` (a sweep's keyset cursor:
   * a backlog is read page by page instead of its first rows again).
   */
  async findNeverStarted(receivedBefore: Date, limit: number, after: KeysetCursor | null = null): Promise<{ id: string; cursor: KeysetCursor }[]> {
    const raw = await queryRows<{ id: string; cursor_at: string }>(
      this.dataSource,
      `SELECT id, received_at::text AS cursor_at FROM webhook_deliveries
        WHERE state = 'received' AND lease_until IS NULL AND received_at < $1
          AND ($3::timestamptz IS NULL OR (received_at, id) > ($3::timestamptz, $4::uuid))
        ORDER BY received_at, id LIMIT $2`,
      [receivedBefore, limit, after?.at ?? null, after?.id ?? null],
    );
    return raw.map((r) => ({ id: r.id, cursor: { at: r.cursor_at, id: r.id } }));
  }

  /** Started by a worker whose lease ran out: it died mid-delivery. */
  async findExpiredLeases(now: Date, limit: number): Promise<string[]> {
    const raw = await queryRows<{ id: string }>(
      this.dataSource,
      `SELECT id FROM webhook_deliveries WHERE state = 'received' AND lease_until < $1 ORDER BY received_at LIMIT $2`,
      [now, limit],
    );
    return raw.map((r) => r.id);
  }

  async findDeliveryIds(filter: { ids?: readonly string[]; since?: Date; until?: Date; includePoison: boolean; limit: number }): Promise<string[]> {
    const raw = await queryRows<{ id: string }>(
      this.dataSource,
      `SELECT id FROM webhook_deliveries
        WHERE ($1::uuid[] IS NULL OR id = ANY($1::uuid[]))
          AND ($2::timestamptz IS NULL OR received_at >= $2)
          AND ($3::timestamptz IS NULL OR received_at < $3)
          AND ($4::boolean OR state <> 'poison')
        ORDER BY received_at, id
        LIMIT $5`,
      [filter.ids ?? null, filter.since ?? null, filter.until ?? null, filter.includePoison, filter.limit],
    );
    return raw.map((r) => r.id);
  }

  /** Replay: back to `received` with a fresh attempt budget; the claims make re-processing safe. */
  async resetForReplay(ids: readonly string[], now: Date): Promise<string[]> {
    if (ids.length === 0) return [];
    const raw = await queryRows<{ id: string }>(
      this.dataSource,
      `UPDATE webhook_deliveries SET state = 'received', attempts = 0, lease_token = NULL, lease_until = NULL, replayed_at = $2
        WHERE id = ANY($1::uuid[]) RETURNING id`,
      [ids, now],
    );
    return raw.map((r) => r.id);
  }

  /** Which of these deliveries are set aside as poison. */
  async poisonAmong(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await queryRows<{ id: string }>(this.dataSource, `SELECT id FROM webhook_deliveries WHERE id = ANY($1::uuid[]) AND state = 'poison'`, [ids]);
    return rows.map((r) => r.id);
  }

  /** A stored delivery with its body as Meta sent it (for the poison queue: what failed to parse, and why). */
  async findDeliveryWithBody(id: string): Promise<(DeliverySummary & { body: Buffer }) | null> {
    const summary = await this.findDelivery(id);
    if (!summary) return null;
    const [row] = await queryRows<{ body: Buffer }>(this.dataSource, `SELECT body FROM webhook_deliveries WHERE id = $1`, [id]);
    return { ...summary, body: row!.body };
  }

  async listPoison(limit: number): Promise<DeliverySummary[]> {
    return this.summaries(`WHERE state = 'poison' ORDER BY received_at DESC LIMIT $1`, [limit]);
  }

  async findDelivery(id: string): Promise<DeliverySummary | null> {
    return (await this.summaries(`WHERE id = $1`, [id]))[0] ?? null;
  }

  private async summaries(where: string, params: unknown[]): Promise<DeliverySummary[]> {
    const raw = await queryRows<{
      id: string;
      state: string;
      received_at: Date;
      attempts: number;
      processed_at: Date | null;
      last_error: Record<string, unknown> | null;
      size: number;
      events_total: number | null;
    }>(
      this.dataSource,
      `SELECT id, state, received_at, attempts, processed_at, last_error, octet_length(body) AS size, events_total FROM webhook_deliveries ${where}`,
      params,
    );
    return raw.map((r) => ({
      id: r.id,
      state: r.state,
      receivedAt: r.received_at,
      attempts: r.attempts,
      processedAt: r.processed_at,
      lastError: r.last_error,
      size: Number(r.size),
      eventsTotal: r.events_total,
    }));
  }

  // ---- claims ----------------------------------------------------------------------------------

  /**
   * Claims many keys. Answers, per key: claimed (this transaction now owns it), else the delivery
   * that claimed it first. Give the keys without repeats, before anything else in the transaction.
   *
   * The claims are partitioned by day, and a partitioned table's unique index must hold the day,
   * so no index says a key is claimed on another day. A lock per key does: first every key's lock,
   * in one order (two deliveries of the same keys wait for each other and never deadlock), held to
   * the commit; then, in a statement whose snapshot sees every claim committed before the locks
   * were granted, the keys no partition holds are inserted.
   *
   * With `finish`, the same statement marks the delivery processed with the counts the claims
   * decide (`total` events, repeats inside the delivery among them): one round trip fewer, and
   * only ever committed together with the effects the caller applies next in the transaction.
   */
  async claimMany(
    tx: EntityManager,
    claims: readonly { key: string; field: string }[],
    deliveryId: string,
    now: Date,
    finish: { total: number } | null = null,
  ): Promise<Map<string, { claimed: boolean; owner: string | null }>> {
    const keys = claims.map((c) => c.key);
    await preparedTxRows(
      tx,
      `SELECT count(pg_advisory_xact_lock(${CLAIM_LOCKS}, h)) AS n FROM (SELECT DISTINCT hashtext(k) AS h FROM unnest($1::text[]) AS k ORDER BY 1) AS l`,
      [keys],
    );
    const raw = await preparedTxRows<{ key: string; claimed: boolean; owner: string | null }>(
      tx,
      `WITH wanted AS (SELECT * FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS u(key, field, n)),
       claimed AS (
         INSERT INTO webhook_event_claims (key, field, delivery_id, state, claimed_at)
         SELECT key, field, $3, 'done', $4 FROM wanted w WHERE NOT EXISTS (SELECT 1 FROM webhook_event_claims o WHERE o.key = w.key) ORDER BY n
         ON CONFLICT DO NOTHING RETURNING key),
       answer AS (
         SELECT w.key, c.key IS NOT NULL AS claimed, o.delivery_id AS owner
           FROM wanted w LEFT JOIN claimed c ON c.key = w.key LEFT JOIN webhook_event_claims o ON o.key = w.key),
       finished AS (
         UPDATE webhook_deliveries
            SET state = 'processed', processed_at = $4, lease_token = NULL, lease_until = NULL, last_error = NULL, events_total = $5::int,
                events_applied = (SELECT count(*)::int FROM answer WHERE claimed),
                events_duplicate = $5::int - (SELECT count(*)::int FROM answer WHERE claimed) - (SELECT count(*)::int FROM answer WHERE NOT claimed AND owner = $3)
          WHERE id = $3 AND state = 'received' AND $6::boolean)
       SELECT key, claimed, owner FROM answer`,
      [keys, claims.map((c) => c.field), deliveryId, now, finish?.total ?? 0, finish !== null],
    );
    return new Map(raw.map((r) => [r.key, { claimed: r.claimed, owner: r.claimed ? null : r.owner }]));
  }

  // ---- statuses --------------------------------------------------------------------------------

  /** Parked statuses of one wamid, locked; another worker applying them skips them. */
  /** `since`: statuses parked earlier turn foreign (WEBHOOK_FOREIGN_AFTER); the bound keeps the look to those days' partitions. */
  async lockParked(tx: EntityManager, phoneNumberId: string, wamid: string, since: Date): Promise<ParkedStatus[]> {
    const raw = await queryRows<{
      id: string;
      event_key: string;
      status: string;
      occurred_at: Date | null;
      received_at: Date;
      errors: unknown[] | null;
      pricing: Record<string, unknown> | null;
    }>(
      tx,
      `SELECT id, event_key, status, occurred_at, received_at, errors, pricing FROM message_status_events
        WHERE phone_number_id = $1 AND wamid = $2 AND match_state = 'parked' AND received_at >= $3
        ORDER BY occurred_at NULLS LAST, id FOR UPDATE SKIP LOCKED`,
      [phoneNumberId, wamid, since],
    );
    return raw.map((r) => ({
      id: r.id,
      eventKey: r.event_key,
      status: r.status,
      occurredAt: r.occurred_at,
      receivedAt: r.received_at,
      errors: r.errors,
      pricing: r.pricing,
    }));
  }

  /** By its key, day included: only its partition is planned and read. */
  async markParkedMatched(tx: EntityManager, parked: { id: string; receivedAt: Date }, messageId: string, mergeResult: string, now: Date): Promise<void> {
    await tx.query(
      `UPDATE message_status_events SET match_state = 'matched', message_id = $2, merge_result = $3, matched_at = $4 WHERE id = $1 AND received_at = $5`,
      [parked.id, messageId, mergeResult, now, parked.receivedAt],
    );
  }

  /** Parked wamids that now name an outbound row (the send's response recorded it meanwhile). */
  async findMatchableParked(limit: number, since: Date): Promise<{ phoneNumberId: string; wamid: string }[]> {
    const raw = await queryRows<{ phone_number_id: string; wamid: string }>(
      this.dataSource,
      `SELECT DISTINCT e.phone_number_id, e.wamid FROM message_status_events e
         JOIN outbound_messages m ON m.phone_number_id = e.phone_number_id AND m.wamid = e.wamid
        WHERE e.match_state = 'parked' AND e.received_at >= $2 LIMIT $1`,
      [limit, since],
    );
    return raw.map((r) => ({ phoneNumberId: r.phone_number_id, wamid: r.wamid }));
  }

  /** Parked long enough: a message of another app on the same account. Returns each one's status. */
  async expireParked(receivedBefore: Date, limit: number): Promise<{ status: string; phoneNumberId: string; wamid: string }[]> {
    const raw = await queryRows<{ status: string; phone_number_id: string; wamid: string }>(
      this.dataSource,
      `UPDATE message_status_events SET match_state = 'foreign'
        WHERE id IN (SELECT id FROM message_status_events WHERE match_state = 'parked' AND received_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING status, phone_number_id, wamid`,
      [receivedBefore, limit],
    );
    return raw.map((r) => ({ status: r.status, phoneNumberId: r.phone_number_id, wamid: r.wamid }));
  }

  // ---- inbound messages and other fields -------------------------------------------------------

  async insertFieldEvent(tx: EntityManager, e: NewFieldEvent): Promise<void> {
    await tx.query(
      `INSERT INTO webhook_field_events (event_key, kind, field, waba_id, phone_number_id, occurred_at, value, raw, delivery_id, received_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7::jsonb,$8::jsonb,$9,$10)
       ON CONFLICT (event_key) DO NOTHING`,
      [e.eventKey, e.kind, e.field, e.wabaId, e.phoneNumberId, e.occurredAt, jsonbParam(e.value), jsonbParam(e.raw), e.deliveryId, e.receivedAt],
    );
  }
}
