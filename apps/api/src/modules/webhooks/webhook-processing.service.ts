import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { parseWebhook, type FieldEvent, type MessageEvent, type WebhookEvent } from '@sendbook/whatsapp';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { ConversationAttributionService } from '../conversations/conversation-attribution.service.js';
import { CountersRepository } from '../metrics/counters.repository.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { MessagingLimitsRepository, type ReleasedRow } from '../policy/messaging-limits.repository.js';
import { TierWebhookEffects } from '../policy/tier-webhook-effects.service.js';
import { TemplatesService } from '../templates/templates.service.js';
import { fromUnixSeconds } from './domain/status-apply.js';
import { WEBHOOK_COUNTERS } from '../metrics/metric-names.js';
import { WebhookStatusesService } from './webhook-statuses.service.js';
import { WebhooksRepository, type LeasedDelivery } from './webhooks.repository.js';

export type ProcessOutcome =
  /** Another worker holds it, or it was already processed or set aside. */
  | { kind: 'skipped' }
  | { kind: 'processed'; total: number; applied: number; duplicate: number; reprocessed: number }
  | { kind: 'poison'; reason: string }
  /** Some events failed; the delivery stays `received` and is retried. */
  | { kind: 'retry'; failed: number; error: unknown };

type EventOutcome = 'applied' | 'duplicate' | 'reprocessed';

/**
 * Turns one stored delivery into its effects. For every event: claim its key and apply its
 * database effects in one transaction, so each event takes effect exactly once whatever the
 * batching, duplication or retries. The delivery is held under a lease; a worker that dies lets
 * it expire and another takes over.
 */
