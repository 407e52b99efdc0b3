import { Injectable } from '@nestjs/common';
import { statusesReceivedFrom, type OutboxState, type RowError } from '@sendbook/queue';
import { DataSource, In } from 'typeorm';
import { Batcher } from '../../common/batching/batcher.js';
import { preparedRows } from '../../database/prepared-rows.js';
import type { KeysetCursor } from '../../database/keyset-cursor.js';
import { queryRows } from '../../database/query-rows.js';
import { mapRawRow } from '../../database/raw-rows.js';
import { templateCategorySql } from '../templates/template-category-sql.js';
import { IS_FINISHED_SQL, OutboundMessage } from './outbound-message.entity.js';

export interface NewOutboundMessage {
  dedupeKey: string;
  to: string;
  toWaId: string;
  purpose: string;
  triggerRef: string | null;
  campaign: string | null;
  payload: Record<string, unknown>;
  contentHash: string;
  fallbackTemplate: Record<string, unknown> | null;
  priority: number;
  phoneNumberId: string;
  notBefore: Date;
  /** Null: kept for good (no OUTBOUND_RETENTION for its purpose). */
  retainUntil: Date | null;
  /** Not sent after then (null: no limit). */
  expiresAt: Date | null;
}

/** A row as the sending gate sees it (OutboxRepository.peek). */
export interface PeekedRow {
  id: string;
  state: OutboxState;
  phoneNumberId: string;
  to: string;
  toWaId: string;
  purpose: string;
  payloadType: string;
  /** A Direct Send message's `category` (business-initiated, like a template); null otherwise. */
  payloadCategory: string | null;
  /** Not sent after then (null: no limit). */
  expiresAt: Date | null;
  priority: number;
  notBefore: Date;
  createdAt: Date;
  contactTimeZone: string | null;
  windowOpenUntil: Date | null;
  paused: boolean;
  pairHeadId: string | null;
  /** Since when the recipient has opted out of marketing (null: not opted out). */
  marketingOptOutAt: Date | null;
  /** The registry category of its template; only looked up for an opted-out recipient. */
  templateCategory: string | null;
}

export interface Audit {
  actor: string;
  reason: string;
  details?: Record<string, unknown> | null;
}

/** While a row may still go; from `sending` on it may have reached Meta, and nothing is un-sent. */
export const CANCELLABLE_STATES: readonly OutboxState[] = ['queued', 'held'];

/** `last_error` of a row that expired before it was sent. */
export const EXPIRED_ERROR: RowError = { code: 'expired', title: 'expired', message: 'not sent: its expires_at passed before it could be sent', details: null };

/** What the sender needs of a row it claimed: where to send, what, and its attempt count. */
export type ClaimedRow = Pick<OutboundMessage, 'id' | 'to' | 'toWaId' | 'phoneNumberId' | 'payload' | 'fallbackTemplate' | 'attempts' | 'expiresAt'>;

export interface AcceptedRow {
  id: string;
  hasParkedStatuses: boolean;
  /** It had been cancelled by hand while its send was under way: Meta has it all the same. */
  wasCancelled: boolean;
}

export interface HistoryRow {
  from_state: string | null;
  to_state: string;
  actor: string;
  reason: string;
  details: Record<string, unknown> | null;
  at: Date;
}

export interface ListFilter {
  dedupeKey?: string;
  triggerRef?: string;
  campaign?: string;
  state?: OutboxState;
  /** Only the rows these actors enqueued (a send-only API key's view: its integration's keys). */
  createdBy?: readonly string[];
  limit: number;
  after?: { createdAt: Date; id: string };
}

/** An update that moves a row from one known state, with its audit entry, in one statement. */
interface Move {
  id: string;
  from: readonly OutboxState[];
  set: string;
  params: unknown[];
  extraWhere?: string;
  audit: Audit & { to: OutboxState | null };
}

/**
 * The peek for a batch of rows ($1 ids, $2 the time each is asked at), one result row per found id
 * (`item` is its place in the batch). Exported for the test of its cost.
 */
export const PEEK_SQL = `
  SELECT i.n AS item, m.id, m.state, m.phone_number_id, m.to, m.to_wa_id, m.purpose, m.priority, m.not_before, m.created_at, m.expires_at,
         m.payload->>'type' AS payload_type, m.payload->>'category' AS payload_category, k.time_zone AS contact_time_zone, c.window_open_until,
         EXISTS (SELECT 1 FROM sending_pauses p
                  WHERE p.resumed_at IS NULL AND (p.scope = 'account' OR p.phone_number_id = m.phone_number_id)) AS paused,
         (SELECT h.id FROM outbound_messages h
           WHERE h.phone_number_id = m.phone_number_id AND h.to_wa_id = m.to_wa_id AND h.state = 'queued' AND h.not_before <= i.at
           ORDER BY h.priority DESC, h.not_before, h.created_at, h.id LIMIT 1) AS pair_head_id,
         k.marketing_opt_out_at,
         CASE WHEN k.marketing_opt_out_at IS NOT NULL THEN ${templateCategorySql('m')} END AS template_category
    FROM unnest($1::uuid[], $2::timestamptz[]) WITH ORDINALITY AS i(id, at, n)
    JOIN outbound_messages m ON m.id = i.id
    LEFT JOIN contacts k ON k.phone_number_id = m.phone_number_id AND m.to_wa_id IN (k.wa_id, k.user_id)
    LEFT JOIN conversations c ON c.phone_number_id = m.phone_number_id AND c.contact_id = k.id`;

