import { Injectable } from '@nestjs/common';
import type { OutboxState, RowError } from '@sendbook/queue';
import { DataSource, type EntityManager } from 'typeorm';
import { queryRows } from '../../database/query-rows.js';
import { mapRawRow } from '../../database/raw-rows.js';
import { OutboundMessage } from './outbound-message.entity.js';

export interface NewOutboundMessage {
  dedupeKey: string;
  to: string;
  toWaId: string;
  purpose: string;
  triggerRef: string | null;
  payload: Record<string, unknown>;
  contentHash: string;
  fallbackTemplate: Record<string, unknown> | null;
  priority: number;
  phoneNumberId: string;
  notBefore: Date;
  retainUntil: Date;
}

export interface Audit {
  actor: string;
  reason: string;
  details?: Record<string, unknown> | null;
}

export interface ListFilter {
  dedupeKey?: string;
  triggerRef?: string;
  state?: OutboxState;
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
   */
  async insertIfAbsent(row: NewOutboundMessage, audit: Audit, now: Date): Promise<OutboundMessage | null> {
    const raw = await queryRows(
      this.dataSource,
      `WITH inserted AS (
         INSERT INTO outbound_messages
           (dedupe_key, "to", to_wa_id, purpose, trigger_ref, payload, content_hash, fallback_template,
            priority, phone_number_id, state, not_before, retain_until, created_at, updated_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,'queued',$11,$12,$13,$13)
         ON CONFLICT (dedupe_key) DO NOTHING
         RETURNING *),
       audit AS (
         INSERT INTO outbound_message_events (message_id, from_state, to_state, actor, reason, details, at)
         SELECT id, NULL, 'queued', $14, $15, $16, $13 FROM inserted)
       SELECT * FROM inserted`,
      [
        row.dedupeKey,
        row.to,
        row.toWaId,
        row.purpose,
        row.triggerRef,
        row.payload,
        row.contentHash,
        row.fallbackTemplate,
        row.priority,
        row.phoneNumberId,
        row.notBefore,
        row.retainUntil,
        now,
        audit.actor,
        audit.reason,
        audit.details ?? null,
      ],
    );
    return this.rows(raw)[0] ?? null;
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
    if (filter.state !== undefined) qb.andWhere('m.state = :state', { state: filter.state });
    if (filter.after) qb.andWhere('(m.created_at, m.id) < (:createdAt, :id)', filter.after);
    return qb.orderBy('m.created_at', 'DESC').addOrderBy('m.id', 'DESC').limit(filter.limit).getMany();
  }

  /**
   * The claim: one conditional UPDATE `queued → sending`. A second worker, or the same job
   * delivered twice, finds nothing to claim. Paused numbers are not claimed.
   */
  async claim(id: string, now: Date): Promise<OutboundMessage | null> {
    return this.move({
      id,
      from: ['queued'],
      set: `state = 'sending', attempts = attempts + 1, sending_started_at = $3, updated_at = $3`,
      params: [now],
      extraWhere: `AND not_before <= $3 AND NOT EXISTS (
          SELECT 1 FROM sending_pauses p
          WHERE p.resumed_at IS NULL AND (p.scope = 'account' OR p.phone_number_id = m.phone_number_id))`,
      audit: { to: 'sending', actor: 'worker', reason: 'claimed for sending' },
    }, now);
  }

  /** Meta accepted: store the wamid. A status webhook may already have moved the row further. */
  markAccepted(id: string, wamid: string, details: Record<string, unknown>, now: Date): Promise<OutboundMessage | null> {
    return this.move({
      id,
      from: ['sending'],
      set: `state = 'accepted', wamid = $3, accepted_at = $4, updated_at = $4, last_error = NULL`,
      params: [wamid, now],
      audit: { to: 'accepted', actor: 'worker', reason: 'accepted by the Graph API', details },
    }, now);
  }

  /** A row a webhook already advanced past `sending` still gets its wamid recorded. */
  async recordWamidIfMissing(id: string, wamid: string): Promise<void> {
    await this.dataSource.query(`UPDATE outbound_messages SET wamid = $2 WHERE id = $1 AND wamid IS NULL`, [id, wamid]);
  }

  requeue(id: string, notBefore: Date, error: RowError, reason: string, now: Date, from: readonly OutboxState[] = ['sending']): Promise<OutboundMessage | null> {
    return this.move({
      id,
      from,
      set: `state = 'queued', not_before = $3, last_error = $4, updated_at = $5`,
      params: [notBefore, error, now],
      audit: { to: 'queued', actor: 'worker', reason, details: { not_before: notBefore.toISOString(), error } },
    }, now);
  }

  /** Back to `queued` without spending an attempt (the account was paused, not the message). */
  requeueUncounted(id: string, error: RowError, reason: string, now: Date): Promise<OutboundMessage | null> {
    return this.move({
      id,
      from: ['sending'],
      set: `state = 'queued', attempts = GREATEST(attempts - 1, 0), last_error = $3, updated_at = $4`,
      params: [error, now],
      audit: { to: 'queued', actor: 'worker', reason, details: { error } },
    }, now);
  }

