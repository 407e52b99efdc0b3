import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { parseWebhook, type EchoEvent, type ErrorEvent, type FieldEvent, type MessageEvent, type StatusEvent, type WebhookEvent } from '@sendbook/whatsapp';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { ConversationAttributionService } from '../conversations/conversation-attribution.service.js';
import { CountersRepository } from '../metrics/counters.repository.js';
import { MetricsRecorder } from '../metrics/metrics-recorder.service.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { MESSAGING_LIMIT_WAIT, MessagingLimitsRepository } from '../policy/messaging-limits.repository.js';
import { TierWebhookEffects } from '../policy/tier-webhook-effects.service.js';
import { MarketingPreferenceEffects } from '../conversations/marketing-preference-effects.service.js';
import { MessageEchoesService } from '../conversations/message-echoes.service.js';
import { TemplatesService } from '../templates/templates.service.js';
import { fromUnixSeconds } from './domain/status-apply.js';
import { WEBHOOK_COUNTERS } from '../metrics/metric-names.js';
import { WebhookStatusesService } from './webhook-statuses.service.js';
import { insertInboundMany, type NewInboundMessage } from '../conversations/inbound-store.js';
import { bringWaitingForward, holdQueuedForTemplate, type DueAgainRow } from '../outbox/outbound-transitions.js';
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
    private readonly recorder: MetricsRecorder,
    private readonly templates: TemplatesService,
    private readonly limits: MessagingLimitsRepository,
    private readonly tierEffects: TierWebhookEffects,
    private readonly marketingPreferences: MarketingPreferenceEffects,
    private readonly echoes: MessageEchoesService,
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

    // Quality and limit updates name a number by display number only: learn the mapping.
    for (const event of parsed.events) {
      if ((event.kind === 'message' || event.kind === 'status') && event.phoneNumberId && event.displayPhoneNumber) {
        // Learnt again from the next delivery that names the number: not worth failing this one for.
        await this.limits
          .rememberNumber(event.phoneNumberId, event.displayPhoneNumber, event.wabaId)
          .catch((error: unknown) => this.logger.event('warn', 'webhook.remember_number_failed', { delivery_id: delivery.id, error }));
      }
    }

    let tally: Tally;
    try {
      tally = await this.processTogether(parsed.events, delivery);
    } catch (error) {
      // Nothing of the delivery committed. One event at a time, so one that keeps failing holds up
      // only itself: the others take effect, and the delivery is retried for the failing one.
      this.logger.event('warn', 'webhook.delivery_batch_failed', {
        delivery_id: delivery.id,
        events: parsed.events.length,
        error,
        note: 'retrying its events one at a time',
      });
      tally = await this.processOneByOne(parsed.events, delivery, token);
    }
    const { counts, failed, firstError, committedDone } = tally;
    if (counts.duplicate > 0)
      this.logger.event('info', 'webhook.duplicate_events', { delivery_id: delivery.id, count: counts.duplicate, keys: tally.duplicateKeys });

    this.countOutcomes(tally);
    const now = this.clock.now();

    if (failed > 0) {
      const message = firstError instanceof Error ? firstError.message : String(firstError);
      if (delivery.attempts >= maxAttempts) {
        await this.poison(delivery, 'processing_failed', `${plural(failed, 'event')} failed after ${plural(delivery.attempts, 'attempt')}: ${message}`);
        return { kind: 'poison', reason: 'processing_failed' };
      }
      await this.repo.releaseLease(delivery.id, token, { code: 'processing_failed', message, failed_events: failed, attempt: delivery.attempts });
      return { kind: 'retry', failed, error: firstError };
    }
    if (!committedDone) await this.repo.markProcessed(delivery.id, counts, now);
    return { kind: 'processed', ...counts };
  }

  /**
   * The whole delivery in one transaction: every event key claimed (and the delivery marked
   * processed) in one statement, the claimed events' effects applied set-wise (applyClaimed), one commit. An
   * event applies exactly once as before: its claim and its effects commit together or not at all.
   */
  private async processTogether(events: readonly WebhookEvent[], delivery: LeasedDelivery): Promise<Tally> {
    const tally = newTally(events.length);
    const released: DueAgainRow[] = [];
    await this.repo.transaction(async (tx) => {
      const now = this.clock.now();
      // The delivery's `processed` mark rides with the claims: it commits with the effects or not at all.
      const outcomes = await this.claimAll(tx, events, delivery, true);
      const claimed = events.filter((_, i) => outcomes[i] === 'applied');
      released.push(...(await this.applyClaimed(tx, claimed, delivery, now)));
      events.forEach((e, i) => tallyOutcome(tally, e, outcomes[i]!));
    });
    tally.committedDone = true;
    // Committed: a retry would find every event claimed and release nothing, so this is not one.
    await this.outbox.bringForward(released).catch((error: unknown) =>
      this.logger.event('warn', 'webhook.bring_forward_failed', {
        delivery_id: delivery.id,
        rows: released.length,
        error,
        note: 'their jobs keep the delay they had',
      }),
    );
    return tally;
  }

  /** The fallback: each event in a transaction of its own, its claim with its effects. */
  private async processOneByOne(events: readonly WebhookEvent[], delivery: LeasedDelivery, token: string): Promise<Tally> {
    const { leaseMs } = this.config.webhooks;
    const tally = newTally(events.length);
    const seen = new Set<string>();
    let leaseRenewedAt = Date.now();
    for (const event of events) {
      if (Date.now() - leaseRenewedAt > leaseMs / 3) {
        await this.repo.extendLease(delivery.id, token, this.clock.now(), leaseMs);
        leaseRenewedAt = Date.now();
      }
      try {
        const released: DueAgainRow[] = [];
        let outcome = await this.repo.transaction(async (tx): Promise<EventOutcome> => {
          const [first] = await this.claimAll(tx, [event], delivery, false);
          if (first === 'applied') released.push(...(await this.applyClaimed(tx, [event], delivery, this.clock.now())));
          return first!;
        });
        await this.outbox.bringForward(released);
        // The same event twice inside one POST is Meta's duplicate too, not our re-run.
        if (outcome === 'reprocessed' && seen.has(event.key)) outcome = 'duplicate';
        seen.add(event.key);
        tallyOutcome(tally, event, outcome);
      } catch (error) {
        tally.failed++;
        tally.firstError ??= error;
        this.logger.event('warn', 'webhook.event_failed', { key: event.key, field: event.field, delivery_id: delivery.id, error });
      }
    }
    return tally;
  }

  /**
   * Claims the events' keys in one statement; the outcome per event, in order. A key that repeats
   * inside the delivery is claimed once: its later copies are Meta's duplicates.
   */
  private async claimAll(tx: EntityManager, events: readonly WebhookEvent[], delivery: LeasedDelivery, finish: boolean): Promise<EventOutcome[]> {
    const fields = new Map<string, string>();
    for (const e of events) if (!fields.has(e.key)) fields.set(e.key, e.field);
    const keys = [...fields.keys()].sort();
    const claims = await this.repo.claimMany(
      tx,
      keys.map((key) => ({ key, field: fields.get(key)! })),
      delivery.id,
      this.clock.now(),
      finish ? { total: events.length } : null,
    );
    const seen = new Set<string>();
    return events.map((e) => {
      const first = !seen.has(e.key);
      seen.add(e.key);
      if (!first) return 'duplicate';
      const claim = claims.get(e.key);
      if (claim?.claimed) return 'applied';
      return claim?.owner === delivery.id ? 'reprocessed' : 'duplicate';
    });
  }

  /**
   * The one place where claimed events take effect, inside their claims' transaction: a function
   * per kind, each taking the transaction. Runs of events of one kind go together (statuses in a
   * fixed number of statements, inbound messages per business number likewise); runs keep the
   * delivery's order, so an effect that depends on an earlier one sees it. Returns the outbound
   * rows the events made due sooner (a raised limit), to be moved once this has committed.
   */
  private async applyClaimed(tx: EntityManager, events: readonly WebhookEvent[], delivery: LeasedDelivery, now: Date): Promise<DueAgainRow[]> {
    const released: DueAgainRow[] = [];
    for (const run of runsOfKind(events)) {
      const first = run[0]!;
      switch (first.kind) {
        case 'status':
          await this.statuses.applyMany(tx, run as StatusEvent[], delivery.id, delivery.receivedAt, now);
          break;
        case 'message':
          await this.storeInbound(tx, run as MessageEvent[], delivery, now);
          break;
        case 'echo':
          // Sent from the WhatsApp Business app: shown in its thread, never sent by us.
          await this.echoes.storeMany(tx, run as EchoEvent[], delivery.id, now);
          break;
        case 'error':
          for (const e of run as ErrorEvent[]) await this.storeError(tx, e, delivery);
          break;
        case 'field':
          for (const e of run as FieldEvent[]) released.push(...(await this.applyField(tx, e, delivery, now)));
          break;
      }
    }
    return released;
  }

  /** Inbound messages: stored (a wamid we have is left alone), then placed, per business number. */
  private async storeInbound(tx: EntityManager, events: readonly MessageEvent[], delivery: LeasedDelivery, now: Date): Promise<void> {
    const byNumber = new Map<string, NewInboundMessage[]>();
    for (const event of events) {
      const row = inboundRow(event, delivery, now);
      const rows = byNumber.get(row.phoneNumberId) ?? [];
      rows.push(row);
      byNumber.set(row.phoneNumberId, rows);
    }
    for (const rows of byNumber.values()) {
      const stored = await insertInboundMany(tx, rows);
      // Contact, conversation, window and reply attribution commit with the messages, once.
      await this.attribution.onInboundStoredMany(tx, stored, now);
    }
  }

  private storeError(tx: EntityManager, event: ErrorEvent, delivery: LeasedDelivery): Promise<void> {
    return this.repo.insertFieldEvent(tx, {
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
  }

  /** Templates and tier/quality changes; returns the outbound rows a raised limit made due sooner. */
  private async applyField(tx: EntityManager, event: FieldEvent, delivery: LeasedDelivery, now: Date): Promise<DueAgainRow[]> {
    const hold = await this.templates.applyFieldEvent(tx, event, now);
    if (hold) {
      const held = await holdQueuedForTemplate(tx, hold.template, hold.error, hold.reason, now);
      if (held.length > 0) this.logger.event('warn', 'templates.messages_held', { ...hold.template, status: hold.status, held: held.length });
    }
    const raised = await this.tierEffects.apply(tx, event.field, event.value);
    const released = raised ? await bringWaitingForward(tx, MESSAGING_LIMIT_WAIT, raised.waitingOn, now) : [];
    if (raised)
      this.logger.event('info', 'policy.messaging_limit', { scope_id: raised.scopeId, limit: raised.limit, source: event.field, released: released.length });
    released.push(...(await this.marketingPreferences.apply(tx, event, now)));
    await this.storeField(tx, event, delivery);
    return released;
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

  /**
   * Events applied, duplicate and re-processed, per field, summed in memory and written with the
   * process's other hot-path counts (MetricsRecorder). Bumped in every delivery's transaction, the
   * same few counter rows made every delivery wait for the one before it to commit: the longest
   * lock wait of the whole drain.
   */
  private countOutcomes(tally: Tally): void {
    for (const [metric, perField] of [
      [WEBHOOK_COUNTERS.eventApplied, tally.perField.applied],
      [WEBHOOK_COUNTERS.duplicateEvent, tally.perField.duplicate],
      [WEBHOOK_COUNTERS.reprocessedEvent, tally.perField.reprocessed],
    ] as const) {
      for (const [field, n] of perField) this.recorder.count(metric, field, n);
    }
  }

  private async poison(delivery: LeasedDelivery, code: string, message: string): Promise<void> {
    const now = this.clock.now();
    await this.repo.markPoison(delivery.id, { code, message, attempts: delivery.attempts }, now);
    await this.counters.increment(WEBHOOK_COUNTERS.poison, code, now);
    this.logger.event('error', 'webhook.poison', { delivery_id: delivery.id, code, message });
  }
}

interface Tally {
  counts: { total: number; applied: number; duplicate: number; reprocessed: number };
  perField: Record<EventOutcome, Map<string, number>>;
  duplicateKeys: string[];
  failed: number;
  firstError: unknown;
  /** The delivery's `processed` mark committed with its effects. */
  committedDone: boolean;
}

function newTally(total: number): Tally {
  return {
    counts: { total, applied: 0, duplicate: 0, reprocessed: 0 },
    perField: { applied: new Map(), duplicate: new Map(), reprocessed: new Map() },
    duplicateKeys: [],
    failed: 0,
    firstError: null,
    committedDone: false,
  };
}

function tallyOutcome(tally: Tally, event: WebhookEvent, outcome: EventOutcome): void {
  const map = tally.perField[outcome];
  map.set(event.field, (map.get(event.field) ?? 0) + 1);
  tally.counts[outcome]++;
  if (outcome === 'duplicate') tally.duplicateKeys.push(event.key);
}

/** Consecutive events of one kind, in order. */
function runsOfKind(events: readonly WebhookEvent[]): WebhookEvent[][] {
  const runs: WebhookEvent[][] = [];
  for (const e of events) {
    const last = runs[runs.length - 1];
    if (last && last[0]!.kind === e.kind) last.push(e);
    else runs.push([e]);
  }
  return runs;
}

function inboundRow(event: MessageEvent, delivery: LeasedDelivery, now: Date): NewInboundMessage {
  const m = event.message;
  return {
    phoneNumberId: event.phoneNumberId ?? '',
    // The event key already stands in a content hash for a message without an id.
    wamid: m.id || event.key.slice(event.key.lastIndexOf(':') + 1),
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
  };
}

/** "1 event", "3 events": the poison reason is read by people in the work queue. */
function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
