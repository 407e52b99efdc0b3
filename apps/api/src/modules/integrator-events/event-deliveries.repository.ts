import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from '../../database/query-rows.js';
import { preparedRows, preparedTxRows } from '../../database/prepared-rows.js';
import type { EventDeliveryState } from './event-delivery.entity.js';
import type { StoredPreviousSecret } from './event-endpoint.entity.js';

/** A delivery a worker claimed, with what it needs to POST it. */
export interface ClaimedDelivery {
  readonly id: string;
  readonly attempts: number;
  readonly endpointId: string;
  readonly url: string;
  /** The current signing secret and those a rotation replaced, as stored (sealed). */
  readonly secret: string;
  readonly previousSecrets: readonly StoredPreviousSecret[];
  readonly eventId: string;
  readonly type: string;
  readonly snapshot: Record<string, unknown>;
  readonly eventCreatedAt: Date;
  /** The partition key (the event's created_at) as PostgreSQL prints it: to the microsecond, which a Date is not. */
  readonly eventAt: string;
}

export interface DeliveryView {
  readonly id: string;
  readonly eventId: string;
  readonly type: string;
  readonly state: EventDeliveryState;
  readonly attempts: number;
  readonly nextAttemptAt: Date | null;
  readonly lastStatus: number | null;
  readonly lastError: string | null;
  readonly deliveredAt: Date | null;
  readonly createdAt: Date;
  readonly eventCreatedAt: Date;
  readonly recentAttempts: readonly AttemptView[];
}

export interface AttemptView {
  readonly at: string;
  readonly status_code: number | null;
  readonly latency_ms: number;
  readonly body_excerpt: string | null;
  readonly error: string | null;
}

export interface AttemptRecord {
  readonly statusCode: number | null;
  readonly latencyMs: number;
  readonly bodyExcerpt: string | null;
  readonly error: string | null;
  readonly at: Date;
}

const OPEN = `('pending', 'delivering')`;

// Deliveries and attempts are partitioned by their event's day (`event_at`): a lookup passes it
// where it is known, so only that day's partition is read. It is null only for rows the migration
// PartitionIntegratorEvents has not filled yet: admin views leave them out for that while, and no
// claim takes one before it is filled.

/** One delivery as admins see it, with its last five attempts; `source` is the table or CTE holding the row. */
function deliveryViewFrom(source: string): string {
  return `SELECT d.id, d.event_id AS "eventId", ev.type, d.state, d.attempts,
              CASE WHEN d.state IN ${OPEN} THEN d.next_attempt_at END AS "nextAttemptAt",
              d.last_status AS "lastStatus", d.last_error AS "lastError", d.delivered_at AS "deliveredAt", d.created_at AS "createdAt", ev.created_at AS "eventCreatedAt",
              COALESCE((SELECT jsonb_agg(jsonb_build_object('at', a.at, 'status_code', a.status_code, 'latency_ms', a.latency_ms, 'body_excerpt', a.body_excerpt, 'error', a.error) ORDER BY a.id DESC)
                          FROM (SELECT * FROM event_delivery_attempts x WHERE x.delivery_id = d.id AND x.event_at = d.event_at ORDER BY x.id DESC LIMIT 5) a), '[]'::jsonb) AS "recentAttempts"
         FROM ${source} d JOIN integrator_events ev ON ev.id = d.event_id AND ev.created_at = d.event_at`;
}