  markFailed(id: string, error: RowError, actor: string, now: Date): Promise<OutboundMessage | null> {
    return this.move({
      id,
      from: ['sending'],
      set: `state = 'failed', failed_at = $4, last_error = $3, updated_at = $4`,
      params: [error, now],
      audit: { to: 'failed', actor, reason: 'rejected by the Graph API', details: { error } },
    }, now);
  }

  markHeld(id: string, error: RowError, reason: string, now: Date): Promise<OutboundMessage | null> {
    return this.move({
      id,
      from: ['sending', 'queued'],
      set: `state = 'held', last_error = $3, updated_at = $4`,
      params: [error, now],
      audit: { to: 'held', actor: 'worker', reason, details: { error } },
    }, now);
  }

  /** The window closed: the fallback template becomes the payload, and the row goes again. */
  useFallback(id: string, error: RowError, now: Date): Promise<OutboundMessage | null> {
    return this.move({
      id,
      from: ['sending'],
      set: `state = 'queued', payload = jsonb_build_object('type', 'template', 'template', fallback_template),
            not_before = $4, last_error = $3, updated_at = $4`,
      params: [error, now],
      extraWhere: 'AND fallback_template IS NOT NULL',
      audit: { to: 'queued', actor: 'worker', reason: 'window closed: sending the fallback template', details: { error } },
    }, now);
  }

  /** The outcome is unknown: the row stays `sending` and only records why. */
  async noteUnknownOutcome(id: string, error: RowError, now: Date): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await tx.query(`UPDATE outbound_messages SET last_error = $2, updated_at = $3 WHERE id = $1 AND state = 'sending'`, [id, error, now]);
      await this.audit(tx, id, 'sending', 'sending', { actor: 'worker', reason: 'outcome unknown: left for a webhook or a person', details: { error } }, now);
    });
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

  /** Due `queued` rows of numbers that are not paused, for the sweeper to (re-)enqueue. */
  async findDueQueued(until: Date, limit: number): Promise<Pick<OutboundMessage, 'id' | 'notBefore' | 'priority'>[]> {
    const raw = await queryRows<{ id: string; not_before: Date; priority: number }>(
      this.dataSource,
      `SELECT m.id, m.not_before, m.priority FROM outbound_messages m
        WHERE m.state = 'queued' AND m.not_before <= $1
          AND NOT EXISTS (SELECT 1 FROM sending_pauses p
                           WHERE p.resumed_at IS NULL AND (p.scope = 'account' OR p.phone_number_id = m.phone_number_id))
        ORDER BY m.not_before, m.priority DESC, m.created_at
        LIMIT $2`,
      [until, limit],
    );
    return raw.map((r) => ({ id: r.id, notBefore: r.not_before, priority: r.priority }));
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
    const raw = await queryRows(
      this.dataSource,
      `DELETE FROM outbound_messages WHERE id IN (
         SELECT id FROM outbound_messages
          WHERE retain_until < $1 AND state IN ('accepted','sent','delivered','read','played','failed','cancelled')
          LIMIT $2)
       RETURNING id`,
      [now, limit],
    );
    return raw.length;
  }

  async history(id: string): Promise<Record<string, unknown>[]> {
    return this.dataSource.query(
      `SELECT from_state, to_state, actor, reason, details, at FROM outbound_message_events WHERE message_id = $1 ORDER BY id`,
      [id],
    );
  }

  private async move(move: Move, now: Date): Promise<OutboundMessage | null> {
    return this.dataSource.transaction(async (tx) => {
      // Lock the row first so the audit records the state it really left.
      const raw = await queryRows(
        tx,
        `WITH old AS (SELECT id, state FROM outbound_messages WHERE id = $1 FOR UPDATE)
         UPDATE outbound_messages m SET ${move.set}
           FROM old
          WHERE m.id = old.id AND old.state = ANY($2::text[]) ${move.extraWhere ?? ''}
          RETURNING m.*, old.state AS previous_state`,
        [move.id, move.from, ...move.params],
      );
      const first = raw[0];
      if (!first) return null;
      const row = mapRawRow<OutboundMessage>(this.metadata, first);
      await this.audit(tx, move.id, String(first.previous_state), move.audit.to ?? row.state, move.audit, now);
      return row;
    });
  }

  private async audit(tx: EntityManager, messageId: string, from: string | null, to: string, audit: Audit, now: Date): Promise<void> {
    await tx.query(
      `INSERT INTO outbound_message_events (message_id, from_state, to_state, actor, reason, details, at) VALUES ($1,$2,$3,$4,$5,$6,$7)`,
      [messageId, from, to, audit.actor, audit.reason, audit.details ?? null, now],
    );
  }
}
