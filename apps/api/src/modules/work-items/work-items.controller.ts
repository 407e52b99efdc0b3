import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { Type } from 'class-transformer';
import { ApiKeyGuard } from '../../common/auth/api-key.guard.js';
import { AlertsService, presentAlert } from '../alerts/alerts.service.js';
import { presentInbound } from '../conversations/conversations.presenter.js';
import { InboundService } from '../conversations/inbound.service.js';
import { presentMessage } from '../outbox/message.presenter.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { WebhooksService } from '../webhooks/webhooks.service.js';

export const WORK_ITEM_KINDS = ['stuck_sending', 'failed', 'held', 'poison_webhook', 'unattributed_inbound', 'alert'] as const;
type WorkItemKind = (typeof WORK_ITEM_KINDS)[number];

class WorkItemsQuery {
  @IsIn(WORK_ITEM_KINDS)
  kind!: WorkItemKind;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit?: number;
}

/** Queues of things a person must look at, each with what they need to decide. */
@Controller('v1/work-items')
@UseGuards(ApiKeyGuard)
export class WorkItemsController {
  constructor(
    private readonly outbox: OutboxService,
    private readonly webhooks: WebhooksService,
    private readonly inbound: InboundService,
    private readonly alerts: AlertsService,
  ) {}

  @Get()
  async list(@Query() query: WorkItemsQuery) {
    const limit = query.limit ?? 100;
    if (query.kind === 'poison_webhook') return this.poisonWebhooks(limit);
    if (query.kind === 'unattributed_inbound') return this.unattributedInbound(limit);
    if (query.kind === 'alert') return this.openAlerts(limit);
    const rows = query.kind === 'stuck_sending' ? await this.outbox.stuckSending(limit) : await this.outbox.inState(query.kind, limit);
    return {
      kind: query.kind,
      data: rows.map((m) => ({
        kind: query.kind,
        id: m.id,
        since: (query.kind === 'stuck_sending' ? m.sendingStartedAt : m.updatedAt)?.toISOString() ?? null,
        attempts: m.attempts,
        last_error: m.lastError,
        actions: query.kind === 'stuck_sending' ? ['mark_sent', 'retry', 'cancel'] : query.kind === 'held' ? ['retry', 'cancel'] : ['retry'],
        message: presentMessage(m),
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
