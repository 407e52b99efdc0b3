import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { AuditService } from '../audit/audit.service.js';
import { WebhookDispatcher } from './webhook-dispatcher.service.js';
import { WebhookProcessingService, type ProcessOutcome } from './webhook-processing.service.js';
import { WebhookStatusesService } from './webhook-statuses.service.js';
import { WebhooksRepository, type DeliverySummary } from './webhooks.repository.js';

export interface ReplaySelection {
  ids?: readonly string[];
  since?: Date;
  until?: Date;
  /** Poison deliveries are replayed only when asked (e.g. after a parser fix). */
  includePoison?: boolean;
  limit?: number;
  /** Why: kept with each poison delivery replayed (it leaves its work queue). */
  note?: string | null;
}

const MAX_REPLAY = 10_000;

/** Operations on stored deliveries: replay, poison work items, parked statuses. */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly repo: WebhooksRepository,
    private readonly dispatcher: WebhookDispatcher,
    private readonly processing: WebhookProcessingService,
    private readonly statuses: WebhookStatusesService,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    private readonly audit: AuditService,
  ) {}

  /** Selects deliveries to replay; refuses an unbounded selection. */
  async selectForReplay(selection: ReplaySelection): Promise<string[]> {
    if (!selection.ids?.length && !selection.since && !selection.until) {
      throw DomainError.validation([{ field: 'ids', message: 'give ids, or a time range (since / until)' }]);
    }
    return this.repo.findDeliveryIds({
      ids: selection.ids?.length ? selection.ids : undefined,
      since: selection.since,
      until: selection.until,
      includePoison: selection.includePoison ?? false,
      limit: Math.min(selection.limit ?? MAX_REPLAY, MAX_REPLAY),
    });
  }

  /** Re-processes stored deliveries through the queue. Safe by construction: every event is claimed. */
  async replay(selection: ReplaySelection, actor: string): Promise<{ replayed: number; ids: string[] }> {
    const selected = await this.selectForReplay(selection);
    const poison = selection.includePoison ? await this.repo.poisonAmong(selected) : [];
    const ids = await this.repo.resetForReplay(selected, this.clock.now());
    // A replayed poison delivery is a decision on a work item: who, when and why, per delivery.
    for (const id of poison)
      await this.audit.record({ actor, action: 'webhook.replayed', subjectType: 'webhook_delivery', subjectId: id, details: { note: selection.note ?? null } });
    await this.dispatcher.dispatch(ids);
    this.logger.event('info', 'webhook.replay', { actor, deliveries: ids.length });
    await this.audit.record({
      actor,
      action: 'webhook.replayed',
      subjectType: 'webhook_deliveries',
      subjectId: null,
      details: { deliveries: ids.length, ids: ids.slice(0, 100), since: selection.since ?? null, until: selection.until ?? null },
    });
    return { replayed: ids.length, ids };
  }

  /**
   * Re-processes in this process, one delivery after another (the CLI). Each is reset just before
   * it is processed, so a running worker's sweeper does not pick up the ones still waiting their
   * turn (it would be safe, but the CLI would only report them as skipped).
   */
  async replayInline(selection: ReplaySelection, actor: string): Promise<{ id: string; outcome: ProcessOutcome }[]> {
    const selected = await this.selectForReplay(selection);
    this.logger.event('info', 'webhook.replay', { actor, deliveries: selected.length, inline: true });
    const results: { id: string; outcome: ProcessOutcome }[] = [];
    for (const id of selected) {
      const [reset] = await this.repo.resetForReplay([id], this.clock.now());
      if (reset) results.push({ id: reset, outcome: await this.processing.process(reset) });
    }
    return results;
  }

  poisonDeliveries(limit: number): Promise<DeliverySummary[]> {
    return this.repo.listPoison(limit);
  }

  /** A delivery for a person to read: the body as text (it was signed and stored byte for byte), the error that set it aside. */
  async deliveryWithBody(id: string) {
    const found = /^[0-9a-f-]{36}$/i.test(id) ? await this.repo.findDeliveryWithBody(id) : null;
    if (!found) throw DomainError.notFound('webhook delivery');
    return {
      delivery: {
        id: found.id,
        state: found.state,
        received_at: found.receivedAt.toISOString(),
        processed_at: found.processedAt?.toISOString() ?? null,
        attempts: found.attempts,
        size: found.size,
        last_error: found.lastError,
        body: found.body.toString('utf8'),
      },
    };
  }

  delivery(id: string): Promise<DeliverySummary | null> {
    return this.repo.findDelivery(id);
  }

  /** See WebhookStatusesService.applyParkedFor: for the sender, when it records a wamid. */
  applyParkedFor(phoneNumberId: string, wamid: string): Promise<number> {
    return this.statuses.applyParkedFor(phoneNumberId, wamid);
  }
}