@Injectable()
export class WebhookProcessingService {
  constructor(
    private readonly repo: WebhooksRepository,
    private readonly statuses: WebhookStatusesService,
    private readonly attribution: ConversationAttributionService,
    private readonly counters: CountersRepository,
    private readonly templates: TemplatesService,
    private readonly limits: MessagingLimitsRepository,
    private readonly tierEffects: TierWebhookEffects,
    private readonly outbox: OutboxService,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async process(deliveryId: string): Promise<ProcessOutcome> {
    const { leaseMs, maxAttempts } = this.config.webhooks;
    const token = randomUUID();
    const delivery = await this.repo.leaseDelivery(deliveryId, token, this.clock.now(), leaseMs);
    if (!delivery) return { kind: 'skipped' };

    const parsed = parseWebhook(delivery.body);
    if (!parsed.ok) {
      await this.poison(delivery, parsed.error.code, parsed.error.message);
      return { kind: 'poison', reason: parsed.error.code };
    }

    const counts = { total: parsed.events.length, applied: 0, duplicate: 0, reprocessed: 0 };
    const perField = { applied: new Map<string, number>(), duplicate: new Map<string, number>(), reprocessed: new Map<string, number>() };
    const seen = new Set<string>();
    let failed = 0;
    let firstError: unknown = null;
    let leaseRenewedAt = Date.now();

    for (const event of parsed.events) {
      if (Date.now() - leaseRenewedAt > leaseMs / 3) {
        await this.repo.extendLease(delivery.id, token, this.clock.now(), leaseMs);
        leaseRenewedAt = Date.now();
      }
      try {
        // Quality and limit updates name a number by display number only: learn the mapping.
        if ((event.kind === 'message' || event.kind === 'status') && event.phoneNumberId && event.displayPhoneNumber) {
          await this.limits.rememberNumber(event.phoneNumberId, event.displayPhoneNumber, event.wabaId);
        }
        let outcome = await this.processEvent(event, delivery);
        // The same event twice inside one POST is Meta's duplicate too, not our re-run.
        if (outcome === 'reprocessed' && seen.has(event.key)) outcome = 'duplicate';
        seen.add(event.key);
        bump(perField[outcome], event.field);
        if (outcome === 'applied') counts.applied++;
        if (outcome === 'reprocessed') counts.reprocessed++;
        if (outcome === 'duplicate') {
          counts.duplicate++;
          this.logger.event('info', 'webhook.duplicate_event', { key: event.key, field: event.field, delivery_id: delivery.id });
        }
      } catch (error) {
        failed++;
        firstError ??= error;
        this.logger.event('warn', 'webhook.event_failed', { key: event.key, field: event.field, delivery_id: delivery.id, error });
      }
    }

    const now = this.clock.now();
    await this.count(WEBHOOK_COUNTERS.eventApplied, perField.applied, now);
    await this.count(WEBHOOK_COUNTERS.duplicateEvent, perField.duplicate, now);
    await this.count(WEBHOOK_COUNTERS.reprocessedEvent, perField.reprocessed, now);

    if (failed > 0) {
      const message = firstError instanceof Error ? firstError.message : String(firstError);
      if (delivery.attempts >= maxAttempts) {
        await this.poison(delivery, 'processing_failed', `${failed} event(s) failed after ${delivery.attempts} attempts: ${message}`);
        return { kind: 'poison', reason: 'processing_failed' };
      }
      await this.repo.releaseLease(delivery.id, token, { code: 'processing_failed', message, failed_events: failed, attempt: delivery.attempts });
      return { kind: 'retry', failed, error: firstError };
    }
    await this.repo.markProcessed(delivery.id, counts, now);
    return { kind: 'processed', ...counts };
  }

  /**
   * One event: claim + effects in one transaction. Rows it made due sooner (a raised limit) have
   * their jobs moved once it has committed: a job moved earlier would find the row still waiting.
   */
  private async processEvent(event: WebhookEvent, delivery: LeasedDelivery): Promise<EventOutcome> {
    const released: ReleasedRow[] = [];
    const outcome = await this.repo.transaction(async (tx): Promise<EventOutcome> => {
      const now = this.clock.now();
      if (!(await this.repo.claim(tx, event.key, event.field, delivery.id, now))) {
        const owner = await this.repo.claimOwner(tx, event.key);
        return owner === delivery.id ? 'reprocessed' : 'duplicate';
      }
      released.push(...(await this.applyEffects(tx, event, delivery, now)));
      return 'applied';
    });
    await this.outbox.bringForward(released);
    return outcome;
  }

  /** Returns the outbound rows the event made due sooner. */
  private async applyEffects(tx: EntityManager, event: WebhookEvent, delivery: LeasedDelivery, now: Date): Promise<ReleasedRow[]> {
    switch (event.kind) {
      case 'status':
        await this.statuses.apply(tx, event, delivery.id, delivery.receivedAt, now);
        return [];
      case 'message':
        await this.storeInbound(tx, event, delivery, now);
        return [];
      case 'error':
        await this.repo.insertFieldEvent(tx, {
          eventKey: event.key,
          kind: 'error',
          field: event.field,
          wabaId: event.wabaId,
          phoneNumberId: event.phoneNumberId,
          occurredAt: null,
          value: event.raw,
          raw: event.raw,
          deliveryId: delivery.id,
          receivedAt: delivery.receivedAt,
        });
        return [];
      case 'field': {
        await this.templates.applyFieldEvent(tx, event, now);
        const released = await this.tierEffects.apply(tx, event.field, event.value);
        await this.storeField(tx, event, delivery);
        return released;
      }
    }
  }

  private async storeInbound(tx: EntityManager, event: MessageEvent, delivery: LeasedDelivery, now: Date): Promise<void> {
    const m = event.message;
    const phoneNumberId = event.phoneNumberId ?? '';
    // The event key already stands in a content hash for a message without an id.
    const wamid = m.id || event.key.slice(event.key.lastIndexOf(':') + 1);
    const inserted = await this.repo.insertInbound(tx, {
      phoneNumberId,
      wamid,
      fromWaId: m.from ?? event.contact?.waId ?? null,
      fromUserId: m.fromUserId ?? event.contact?.userId ?? null,
      contactName: event.contact?.name ?? null,
      contact: event.contact?.raw ?? null,
      type: m.type,
      text: m.text,
      choice: m.choice,
      contextWamid: m.contextWamid,
      contextFrom: m.contextFrom,
      timestamp: fromUnixSeconds(m.timestamp),
      errors: m.errors.length > 0 ? m.errors.map((e) => e.raw) : null,
      raw: m.raw,
      deliveryId: delivery.id,
      createdAt: now,
    });
    // Contact, conversation, window and reply attribution commit with the message, once.
    if (inserted) await this.attribution.onInboundStored(tx, phoneNumberId, wamid, now);
  }

  /** Other fields are kept as they came; modules with a model for them (templates, quality) read them here. */
  private storeField(tx: EntityManager, event: FieldEvent, delivery: LeasedDelivery): Promise<void> {
    return this.repo.insertFieldEvent(tx, {
      eventKey: event.key,
      kind: 'field',
      field: event.field,
      wabaId: event.wabaId,
      phoneNumberId: event.phoneNumberId,
      occurredAt: fromUnixSeconds(event.time),
      value: event.value,
      raw: event.raw,
      deliveryId: delivery.id,
      receivedAt: delivery.receivedAt,
    });
  }

  private async poison(delivery: LeasedDelivery, code: string, message: string): Promise<void> {
    const now = this.clock.now();
    await this.repo.markPoison(delivery.id, { code, message, attempts: delivery.attempts }, now);
    await this.counters.increment(WEBHOOK_COUNTERS.poison, code, now);
    this.logger.event('error', 'webhook.poison', { delivery_id: delivery.id, code, message });
  }

  private async count(metric: string, perField: Map<string, number>, now: Date): Promise<void> {
    for (const [field, n] of perField) await this.counters.increment(metric, field, now, n);
  }
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}
