import { Inject, Injectable } from '@nestjs/common';
import { isMessageState, mergeStatus, toGraphError, type StatusEvent, type WebhookError } from '@sendbook/whatsapp';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { EventsPublisher } from '../events/events.publisher.js';
import { CountersRepository } from '../metrics/counters.repository.js';
import { advanceableFrom, callbackRowId, fromUnixSeconds, isApplicableStatus, rowErrorOf } from './domain/status-apply.js';
import { WEBHOOK_COUNTERS } from '../metrics/metric-names.js';
import { WebhooksRepository, type StatusTarget } from './webhooks.repository.js';

interface IncomingStatus {
  eventKey: string;
  status: string;
  wamid: string;
  at: Date;
  errors: readonly WebhookError[];
}

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
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Applies one claimed status event inside the claim's transaction. */
  async apply(tx: EntityManager, event: StatusEvent, deliveryId: string, receivedAt: Date, now: Date): Promise<void> {
    const s = event.status;
    const wamid = s.id;
    const target = await this.repo.lockStatusTarget(tx, event.phoneNumberId, wamid, callbackRowId(s.bizOpaqueCallbackData));
    const incoming: IncomingStatus = { eventKey: event.key, status: s.status, wamid, at: fromUnixSeconds(s.timestamp) ?? receivedAt, errors: s.errors };
    const merge = target ? await this.applyToRow(tx, target, incoming, now) : null;
    await this.repo.insertStatusEvent(tx, {
      eventKey: event.key,
      deliveryId,
      messageId: target?.id ?? null,
      phoneNumberId: event.phoneNumberId ?? '',
      wamid,
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
      matchState: target ? 'matched' : 'parked',
      mergeResult: merge,
      matchedAt: target ? now : null,
    });
    if (!target) {
      await this.counters.increment(WEBHOOK_COUNTERS.parkedStatus, s.status, now, 1, tx);
      this.logger.event('debug', 'webhook.status_parked', { key: event.key, wamid, status: s.status });
    }
  }

  /**
   * Applies the statuses parked for a wamid now that an outbound row carries it. Call it when the
   * wamid is recorded (the sender); a periodic retry calls it too, so nothing depends on that.
   * Returns how many parked statuses were applied.
   */
  async applyParkedFor(phoneNumberId: string, wamid: string): Promise<number> {
    const now = this.clock.now();
    return this.repo.transaction(async (tx) => {
      const target = await this.repo.lockStatusTarget(tx, phoneNumberId, wamid, null);
      if (!target) return 0;
      const parked = await this.repo.lockParked(tx, phoneNumberId, wamid);
      const row = { ...target };
      for (const p of parked) {
        const errors = (p.errors ?? []).map(toGraphError);
        const merge = await this.applyToRow(tx, row, { eventKey: p.eventKey, status: p.status, wamid, at: p.occurredAt ?? p.receivedAt, errors }, now);
        await this.repo.markParkedMatched(tx, p.id, row.id, merge, now);
      }
      if (parked.length > 0) this.logger.event('info', 'webhook.parked_applied', { phone_number_id: phoneNumberId, wamid, statuses: parked.length, message_id: row.id });
      return parked.length;
    });
  }

  /** The periodic retry of parked statuses, then the expiry of those that never matched. */
  async retryParked(): Promise<{ applied: number; foreign: number }> {
    let applied = 0;
    for (const { phoneNumberId, wamid } of await this.repo.findMatchableParked(500)) applied += await this.applyParkedFor(phoneNumberId, wamid);
    const now = this.clock.now();
    const foreign = await this.repo.expireParked(new Date(now.getTime() - this.config.webhooks.foreignAfterMs), 5000);
    const byStatus = new Map<string, number>();
    for (const f of foreign) byStatus.set(f.status, (byStatus.get(f.status) ?? 0) + 1);
    for (const [status, count] of byStatus) await this.counters.increment(WEBHOOK_COUNTERS.foreignStatus, status, now, count);
    if (foreign.length > 0) this.logger.event('info', 'webhook.foreign_statuses', { count: foreign.length, note: 'statuses of messages Sendbook did not send (another app or WhatsApp Manager)' });
    return { applied, foreign: foreign.length };
  }

  /** Rank merge on a locked row; `row.state` follows the change. Returns what the merge did. */
  private async applyToRow(tx: EntityManager, row: StatusTarget, incoming: IncomingStatus, now: Date): Promise<string> {
    const applicable = isApplicableStatus(incoming.status) ? incoming.status : null;
    const wamid = incoming.wamid === '' ? null : incoming.wamid;
    const merge = isMessageState(row.state) ? mergeStatus(row.state, incoming.status) : { apply: false, reason: 'not_on_ladder' as const };
    if (merge.apply && applicable) {
      const error = applicable === 'failed' ? rowErrorOf(incoming.errors) : null;
      if (await this.repo.advance(tx, row.id, applicable, advanceableFrom(applicable), incoming.at, wamid, error, now)) {
        await this.repo.auditTransition(tx, row.id, row.state, applicable, `status ${applicable} from webhook`, {
          wamid,
          event_key: incoming.eventKey,
          meta_timestamp: incoming.at.toISOString(),
          ...(error ? { error } : {}),
        }, now);
        this.events.afterCommit(tx, 'message.status', { message_id: row.id, state: applicable, previous_state: row.state, wamid: row.wamid ?? wamid, source: 'webhook' });
        if (applicable === 'failed') this.events.afterCommit(tx, 'work_item.changed', { kind: 'failed', change: 'created', message_id: row.id });
        row.state = applicable;
        row.wamid = row.wamid ?? wamid;
        return merge.reason;
      }
    }
    await this.repo.recordFacts(tx, row.id, applicable, incoming.at, wamid, now);
    row.wamid = row.wamid ?? wamid;
    return merge.apply ? 'stale' : merge.reason;
  }
}
