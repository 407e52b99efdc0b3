import { Injectable } from '@nestjs/common';
import { AlertsService, presentAlert } from '../alerts/alerts.service.js';
import { presentInbound } from '../conversations/conversations.presenter.js';
import { InboundService } from '../conversations/inbound.service.js';
import { MessagesService } from '../outbox/messages.service.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { WebhooksService } from '../webhooks/webhooks.service.js';
import type { WorkItemKind } from './dto/work-items-query.dto.js';

const DEFAULT_LIMIT = 100;

/**
 * Queues of things a person must look at, each with what they need to decide. Each kind is
 * another module's rows; this module only lists them side by side, so it sits above them all.
 */
@Injectable()
export class WorkItemsService {
  constructor(
    private readonly outbox: OutboxService,
    private readonly messagesOut: MessagesService,
    private readonly webhooks: WebhooksService,
    private readonly inbound: InboundService,
    private readonly alerts: AlertsService,
  ) {}

  list(kind: WorkItemKind, limit = DEFAULT_LIMIT) {
    if (kind === 'poison_webhook') return this.poisonWebhooks(limit);
    if (kind === 'unattributed_inbound') return this.unattributedInbound(limit);
    if (kind === 'alert') return this.openAlerts(limit);
    return this.messages(kind, limit);
  }

  /** Outbound messages a person must resolve: stuck in `sending`, failed, or held. */
  private async messages(kind: 'stuck_sending' | 'failed' | 'held', limit: number) {
    const rows = kind === 'stuck_sending' ? await this.outbox.stuckSending(limit) : await this.outbox.inState(kind, limit);
    const presented = await this.messagesOut.present(rows);
    return {
      kind,
      data: rows.map((m, i) => ({
        kind,
        id: m.id,
        since: (kind === 'stuck_sending' ? m.sendingStartedAt : m.updatedAt)?.toISOString() ?? null,
        attempts: m.attempts,
        last_error: m.lastError,
        actions: kind === 'stuck_sending' ? ['mark_sent', 'retry', 'cancel'] : kind === 'held' ? ['retry', 'cancel'] : ['retry'],
        message: presented[i]!,
      })),
    };
  }

  /** Inbound messages stored in their thread but not tied to a message we sent: someone must decide. */
  private async unattributedInbound(limit: number) {
    const rows = await this.inbound.unattributed(limit);
    return {
      kind: 'unattributed_inbound',
      data: rows.map((m) => ({
        kind: 'unattributed_inbound',
        id: m.id,
        since: m.createdAt.toISOString(),
        reason: m.reason,
        actions: ['attribute'],
        inbound: presentInbound(m),
      })),
    };
  }

  /** A figure past its threshold (or another module's alarm): open until a person resolves it. */
  private async openAlerts(limit: number) {
    const rows = await this.alerts.listOpen(limit);
    return {
      kind: 'alert',
      data: rows.map((a) => ({ kind: 'alert', id: a.id, since: a.raisedAt.toISOString(), actions: ['resolve'], alert: presentAlert(a) })),
    };
  }

  /** Stored, correctly signed deliveries we could not process: kept, never retried on their own. */
  private async poisonWebhooks(limit: number) {
    const rows = await this.webhooks.poisonDeliveries(limit);
    return {
      kind: 'poison_webhook',
      data: rows.map((d) => ({
        kind: 'poison_webhook',
        id: d.id,
        since: d.receivedAt.toISOString(),
        attempts: d.attempts,
        last_error: d.lastError,
        actions: ['replay'],
        delivery: { id: d.id, received_at: d.receivedAt.toISOString(), processed_at: d.processedAt?.toISOString() ?? null, size: d.size, state: d.state },
      })),
    };
  }
}