/** A business number and one of its recipients. */
export interface RecipientPair {
  phoneNumberId: string;
  waId: string;
}

/** What "why not yet" needs to know about a queued row beyond the row (OutboxRepository.waitFacts). */
export interface WaitFacts {
  /** The number or the whole account has an active sending pause. */
  paused: boolean;
  lastSentAt: Date | null;
  timeZone: string | null;
}

/** The key of a pair in `waitFacts`'s answer. */
export const recipientKey = (pair: RecipientPair): string => `${pair.phoneNumberId}:${pair.waId}`;

/** The audit reason of a try that threw before its claim (nothing was sent). */
export const PREPARE_FAILED_REASON = 'could not be prepared for sending';

/** Where a sweep's pass through the due rows stands: the last row it read. */
export type DueCursor = KeysetCursor;

export type DueRow = Pick<OutboundMessage, 'id' | 'notBefore' | 'priority'> & { cursor: DueCursor };

/** The only code that builds outbox SQL. Every state change is conditional on the state it leaves. */
@Injectable()
export class OutboxRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get metadata() {
    return this.dataSource.getMetadata(OutboundMessage);
  }

  private rows(raw: Record<string, unknown>[]): OutboundMessage[] {
    return raw.map((r) => mapRawRow<OutboundMessage>(this.metadata, r));
  }

  /**
   * The uniqueness of `dedupe_key` is enforced on write: INSERT … ON CONFLICT DO NOTHING. A second
   * writer of the same key waits for the first to commit, then inserts nothing and gets null.
   * Concurrent calls share one multi-row statement (with their audit rows); a key that appears twice
   * in one batch is inserted once, for the first caller, and the others get null like any duplicate.
   */
  insertIfAbsent(row: NewOutboundMessage, audit: Audit, now: Date): Promise<OutboundMessage | null> {
    return this.inserts.add({ row, audit, now });
  }

  /**
   * The same for a batch request's rows, without waiting to be grouped with other callers: one
   * statement for all of them, one result per row in order (null: the key exists, or an earlier
   * row of the same batch took it).
   */
  insertAllIfAbsent(rows: readonly NewOutboundMessage[], audit: Audit, now: Date): Promise<readonly (OutboundMessage | null)[]> {
    return rows.length === 0 ? Promise.resolve([]) : this.insertRows(rows.map((row) => ({ row, audit, now })));
  }

  /** The rows holding these keys, by key: a batch's duplicates told apart in one read. */
  async findByDedupeKeys(dedupeKeys: readonly string[]): Promise<Map<string, OutboundMessage>> {
    if (dedupeKeys.length === 0) return new Map();
    const rows = await this.dataSource.getRepository(OutboundMessage).findBy({ dedupeKey: In([...new Set(dedupeKeys)]) });
    return new Map(rows.map((r) => [r.dedupeKey, r]));
  }

  private readonly inserts = new Batcher<{ row: NewOutboundMessage; audit: Audit; now: Date }, OutboundMessage | null>((items) => this.insertRows(items));

  private async insertRows(items: readonly { row: NewOutboundMessage; audit: Audit; now: Date }[]): Promise<(OutboundMessage | null)[]> {
    const seen = new Set<string>();
    // In key order: two statements that share keys wait for each other's rows in the same order,
    // never in a cycle (a deadlock), however their callers ordered them.
    const unique = items
      .filter(({ row }) => !seen.has(row.dedupeKey) && seen.add(row.dedupeKey))
      .sort((a, b) => (a.row.dedupeKey < b.row.dedupeKey ? -1 : a.row.dedupeKey > b.row.dedupeKey ? 1 : 0));
    const input = unique.map(({ row, audit, now }) => ({
      dedupe_key: row.dedupeKey,
      to: row.to,
      to_wa_id: row.toWaId,
      purpose: row.purpose,
      trigger_ref: row.triggerRef,
      campaign: row.campaign,
      payload: row.payload,
      content_hash: row.contentHash,
      fallback_template: row.fallbackTemplate,
      priority: row.priority,
      phone_number_id: row.phoneNumberId,
      not_before: row.notBefore,
      retain_until: row.retainUntil,
      expires_at: row.expiresAt,
      at: now,
      actor: audit.actor,
      reason: audit.reason,
      details: audit.details ?? null,
    }));
    const raw = await preparedRows(
      this.dataSource,
      `WITH input AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(
           dedupe_key text, "to" text, to_wa_id text, purpose text, trigger_ref text, campaign text, payload jsonb, content_hash text,
           fallback_template jsonb, priority int, phone_number_id text, not_before timestamptz, retain_until timestamptz,
           expires_at timestamptz, at timestamptz, actor text, reason text, details jsonb)),
       inserted AS (
         INSERT INTO outbound_messages
           (dedupe_key, "to", to_wa_id, purpose, trigger_ref, campaign, payload, content_hash, fallback_template,
            priority, phone_number_id, state, not_before, retain_until, expires_at, created_at, updated_at, created_by)
         SELECT dedupe_key, "to", to_wa_id, purpose, trigger_ref, campaign, payload, content_hash, fallback_template,
                priority, phone_number_id, 'queued', not_before, retain_until, expires_at, at, at, actor FROM input
         ON CONFLICT (dedupe_key) DO NOTHING
         RETURNING *),
       audit AS (
         INSERT INTO outbound_message_events (message_id, from_state, to_state, actor, reason, details, at)
         SELECT i.id, NULL, 'queued', n.actor, n.reason, n.details, n.at FROM inserted i JOIN input n USING (dedupe_key))
       SELECT * FROM inserted`,
      [JSON.stringify(input)],
    );
    const byKey = new Map(this.rows(raw).map((r) => [r.dedupeKey, r]));
    return items.map(({ row }) => {
      const inserted = byKey.get(row.dedupeKey) ?? null;
      byKey.delete(row.dedupeKey);
      return inserted;
    });
  }

  async findById(id: string): Promise<OutboundMessage | null> {
    return this.dataSource.getRepository(OutboundMessage).findOneBy({ id });
  }

  async findByDedupeKey(dedupeKey: string): Promise<OutboundMessage | null> {
    return this.dataSource.getRepository(OutboundMessage).findOneBy({ dedupeKey });
  }

  /** Newest first, keyset-paginated on (created_at, id) so deep pages stay cheap. */
  async list(filter: ListFilter): Promise<OutboundMessage[]> {
    const qb = this.dataSource.getRepository(OutboundMessage).createQueryBuilder('m');
    if (filter.dedupeKey !== undefined) qb.andWhere('m.dedupe_key = :dedupeKey', { dedupeKey: filter.dedupeKey });
    if (filter.triggerRef !== undefined) qb.andWhere('m.trigger_ref = :triggerRef', { triggerRef: filter.triggerRef });
    if (filter.campaign !== undefined) qb.andWhere('m.campaign = :campaign', { campaign: filter.campaign });
    if (filter.state !== undefined) qb.andWhere('m.state = :state', { state: filter.state });
    if (filter.createdBy !== undefined) qb.andWhere('m.created_by = ANY(:createdBy)', { createdBy: filter.createdBy });
    if (filter.after) qb.andWhere('(m.created_at, m.id) < (:createdAt, :id)', filter.after);
    return qb.orderBy('m.created_at', 'DESC').addOrderBy('m.id', 'DESC').limit(filter.limit).getMany();
  }

  /**
   * The claim: one conditional UPDATE `queued → sending`, committed before the caller sends. A second
   * worker, or the same job delivered twice, finds nothing to claim. Paused numbers and paused campaigns are not claimed.
   * Concurrent claims share one statement that locks their rows in id order (no deadlock between
   * batches); each row is still checked and audited on its own. An id twice in one batch is claimed
   * once, for the first caller.
   */
  claim(id: string, now: Date): Promise<ClaimedRow | null> {
    return this.claims.add({ id, now });
  }

  private readonly claims = new Batcher<{ id: string; now: Date }, ClaimedRow | null>(async (items) => {
    const seen = new Set<string>();
    const unique = items.filter(({ id }) => !seen.has(id) && seen.add(id));
    const raw = await preparedRows(
      this.dataSource,
      `WITH input AS (SELECT * FROM unnest($1::uuid[], $2::timestamptz[]) AS i(id, at)),
       old AS (
         SELECT m.id, m.state FROM outbound_messages m WHERE m.id = ANY($1::uuid[]) ORDER BY m.id FOR UPDATE),
       moved AS (
         UPDATE outbound_messages m
            SET state = 'sending', attempts = attempts + 1, sending_started_at = i.at, updated_at = i.at
           FROM old JOIN input i ON i.id = old.id
          WHERE m.id = old.id AND old.state = 'queued' AND m.not_before <= i.at AND (m.expires_at IS NULL OR m.expires_at > i.at) AND NOT EXISTS (
            SELECT 1 FROM sending_pauses p
             WHERE p.resumed_at IS NULL AND (p.scope = 'account' OR p.phone_number_id = m.phone_number_id))
            -- A campaign's row back in the queue after its campaign was paused (a retry) waits for the resume.
            AND NOT (m.campaign IS NOT NULL AND EXISTS (
              SELECT 1 FROM campaigns c WHERE c.name = m.campaign AND c.state = 'paused' AND starts_with(m.dedupe_key, 'campaign:' || c.id || ':')))
          RETURNING m.id, m.to, m.to_wa_id, m.phone_number_id, m.payload, m.fallback_template, m.attempts, m.expires_at,
                    m.sending_started_at, old.state AS previous_state),
       audit AS (
         INSERT INTO outbound_message_events (message_id, from_state, to_state, actor, reason, details, at)
         SELECT id, previous_state, 'sending', 'worker', 'claimed for sending', NULL, sending_started_at FROM moved)
       SELECT id, "to", to_wa_id, phone_number_id, payload, fallback_template, attempts, expires_at FROM moved`,
      [unique.map((i) => i.id), unique.map((i) => i.now)],
    );
    return this.answerById(items, raw);
  });

  /**
   * Meta accepted: store the wamid. A status webhook may already have moved the row further (then
   * null). A row a person cancelled while it was `sending` is accepted all the same: Meta has it,
   * and a row Meta accepted is never shown as cancelled. Concurrent calls share one statement, rows locked in id order, each audited.
   * `hasParkedStatuses`: statuses for this wamid were parked (they arrived without callback data
   * before the wamid was known) as of this statement; the caller applies them only then. One parked
   * a moment later is picked up by the webhooks' periodic retry of parked statuses.
   */
  markAccepted(id: string, wamid: string, details: Record<string, unknown>, now: Date, parkedSince: Date): Promise<AcceptedRow | null> {
    return this.accepts.add({ id, wamid, details, now, parkedSince });
  }

  private readonly accepts = new Batcher<{ id: string; wamid: string; details: Record<string, unknown>; now: Date; parkedSince: Date }, AcceptedRow | null>(
    async (items) => {
      const seen = new Set<string>();
      const input = items.filter(({ id }) => !seen.has(id) && seen.add(id)).map(({ id, wamid, details, now }) => ({ id, wamid, details, at: now }));
      // Statuses still parked were received within WEBHOOK_FOREIGN_AFTER (older ones turn foreign): the
      // bound lets PostgreSQL look in those days' partitions only, not in a year of status events.
      const parkedSince = new Date(Math.min(...items.map((i) => i.parkedSince.getTime())));
      const raw = await preparedRows(
        this.dataSource,
        `WITH input AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, wamid text, details jsonb, at timestamptz)),
       old AS (
         SELECT m.id, m.state FROM outbound_messages m WHERE m.id = ANY($2::uuid[]) ORDER BY m.id FOR UPDATE),
       moved AS (
         UPDATE outbound_messages m
            SET state = 'accepted', wamid = i.wamid, accepted_at = i.at, updated_at = i.at, last_error = NULL
           FROM old JOIN input i ON i.id = old.id
          WHERE m.id = old.id AND (old.state = 'sending' OR (old.state = 'cancelled' AND m.sending_started_at IS NOT NULL AND m.wamid IS NULL))
          RETURNING m.*, old.state AS previous_state),
       audit AS (
         INSERT INTO outbound_message_events (message_id, from_state, to_state, actor, reason, details, at)
         SELECT mv.id, mv.previous_state, 'accepted', 'worker',
                CASE WHEN mv.previous_state = 'cancelled' THEN 'accepted by the Graph API after it was cancelled by hand' ELSE 'accepted by the Graph API' END,
                i.details, i.at
           FROM moved mv JOIN input i ON i.id = mv.id)
       SELECT mv.id, mv.previous_state = 'cancelled' AS was_cancelled, EXISTS (
           SELECT 1 FROM message_status_events e
            WHERE e.match_state = 'parked' AND e.phone_number_id = mv.phone_number_id AND e.wamid = mv.wamid AND e.received_at >= $3) AS has_parked_statuses
         FROM moved mv`,
        // The ids again as an array: `= ANY($2)` is planned as a primary-key lookup for any batch.
        // (`IN (SELECT id FROM input)` was costed at jsonb_to_recordset's guess of 100 rows, and the
        // plan cached on a small table scanned all of it, every batch, as it grew.)
        [JSON.stringify(input), input.map((i) => i.id), parkedSince],
      );
      const parked = new Set(raw.filter((r) => r.has_parked_statuses === true).map((r) => String(r.id)));
      const cancelled = new Set(raw.filter((r) => r.was_cancelled === true).map((r) => String(r.id)));
      return this.answerById(items, raw).map((row) =>
        row ? { id: row.id, hasParkedStatuses: parked.has(row.id), wasCancelled: cancelled.has(row.id) } : null,
      );
    },
  );

  /** A row a webhook already advanced past `sending` still gets its wamid recorded. */
  async recordWamidIfMissing(id: string, wamid: string): Promise<void> {
    await this.dataSource.query(`UPDATE outbound_messages SET wamid = $2 WHERE id = $1 AND wamid IS NULL`, [id, wamid]);
  }

  requeue(
    id: string,
    notBefore: Date,
    error: RowError,
    reason: string,
    now: Date,
    from: readonly OutboxState[] = ['sending'],
  ): Promise<OutboundMessage | null> {
    return this.move(
      {
        id,
        from,
        set: `state = 'queued', not_before = $3, last_error = $4, updated_at = $5`,
        params: [notBefore, error, now],
        audit: { to: 'queued', actor: 'worker', reason, details: { not_before: notBefore.toISOString(), error } },
      },
      now,
    );
  }

  /** Back to `queued` without spending an attempt (the account was paused, not the message). */
  requeueUncounted(id: string, error: RowError, reason: string, now: Date): Promise<OutboundMessage | null> {
    return this.move(
      {
        id,
        from: ['sending'],
        set: `state = 'queued', attempts = GREATEST(attempts - 1, 0), last_error = $3, updated_at = $4`,
        params: [error, now],
        audit: { to: 'queued', actor: 'worker', reason, details: { error } },
      },
      now,
    );
  }

  markFailed(id: string, error: RowError, actor: string, now: Date): Promise<OutboundMessage | null> {
    return this.move(
      {
        id,
        from: ['sending'],
        set: `state = 'failed', failed_at = $4, last_error = $3, updated_at = $4`,
        params: [error, now],
        audit: { to: 'failed', actor, reason: 'rejected by the Graph API', details: { error } },
      },
      now,
    );
  }

  markHeld(id: string, error: RowError, reason: string, now: Date): Promise<OutboundMessage | null> {
    return this.move(
      {
        id,
        from: ['sending', 'queued'],
        set: `state = 'held', last_error = $3, updated_at = $4`,
        params: [error, now],
        audit: { to: 'held', actor: 'worker', reason, details: { error } },
      },
      now,
    );
  }

  /**
   * A queued marketing row whose recipient opted out: held, if they still are. The contact is
   * share-locked so a resume committing meanwhile is seen (and a later one sees this row held).
   */
  holdOptedOut(id: string, error: RowError, reason: string, now: Date): Promise<OutboundMessage | null> {
    return this.move(
      {
        id,
        from: ['queued'],
        set: `state = 'held', last_error = $3, updated_at = $4`,
        params: [error, now],
        extraWhere: `AND EXISTS (SELECT 1 FROM contacts k WHERE k.phone_number_id = m.phone_number_id AND m.to_wa_id IN (k.wa_id, k.user_id) AND k.marketing_opt_out_at IS NOT NULL FOR SHARE)`,
        audit: { to: 'held', actor: 'worker', reason, details: { error } },
      },
      now,
    );
  }

  /** The window closed: the fallback template becomes the payload, and the row goes again. */
  useFallback(id: string, error: RowError, now: Date): Promise<OutboundMessage | null> {
    return this.move(
      {
        id,
        from: ['sending'],
        set: `state = 'queued', payload = jsonb_build_object('type', 'template', 'template', fallback_template),
            not_before = $4, last_error = $3, updated_at = $4`,
        params: [error, now],
        extraWhere: 'AND fallback_template IS NOT NULL',
        audit: { to: 'queued', actor: 'worker', reason: 'window closed: sending the fallback template', details: { error } },
      },
      now,
    );
  }

  /**
   * Tries of this row that threw before its claim since anything else happened to it (a retry by
   * hand after a fix starts the count again).
   */
  async prepareFailures(id: string): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      this.dataSource,
      `SELECT count(*)::int AS n FROM outbound_message_events e
        WHERE e.message_id = $1 AND e.reason LIKE $2
          AND e.at > COALESCE((SELECT max(o.at) FROM outbound_message_events o WHERE o.message_id = $1 AND o.reason NOT LIKE $2), '-infinity')`,
      [id, `${PREPARE_FAILED_REASON}%`],
    );
    return rows[0]?.n ?? 0;
  }

  /** It threw before its claim: tried again later (audited, counted by its audit entries). */
  async deferUnprepared(id: string, until: Date, error: RowError, now: Date): Promise<boolean> {
    const moved = await this.move(
      {
        id,
        from: ['queued'],
        set: `not_before = GREATEST(not_before, $3), last_error = $4, updated_at = $5`,
        params: [until, error, now],
        audit: { to: 'queued', actor: 'worker', reason: `${PREPARE_FAILED_REASON}: ${error.message}`, details: { error, not_before: until.toISOString() } },
      },
      now,
    );
    return moved !== null;
  }

  /** It threw before its claim too often: failed, a work item for a person; nothing was sent. */
  failUnprepared(id: string, error: RowError, now: Date): Promise<OutboundMessage | null> {
    return this.move(
      {
        id,
        from: ['queued'],
        set: `state = 'failed', failed_at = $4, last_error = $3, updated_at = $4`,
        params: [error, now],
        audit: { to: 'failed', actor: 'worker', reason: `${PREPARE_FAILED_REASON} too often: ${error.message}`, details: { error } },
      },
      now,
    );
  }

  /** The outcome is unknown: the row stays `sending` and only records why (one statement, audited). */
  async noteUnknownOutcome(id: string, error: RowError, now: Date): Promise<void> {
    await this.move(
      {
        id,
        from: ['sending'],
        set: `last_error = $3, updated_at = $4`,
        params: [error, now],
        audit: { to: 'sending', actor: 'worker', reason: 'outcome unknown: left for a webhook or a person', details: { error } },
      },
      now,
    );
  }

  /**
   * Cancels a row while it may still go (`queued` or `held`): one conditional UPDATE, so a cancel and
   * the worker's claim (`queued → sending`) cannot both win. Null when the row had moved on.
   */
  cancel(id: string, audit: Audit, now: Date): Promise<OutboundMessage | null> {
    return this.move(
      {
        id,
        from: [...CANCELLABLE_STATES],
        set: `state = 'cancelled', cancelled_at = $3, updated_at = $3`,
        params: [now],
        audit: { ...audit, to: 'cancelled' },
      },
      now,
    );
  }

  /** The row's expires_at has passed and it was not claimed: cancelled, `last_error.code` `expired`. */
  expire(id: string, now: Date): Promise<OutboundMessage | null> {
    return this.move(
      {
        id,
        from: [...CANCELLABLE_STATES],
        set: `state = 'cancelled', cancelled_at = $3, last_error = $4, updated_at = $3`,
        params: [now, EXPIRED_ERROR],
        extraWhere: 'AND m.expires_at <= $3',
        audit: { to: 'cancelled', actor: 'worker', reason: 'expired: not sent by its expires_at', details: { error: EXPIRED_ERROR } },
      },
      now,
    );
  }

  /** Rows past their expires_at that may still go, oldest deadline first (the expiry sweep). */
  async expiredIds(now: Date, limit: number): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `SELECT id FROM outbound_messages WHERE expires_at <= $1 AND expires_at IS NOT NULL AND state IN ('queued', 'held') ORDER BY expires_at LIMIT $2`,
      [now, limit],
    );
    return rows.map((r) => r.id);
  }

  /** A person's resolution of a row; conditional on the state they saw. */
  resolve(id: string, from: OutboxState, to: OutboxState, audit: Audit, now: Date): Promise<OutboundMessage | null> {
    const set: Record<string, string> = {
      sent: `state = 'sent', sent_at = COALESCE(sent_at, $3), updated_at = $3`,
      queued: `state = 'queued', not_before = $3, updated_at = $3`,
      cancelled: `state = 'cancelled', cancelled_at = $3, updated_at = $3`,
    };
    return this.move({ id, from: [from], set: set[to]!, params: [now], audit: { ...audit, to } }, now);
  }

  /**
   * What the sending gate needs of a row, in one statement: the row, the contact's time zone, the
   * customer-service window, whether sending is paused, and which of this user's due rows goes
   * first (priority, then not_before, then creation).
   */
  peek(id: string, now: Date): Promise<PeekedRow | null> {
    return this.peeks.add({ id, now });
  }

  /** Concurrent peeks share one statement: one round trip and one plan for many workers' rows. */
  private readonly peeks = new Batcher<{ id: string; now: Date }, PeekedRow | null>(async (items) => {
    const rows = await preparedRows<Record<string, unknown>>(this.dataSource, PEEK_SQL, [items.map((i) => i.id), items.map((i) => i.now)]);
    const byItem = new Map(rows.map((r) => [Number(r.item), r]));
    return items.map((_, i) => {
      const r = byItem.get(i + 1);
      return r ? peekedRow(r) : null;
    });
  });

  /**
   * The gate said "not until then" for a long wait (quiet hours, the messaging limit): the row stays
   * `queued`, due later, no attempt spent, audited, `last_error` saying why.
   */
  async defer(id: string, until: Date, reason: string, audit: { error: RowError }, now: Date): Promise<boolean> {
    const moved = await this.move(
      {
        id,
        from: ['queued'],
        set: `not_before = GREATEST(not_before, $3), last_error = $4, updated_at = $5`,
        params: [until, audit.error, now],
        audit: { to: 'queued', actor: 'policy', reason, details: { not_before: until.toISOString() } },
      },
      now,
    );
    return moved !== null;
  }

  /** Due `queued` rows of numbers that are not paused, for the sweeper to (re-)enqueue. */
  /**
   * Due rows in a stable order (not_before, id), from after `after` (a keyset cursor), so a sweep
   * goes on where the last batch ended instead of reading the same first rows again. The cursor's
   * time is PostgreSQL's own text (microseconds), which a JS Date would round.
   */
  async findDueQueued(until: Date, limit: number, after: DueCursor | null = null): Promise<DueRow[]> {
    const raw = await queryRows<{ id: string; not_before: Date; priority: number; cursor_at: string }>(
      this.dataSource,
      `SELECT m.id, m.not_before, m.priority, m.not_before::text AS cursor_at FROM outbound_messages m
        WHERE m.state = 'queued' AND m.not_before <= $1
          AND ($3::timestamptz IS NULL OR (m.not_before, m.id) > ($3::timestamptz, $4::uuid))
          AND NOT EXISTS (SELECT 1 FROM sending_pauses p
                           WHERE p.resumed_at IS NULL AND (p.scope = 'account' OR p.phone_number_id = m.phone_number_id))
        ORDER BY m.not_before, m.id
        LIMIT $2`,
      [until, limit, after?.at ?? null, after?.id ?? null],
    );
    return raw.map((r) => ({ id: r.id, notBefore: r.not_before, priority: r.priority, cursor: { at: r.cursor_at, id: r.id } }));
  }

  async findStuckSending(olderThan: Date, limit: number): Promise<OutboundMessage[]> {
    return this.dataSource
      .getRepository(OutboundMessage)
      .createQueryBuilder('m')
      .where(`m.state = 'sending' AND m.sending_started_at < :olderThan`, { olderThan })
      .orderBy('m.sending_started_at', 'ASC')
      .limit(limit)
      .getMany();
  }

  async findByState(state: OutboxState, limit: number): Promise<OutboundMessage[]> {
    return this.dataSource.getRepository(OutboundMessage).find({ where: { state }, order: { updatedAt: 'ASC' }, take: limit });
  }

  /** Deletes finished rows whose dedupe window has passed; never a younger key. */
  async purgeExpired(now: Date, limit: number): Promise<number> {
    const raw = await preparedRows(
      this.dataSource,
      `DELETE FROM outbound_messages WHERE id IN (
         SELECT id FROM outbound_messages
          WHERE retain_until < $1 AND ${IS_FINISHED_SQL}
          LIMIT $2)
       RETURNING id`,
      [now, limit],
    );
    return raw.length;
  }

  /**
   * For queued rows' "why not yet": whether each recipient's number (or the account) is paused,
   * when that number last sent to the recipient, and the contact's own time zone when it has one.
   * Concurrent callers (every POST /v1/messages answers with its row's wait) share one prepared
   * statement; a page of a list is one call.
   */
  async waitFacts(pairs: readonly RecipientPair[]): Promise<Map<string, WaitFacts>> {
    if (pairs.length === 0) return new Map();
    return this.waitFactBatches.add(pairs);
  }

  private readonly waitFactBatches = new Batcher<readonly RecipientPair[], Map<string, WaitFacts>>(async (groups) => {
    const unique = new Map(groups.flat().map((p) => [recipientKey(p), p]));
    const rows = await preparedRows<{ phone_number_id: string; wa_id: string; paused: boolean; last_sent_at: Date | null; time_zone: string | null }>(
      this.dataSource,
      `SELECT p.phone_number_id, p.wa_id,
              EXISTS (SELECT 1 FROM sending_pauses s
                       WHERE s.resumed_at IS NULL AND (s.scope = 'account' OR s.phone_number_id = p.phone_number_id)) AS paused,
              (SELECT max(o.accepted_at) FROM outbound_messages o WHERE o.phone_number_id = p.phone_number_id AND o.to_wa_id = p.wa_id AND o.accepted_at IS NOT NULL) AS last_sent_at,
              (SELECT k.time_zone FROM contacts k WHERE k.phone_number_id = p.phone_number_id AND p.wa_id IN (k.wa_id, k.user_id) AND k.time_zone IS NOT NULL LIMIT 1) AS time_zone
         FROM unnest($1::text[], $2::text[]) AS p(phone_number_id, wa_id)`,
      [[...unique.values()].map((p) => p.phoneNumberId), [...unique.values()].map((p) => p.waId)],
    );
    const all = new Map<string, WaitFacts>();
    for (const r of rows)
      all.set(`${r.phone_number_id}:${r.wa_id}`, {
        paused: r.paused === true,
        lastSentAt: r.last_sent_at ? new Date(r.last_sent_at) : null,
        timeZone: r.time_zone,
      });
    return groups.map((group) => new Map(group.map((p) => [recipientKey(p), all.get(recipientKey(p)) ?? { paused: false, lastSentAt: null, timeZone: null }])));
  });

  /**
   * Every status webhook that named this message, in the order they happened (Meta's time). Only
   * the days from the message's making on can hold one (an hour's slack for clocks): the bound
   * spares planning and probing a year of daily partitions.
   */
  statusEvents(
    id: string,
    createdAt: Date,
  ): Promise<{ status: string; occurred_at: Date | null; received_at: Date; merge_result: string | null; errors: unknown }[]> {
    return queryRows(
      this.dataSource,
      `SELECT status, occurred_at, received_at, merge_result, errors FROM message_status_events
        WHERE message_id = $1 AND received_at >= $2 ORDER BY occurred_at NULLS LAST, received_at, id`,
      [id, statusesReceivedFrom(createdAt)],
    );
  }

  /** Inbound ids the conversations attributed to each of these messages (reactions excluded), oldest first: read, never written here. */
  async repliesFor(messageIds: readonly string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>(messageIds.map((id) => [id, []]));
    if (messageIds.length === 0) return map;
    const rows = await queryRows<{ message_id: string; inbound_message_id: string }>(
      this.dataSource,
      `SELECT message_id, inbound_message_id FROM inbound_attributions WHERE message_id = ANY($1::uuid[]) AND reason <> 'reaction' ORDER BY created_at, inbound_message_id`,
      [messageIds],
    );
    for (const r of rows) map.get(r.message_id)?.push(r.inbound_message_id);
    return map;
  }
  async history(id: string): Promise<HistoryRow[]> {
    return this.dataSource.query(`SELECT from_state, to_state, actor, reason, details, at FROM outbound_message_events WHERE message_id = $1 ORDER BY id`, [
      id,
    ]);
  }

  /** One answer per caller, in order: the moved row for the first caller of each id, else null. */
  private answerById(items: readonly { id: string }[], raw: Record<string, unknown>[]): (OutboundMessage | null)[] {
    const byId = new Map(this.rows(raw).map((r) => [r.id, r]));
    return items.map(({ id }) => {
      const row = byId.get(id) ?? null;
      byId.delete(id);
      return row;
    });
  }

  /**
   * One statement, atomic on its own (no explicit transaction): lock the row so the audit records
   * the state it really left, move it only if that state is one of `from`, and write the audit
   * entry from the moved row. Nothing moved → no audit row, null.
   */
  private async move(move: Move, now: Date): Promise<OutboundMessage | null> {
    const n = 3 + move.params.length;
    const raw = await preparedRows(
      this.dataSource,
      `WITH old AS (SELECT id, state FROM outbound_messages WHERE id = $1 FOR UPDATE),
       moved AS (
         UPDATE outbound_messages m SET ${move.set}
           FROM old
          WHERE m.id = old.id AND old.state = ANY($2::text[]) ${move.extraWhere ?? ''}
          RETURNING m.*, old.state AS previous_state),
       audit AS (
         INSERT INTO outbound_message_events (message_id, from_state, to_state, actor, reason, details, at)
         SELECT id, previous_state, COALESCE($${n}::text, state), $${n + 1}, $${n + 2}, $${n + 3}, $${n + 4} FROM moved)
       SELECT * FROM moved`,
      [move.id, move.from, ...move.params, move.audit.to, move.audit.actor, move.audit.reason, move.audit.details ?? null, now],
    );
    return this.rows(raw)[0] ?? null;
  }
}

function peekedRow(r: Record<string, unknown>): PeekedRow {
  return {
    id: r.id as string,
    state: r.state as OutboxState,
    phoneNumberId: r.phone_number_id as string,
    to: r.to as string,
    toWaId: r.to_wa_id as string,
    purpose: r.purpose as string,
    payloadType: r.payload_type as string,
    payloadCategory: (r.payload_category as string | null) ?? null,
    expiresAt: r.expires_at ? new Date(r.expires_at as string) : null,
    priority: Number(r.priority),
    notBefore: new Date(r.not_before as string),
    createdAt: new Date(r.created_at as string),
    contactTimeZone: (r.contact_time_zone as string | null) ?? null,
    windowOpenUntil: r.window_open_until ? new Date(r.window_open_until as string) : null,
    paused: r.paused === true,
    pairHeadId: (r.pair_head_id as string | null) ?? null,
    marketingOptOutAt: r.marketing_opt_out_at ? new Date(r.marketing_opt_out_at as string) : null,
    templateCategory: (r.template_category as string | null) ?? null,
  };
}
