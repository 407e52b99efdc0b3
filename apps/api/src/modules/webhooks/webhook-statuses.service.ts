import { Inject, Injectable } from '@nestjs/common';
import { isMarketingOptOutFailure, parkedStatusesReceivedFrom, pricedMessageOf, pricingLabel } from '@sendbook/queue';
import { isBsuid, toGraphError, type StatusEvent } from '@sendbook/whatsapp';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { EventsPublisher } from '../events/events.publisher.js';
import { MarketingPreferenceEffects, type MarketingRecipient } from '../conversations/marketing-preference-effects.service.js';
import { CountersRepository, type CounterRow } from '../metrics/counters.repository.js';
import { callbackRowId, fromUnixSeconds, mergeIntoRow, type StatusMerge, type StatusRow } from './domain/status-apply.js';
import { PRICING_COUNTERS, WEBHOOK_COUNTERS } from '../metrics/metric-names.js';
import { lockStatusRows, writeStatuses, type NewStatusEvent, type StatusRowFacts, type StatusRowWrite } from '../outbox/outbound-status-writes.js';
import { WebhooksRepository, type ParkedStatus } from './webhooks.repository.js';
import { CancelledButSent } from '../outbox/cancelled-but-sent.service.js';

/**
 * Status webhooks → outbound rows. Merged by rank (never downgrade, `failed` wins and is final),
 * every event kept in `message_status_events`. A status for a wamid we do not know is matched by
 * the row id we sent as biz_opaque_callback_data (healing rows stuck in `sending`), else parked
 * until the wamid appears, else, after a while, counted as foreign.
 */
@Injectable()
export class WebhookStatusesService {
  constructor(
    private readonly repo: WebhooksRepository,
    private readonly counters: CountersRepository,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    private readonly events: EventsPublisher,
    private readonly marketing: MarketingPreferenceEffects,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cancelledButSent: CancelledButSent,
  ) {}

  /**
   * Applies a delivery's claimed status events inside the claims' transaction, in a fixed number of
   * statements however many there are: the rows they name locked at once, the merges done in
   * memory in delivery order (each status as the one-at-a-time path would apply it), then the rows,
   * their audit and the history written, each in one statement.
   */
  async applyMany(tx: EntityManager, events: readonly StatusEvent[], deliveryId: string, receivedAt: Date, now: Date): Promise<void> {
    if (events.length === 0) return;
    const phoneNumberIds = events.every((e) => e.phoneNumberId !== null) ? [...new Set(events.map((e) => e.phoneNumberId!))] : null;
    const wamids = [...new Set(events.map((e) => e.status.id).filter((w) => w !== ''))];
    const rowIds = [...new Set(events.map((e) => callbackRowId(e.status.bizOpaqueCallbackData)).filter((id): id is string => id !== null))];
    const locked = await lockStatusRows(tx, phoneNumberIds, wamids, rowIds);
    const rows = new Map(locked.map((r) => [r.id, { facts: r, row: toStatusRow(r) }]));
    const audits: TransitionAudit[] = [];
    const history: NewStatusEvent[] = [];
    const parked = new Map<string, number>();
    const optedOut: { recipient: MarketingRecipient; at: Date }[] = [];
    for (const event of events) {
      const s = event.status;
      const target = findTarget(locked, event.phoneNumberId, s.id, callbackRowId(s.bizOpaqueCallbackData));
      const row = target ? rows.get(target.id)!.row : null;
      const at = fromUnixSeconds(s.timestamp) ?? receivedAt;
      let mergeResult: string | null = null;
      if (row) {
        const merge = mergeIntoRow(row, { status: s.status, wamid: s.id, at, errors: s.errors, pricing: pricingOf(s.raw) });
        mergeResult = merge.result;
        if (merge.transition) audits.push(this.transitioned(tx, row, merge.transition, s.id, event.key, at));
        // 131050: the user stopped marketing from us, which holds their other marketing rows.
        if (merge.transition?.to === 'failed' && isMarketingOptOutFailure(s.errors)) optedOut.push({ recipient: recipientOf(target!, s), at });
      } else {
        parked.set(s.status, (parked.get(s.status) ?? 0) + 1);
        this.logger.event('debug', 'webhook.status_parked', { key: event.key, wamid: s.id, status: s.status });
      }
      history.push(statusEventRow(event, deliveryId, receivedAt, row?.id ?? null, mergeResult, now));
    }
    const writes = [...rows.values()].filter(({ row }) => row.changed);
    const written = await writeStatuses(
      tx,
      writes.map(({ facts, row }) => statusRowWrite(facts, row)),
      audits,
      history,
      now,
    );
    // Locked FOR UPDATE, so never: but if a row did move, nothing of this delivery may commit.
    if (written !== writes.length) throw new Error(`${writes.length - written} outbound row(s) changed under their lock`);
    for (const [status, count] of parked) await this.counters.increment(WEBHOOK_COUNTERS.parkedStatus, status, now, count, tx);
    for (const o of optedOut) await this.marketing.optOut(tx, o.recipient, o.at, 'error_131050', now);
    // Last, so the counter rows a campaign's statuses share stay locked only until the commit.
    await this.counters.incrementMany(firstPricings(writes, now), tx);
  }