/** The only code that builds SQL for deliveries and their attempts. */
@Injectable()
export class EventDeliveriesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Enabled endpoints that have a delivery due (pending and due, or delivering with its lease run out), with their rate limit. */
  async endpointsWithDueWork(now: Date): Promise<{ id: string; ratePerSecond: number | null }[]> {
    // Every poll of every worker, over every day's partition: prepared, so planned once per connection (tens of ms each time otherwise).
    return preparedRows<{ id: string; ratePerSecond: number | null }>(
      this.dataSource,
      `SELECT e.id, e.rate_per_second AS "ratePerSecond" FROM event_endpoints e
        WHERE e.enabled AND EXISTS (SELECT 1 FROM event_deliveries d WHERE d.endpoint_id = e.id AND d.state IN ${OPEN} AND d.next_attempt_at <= $1)`,
      [now],
    );
  }

  /**
   * Claims up to the endpoint's free concurrency of its due deliveries, oldest event first. The
   * endpoint row is locked for the claim (SKIP LOCKED: another worker is claiming for it), so the
   * in-flight count across workers never exceeds the limit. A delivery waits while an earlier
   * event with its ordering key is still owed to this endpoint: one message's events arrive in order.
   * While delivering, `next_attempt_at` is the lease's end: past it the POST is presumed lost.
   *
   * `ration`, given how many could be claimed, says how many may be (an endpoint's rate limit),
   * asked under the endpoint's lock so no other claimer changes the count meanwhile; the rest are
   * left exactly as they were: not claimed, no attempt counted, still due.
   */
  claim(endpointId: string, limit: number, now: Date, leaseMs: number, ration?: (claimable: number) => Promise<number>): Promise<ClaimedDelivery[]> {
    return this.dataSource.transaction(async (tx) => {
      // NO KEY UPDATE: claimers exclude each other, but the foreign-key checks of the transactions
      // writing new deliveries for this endpoint (KEY SHARE) never wait for a claim.
      const locked = await queryRows(tx, `SELECT id FROM event_endpoints WHERE id = $1 AND enabled FOR NO KEY UPDATE SKIP LOCKED`, [endpointId]);
      if (locked.length === 0) return [];
      // Prepared (planned once per connection), as the claim below: neither can prune the days, and planning them over
      // a month of partitions cost more than running them.
      const due = await preparedTxRows<{ id: string }>(
        tx,
        `WITH busy AS (
           SELECT count(*)::int AS n FROM event_deliveries WHERE endpoint_id = $1 AND state = 'delivering' AND next_attempt_at > $3)
         SELECT d.id FROM event_deliveries d
          WHERE d.endpoint_id = $1 AND d.state IN ${OPEN} AND d.next_attempt_at <= $3 AND d.event_at IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM event_deliveries p
                             WHERE p.endpoint_id = d.endpoint_id AND p.ordering_key = d.ordering_key AND p.state IN ${OPEN} AND p.seq < d.seq)
          ORDER BY d.seq
          LIMIT GREATEST($2 - (SELECT n FROM busy), 0)`,
        [endpointId, limit, now],
      );
      const allowed = ration && due.length > 0 ? Math.max(0, Math.min(due.length, await ration(due.length))) : due.length;
      if (allowed === 0) return [];
      // Still due when claimed: a lapsed POST whose outcome landed meanwhile is not made again.
      // Slots reserved for a row skipped here go unused (throughput, never the limit).
      // The caller pairs claims with slots in this order (seq).
      // By id alone: a few rows, each its primary key's first column in every partition.
      return preparedTxRows<ClaimedDelivery>(
        tx,
        `WITH claimed AS (
           UPDATE event_deliveries d SET state = 'delivering', attempts = d.attempts + 1, next_attempt_at = $2::timestamptz + make_interval(secs => $3 / 1000.0),
                  lease_until = $2::timestamptz + make_interval(secs => $3 / 1000.0), updated_at = $2
            WHERE d.id = ANY($1::uuid[]) AND d.state IN ${OPEN} AND d.next_attempt_at <= $2
           RETURNING d.id, d.attempts, d.event_id, d.endpoint_id, d.event_at)
         SELECT c.id, c.attempts, c.endpoint_id AS "endpointId", e.url, e.secret, e.previous_secrets AS "previousSecrets",
                c.event_id AS "eventId", ev.type, ev.snapshot, ev.created_at AS "eventCreatedAt", c.event_at::text AS "eventAt"
           FROM claimed c JOIN event_endpoints e ON e.id = c.endpoint_id JOIN integrator_events ev ON ev.id = c.event_id AND ev.created_at = c.event_at
          ORDER BY ev.seq`,
        [due.slice(0, allowed).map((d) => d.id), now, leaseMs],
      );
    });
  }

  /**
   * Records one attempt and its outcome; the outcome only lands while the claim is still this
   * attempt's (a worker whose lease ran out and was taken over keeps its attempt row, not its say).
   * `retryAt` null with a failure: given up.
   */
  async finish(
    d: { id: string; attempts: number; eventAt: string },
    attempt: AttemptRecord,
    outcome: { delivered: true } | { delivered: false; retryAt: Date | null },
  ): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO event_delivery_attempts (delivery_id, event_at, status_code, latency_ms, body_excerpt, error, at) VALUES ($1, $2::timestamptz, $3, $4, $5, $6, $7)`,
        [d.id, d.eventAt, attempt.statusCode, attempt.latencyMs, attempt.bodyExcerpt, attempt.error, attempt.at],
      );
      const state = outcome.delivered ? 'delivered' : outcome.retryAt ? 'pending' : 'failed';
      await tx.query(
        `UPDATE event_deliveries SET state = $3, next_attempt_at = COALESCE($4, next_attempt_at), lease_until = NULL, last_status = $5, last_error = $6,
                delivered_at = CASE WHEN $3 = 'delivered' THEN $7 ELSE delivered_at END, updated_at = $7
          WHERE id = $1 AND event_at = $8::timestamptz AND attempts = $2 AND state = 'delivering'`,
        [d.id, d.attempts, state, outcome.delivered ? null : outcome.retryAt, attempt.statusCode, attempt.error, attempt.at, d.eventAt],
      );
    });
  }

  async listForEndpoint(endpointId: string, limit: number, filter: { state?: EventDeliveryState }): Promise<DeliveryView[]> {
    return queryRows<DeliveryView>(
      this.dataSource,
      `${deliveryViewFrom('event_deliveries')}
        WHERE d.endpoint_id = $1 AND ($3::text IS NULL OR d.state = $3)
        ORDER BY ev.seq DESC LIMIT $2`,
      [endpointId, limit, filter.state ?? null],
    );
  }

  async findOne(endpointId: string, deliveryId: string): Promise<DeliveryView | null> {
    const rows = await queryRows<DeliveryView>(
      this.dataSource,
      `${deliveryViewFrom('event_deliveries')}
        WHERE d.endpoint_id = $1 AND d.id = $2`,
      [endpointId, deliveryId],
    );
    return rows[0] ?? null;
  }

  /** Sends one delivery again, whatever became of it (same event id: the receiver dedupes). Not while one is in flight. */
  async replay(endpointId: string, deliveryId: string, now: Date): Promise<DeliveryView | null> {
    // The view is of the row as the replay left it: a dispatcher may claim it a moment later.
    const rows = await queryRows<DeliveryView>(
      this.dataSource,
      `WITH replayed AS (
         UPDATE event_deliveries SET state = 'pending', next_attempt_at = $3, lease_until = NULL, updated_at = $3
          WHERE endpoint_id = $1 AND id = $2 AND state <> 'delivering' RETURNING *)
       ${deliveryViewFrom('replayed')}`,
      [endpointId, deliveryId, now],
    );
    return rows[0] ?? null;
  }

  /**
   * Svix's "recover": every event since `since` the endpoint takes (its types and filter, judged by
   * `event_endpoint_accepts` as the fan-out judges them) that it has not received is owed again,
   * given-up ones and ones it never got (an admin had disabled it). Events it did receive are not
   * sent again. Returns how many deliveries are owed anew.
   */
  async recover(endpointId: string, since: Date, now: Date): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      this.dataSource,
      `WITH owed AS (
         INSERT INTO event_deliveries (endpoint_id, event_id, ordering_key, seq, event_at, next_attempt_at, created_at, updated_at)
         SELECT e.id, ev.id, ev.ordering_key, ev.seq, ev.created_at, $3, $3, $3 FROM integrator_events ev JOIN event_endpoints e ON e.id = $1
          WHERE ev.created_at >= $2 AND ev.type = ANY(e.events)
            AND event_endpoint_accepts(e, ev.type, CASE WHEN e.filter IS NOT NULL THEN integrator_event_facets(ev.snapshot) END)
         ON CONFLICT (endpoint_id, event_id, event_at) DO UPDATE SET state = 'pending', next_attempt_at = $3, updated_at = $3
          WHERE event_deliveries.state = 'failed'
         RETURNING 1)
       SELECT count(*)::int AS n FROM owed`,
      [endpointId, since, now],
    );
    return rows[0]!.n;
  }
}