  /**
   * Applies the statuses parked for a wamid now that an outbound row carries it. Call it when the
   * wamid is recorded (the sender); a periodic retry calls it too, so nothing depends on that.
   * Returns how many parked statuses were applied.
   */
  async applyParkedFor(phoneNumberId: string, wamid: string): Promise<number> {
    const now = this.clock.now();
    return this.repo.transaction(async (tx) => {
      const [facts] = await lockStatusRows(tx, [phoneNumberId], [wamid], []);
      if (!facts) return 0;
      const parked = await this.repo.lockParked(tx, phoneNumberId, wamid, parkedStatusesReceivedFrom(now, this.config.webhooks.foreignAfterMs));
      const row = toStatusRow(facts);
      const audits: TransitionAudit[] = [];
      const matched: { parked: ParkedStatus; mergeResult: string }[] = [];
      let optedOutAt: Date | null = null;
      for (const p of parked) {
        const at = p.occurredAt ?? p.receivedAt;
        const errors = (p.errors ?? []).map(toGraphError);
        const merge = mergeIntoRow(row, { status: p.status, wamid, at, errors, pricing: p.pricing });
        if (merge.transition) audits.push(this.transitioned(tx, row, merge.transition, wamid, p.eventKey, at));
        // A 131050 that arrived before the wamid was recorded opts the user out all the same.
        if (merge.transition?.to === 'failed' && isMarketingOptOutFailure(errors)) optedOutAt = at;
        matched.push({ parked: p, mergeResult: merge.result });
      }
      const writes = row.changed ? [statusRowWrite(facts, row)] : [];
      if ((await writeStatuses(tx, writes, audits, [], now)) !== writes.length) throw new Error('an outbound row changed under its lock');
      for (const m of matched) await this.repo.markParkedMatched(tx, m.parked, row.id, m.mergeResult, now);
      if (optedOutAt) await this.marketing.optOut(tx, recipientOf(facts, null), optedOutAt, 'error_131050', now);
      await this.counters.incrementMany(firstPricings(row.changed ? [{ facts, row }] : [], now), tx);
      if (parked.length > 0)
        this.logger.event('info', 'webhook.parked_applied', { phone_number_id: phoneNumberId, wamid, statuses: parked.length, message_id: row.id });
      return parked.length;
    });
  }

  /** The periodic retry of parked statuses, then the expiry of those that never matched. */
  async retryParked(): Promise<{ applied: number; foreign: number }> {
    let applied = 0;
    const since = parkedStatusesReceivedFrom(this.clock.now(), this.config.webhooks.foreignAfterMs);
    for (const { phoneNumberId, wamid } of await this.repo.findMatchableParked(500, since)) applied += await this.applyParkedFor(phoneNumberId, wamid);
    const now = this.clock.now();
    const foreign = await this.repo.expireParked(new Date(now.getTime() - this.config.webhooks.foreignAfterMs), 5000);
    const byStatus = new Map<string, number>();
    for (const f of foreign) byStatus.set(f.status, (byStatus.get(f.status) ?? 0) + 1);
    for (const [status, count] of byStatus) await this.counters.increment(WEBHOOK_COUNTERS.foreignStatus, status, now, count);
    if (foreign.length > 0)
      this.logger.event('info', 'webhook.foreign_statuses', {
        count: foreign.length,
        note: 'statuses of messages Sendbook did not send (another app or WhatsApp Manager)',
      });
    return { applied, foreign: foreign.length };
  }

  /**
   * The one place a webhook status moves an outbound row (a delivery's statuses and parked ones
   * alike), inside the transaction that writes it: the live events it raises once that commits, and
   * the audit row to write with it.
   */
  private transitioned(
    tx: EntityManager,
    row: StatusRow,
    t: NonNullable<StatusMerge['transition']>,
    statusWamid: string,
    eventKey: string,
    at: Date,
  ): TransitionAudit {
    const wamid = statusWamid === '' ? null : statusWamid;
    this.events.afterCommit(tx, 'message.status', { message_id: row.id, state: t.to, previous_state: t.from, wamid: row.wamid ?? wamid, source: 'webhook' });
    if (t.to === 'failed') this.events.afterCommit(tx, 'work_item.changed', { kind: 'failed', change: 'created', message_id: row.id });
    // Cancelled by hand while it was being sent, and Meta has it: a person must know.
    if (t.from === 'cancelled')
      this.events.runAfterCommit(tx, () => {
        this.cancelledButSent
          .raise(row.id, null, row.wamid ?? wamid, `status ${t.to}`)
          .catch((error: unknown) => this.logger.event('error', 'outbox.cancelled_but_sent_alert_failed', { message_id: row.id, error: String(error) }));
      });
    return {
      messageId: row.id,
      from: t.from,
      to: t.to,
      reason: `status ${t.to} from webhook`,
      details: { wamid, event_key: eventKey, meta_timestamp: at.toISOString(), ...(t.error ? { error: t.error } : {}) },
    };
  }
}

/** Who a status is about: what Meta says (phone, user id), else the address the row was sent to. */
function recipientOf(row: StatusRowFacts, status: StatusEvent['status'] | null): MarketingRecipient {
  const byBsuid = isBsuid(row.to_wa_id);
  return {
    phoneNumberId: row.phone_number_id,
    waId: status?.recipientId ?? (byBsuid ? null : row.to_wa_id),
    userId: status?.recipientUserId ?? (byBsuid ? row.to_wa_id : null),
  };
}

type TransitionAudit = { messageId: string; from: string; to: string; reason: string; details: Record<string, unknown> };

function statusRowWrite(facts: StatusRowFacts, row: StatusRow): StatusRowWrite {
  return {
    id: row.id,
    expected: facts.state,
    state: row.state,
    sentAt: row.times.sent,
    deliveredAt: row.times.delivered,
    readAt: row.times.read,
    playedAt: row.times.played,
    failedAt: row.times.failed,
    wamid: row.wamid,
    lastError: row.lastError,
    pricing: row.pricing,
  };
}

/**
 * Rows whose pricing these writes record for the first time (none → Meta's object): each message
 * counted once, with its write, under what it was priced as. A later status with other pricing
 * updates the row (the message shows the latest) but is not counted again: the counts only grow, as
 * Prometheus counters must, and Meta's first word is the one its sent status gives.
 */
function firstPricings(writes: readonly { facts: StatusRowFacts; row: StatusRow }[], now: Date): CounterRow[] {
  return writes.flatMap(({ facts, row }) => {
    if (facts.pricing !== null || row.pricing === null) return [];
    const priced = pricedMessageOf(row.pricing, { phoneNumberId: facts.phone_number_id, to: facts.to, campaign: facts.campaign, createdBy: facts.created_by });
    return priced ? [{ metric: PRICING_COUNTERS.pricedMessages, label: pricingLabel(priced), at: now, count: 1 }] : [];
  });
}

/** A status's `pricing` object, when it carried one. */
function pricingOf(raw: unknown): Record<string, unknown> | null {
  const pricing = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>).pricing : null;
  return typeof pricing === 'object' && pricing !== null && !Array.isArray(pricing) ? (pricing as Record<string, unknown>) : null;
}

function toStatusRow(r: StatusRowFacts): StatusRow {
  return {
    id: r.id,
    state: r.state,
    wamid: r.wamid,
    times: { sent: r.sent_at, delivered: r.delivered_at, read: r.read_at, played: r.played_at, failed: r.failed_at },
    lastError: null,
    pricing: r.pricing,
    changed: false,
  };
}

/** The row a status names: by wamid (on its number), else by our row id echoed in biz_opaque_callback_data. */
function findTarget(rows: readonly StatusRowFacts[], phoneNumberId: string | null, wamid: string, rowId: string | null): StatusRowFacts | null {
  const onNumber = (r: StatusRowFacts) => phoneNumberId === null || r.phone_number_id === phoneNumberId;
  return (
    (wamid !== '' ? rows.find((r) => r.wamid === wamid && onNumber(r)) : undefined) ??
    (rowId !== null ? rows.find((r) => r.id === rowId && onNumber(r)) : undefined) ??
    null
  );
}

function statusEventRow(
  event: StatusEvent,
  deliveryId: string,
  receivedAt: Date,
  messageId: string | null,
  mergeResult: string | null,
  now: Date,
): NewStatusEvent {
  const s = event.status;
  return {
    eventKey: event.key,
    deliveryId,
    messageId,
    phoneNumberId: event.phoneNumberId ?? '',
    wamid: s.id,
    status: s.status,
    occurredAt: fromUnixSeconds(s.timestamp),
    receivedAt,
    recipientId: s.recipientId,
    recipientUserId: s.recipientUserId,
    bizOpaqueCallbackData: s.bizOpaqueCallbackData,
    conversation: s.conversation && (s.raw.conversation ?? null),
    pricing: s.pricing && (s.raw.pricing ?? null),
    errors: s.errors.length > 0 ? s.raw.errors : null,
    raw: s.raw,
    matchState: messageId ? 'matched' : 'parked',
    mergeResult,
    matchedAt: messageId ? now : null,
  };
}
