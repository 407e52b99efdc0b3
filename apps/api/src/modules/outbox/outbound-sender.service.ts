import { Inject, Injectable } from '@nestjs/common';
import { decideAfterSend, isFreeForm, type RowError, type SendDecision } from '@sendbook/queue';
import type { GraphClient, OutboundMessageBody } from '@sendbook/whatsapp';
import { Clock } from '../../common/clock.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { ConversationWindowGate } from '../conversations/conversation-window-gate.service.js';
import { EventsPublisher } from '../events/events.publisher.js';
import { WebhooksService } from '../webhooks/webhooks.service.js';
import { GRAPH_CLIENT } from '../whatsapp/whatsapp.module.js';
import type { OutboundMessage } from './outbound-message.entity.js';
import { OutboxRepository } from './outbox.repository.js';
import { SendingPausesService } from './sending-pauses.service.js';

/** What became of one attempt to send a row. */
export type SendRowOutcome =
  | { kind: 'not_claimed' }
  | { kind: 'done'; decision: SendDecision['kind'] }
  /** Back in the queue: the job should wait until `notBefore`. */
  | { kind: 'requeued'; notBefore: Date };

/**
 * Sends one outbox row: claim (`queued → sending`, committed) → Graph API call → record the outcome.
 * The claim is committed before the call, so a crash mid-call leaves the row in `sending`, which
 * nothing automatic will send again.
 */
@Injectable()
export class OutboundSender {
  constructor(
    private readonly repo: OutboxRepository,
    private readonly pauses: SendingPausesService,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    private readonly webhooks: WebhooksService,
    private readonly windowGate: ConversationWindowGate,
    private readonly events: EventsPublisher,
    @Inject(GRAPH_CLIENT) private readonly graph: GraphClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(messageId: string): Promise<SendRowOutcome> {
    const row = await this.repo.claim(messageId, this.clock.now());
    if (!row) return { kind: 'not_claimed' };

    // Outside the 24 h window free-form text would only come back as 131047: send the fallback
    // template instead, or hold the row for a person.
    if (isFreeForm(row.payload as { type: string }) && (await this.windowGate.decideFreeForm(row.phoneNumberId, row.toWaId, this.clock.now())) === 'closed') {
      const error: RowError = { code: 'window_closed', title: 'Customer-service window closed', message: 'no message from this contact in the last 24 hours', details: null };
      return this.apply(row, row.fallbackTemplate ? { kind: 'use_fallback', error } : { kind: 'hold', error }, this.clock.now());
    }

    const result = await this.graph.sendMessage(row.phoneNumberId, graphBody(row));
    const now = this.clock.now();
    const decision = decideAfterSend(result, {
      attempts: row.attempts,
      maxAttempts: this.config.outbox.maxAttempts,
      hasFallbackTemplate: row.fallbackTemplate !== null,
      now,
      random: Math.random,
      retry: { baseMs: this.config.outbox.retryBaseMs, maxMs: this.config.outbox.retryMaxMs },
    });
    this.logger.event(decision.kind === 'accepted' ? 'debug' : 'info', 'outbox.send_result', {
      message_id: row.id,
      attempt: row.attempts,
      outcome: result.outcome,
      decision: decision.kind,
      error: 'error' in decision ? decision.error : undefined,
    });
    return this.apply(row, decision, now);
  }

  private async apply(row: OutboundMessage, decision: SendDecision, now: Date): Promise<SendRowOutcome> {
    switch (decision.kind) {
      case 'accepted': {
        const details = { wamid: decision.wamid, wa_id: decision.waId, message_status: decision.messageStatus };
        const accepted = await this.repo.markAccepted(row.id, decision.wamid, details, now);
        // A status webhook may have beaten the response and moved the row on already.
        if (!accepted) await this.repo.recordWamidIfMissing(row.id, decision.wamid);
        if (accepted) this.events.publish('message.status', { message_id: row.id, state: 'accepted', previous_state: 'sending', wamid: decision.wamid, source: 'sender' });
        // Statuses that beat this response and carried no usable callback data were parked. (Most
        // sends have none: skip the transaction then; the periodic retry covers a late-parked one.)
        if (!accepted || accepted.hasParkedStatuses) await this.webhooks.applyParkedFor(row.phoneNumberId, decision.wamid);
        break;
      }
      case 'requeue':
        await this.repo.requeue(row.id, decision.notBefore, decision.error, 'send will be retried later', now);
        return { kind: 'requeued', notBefore: decision.notBefore };
      case 'stuck':
        await this.repo.noteUnknownOutcome(row.id, decision.error, now);
        break;
      case 'fail':
        await this.repo.markFailed(row.id, decision.error, 'worker', now);
        this.events.publish('message.status', { message_id: row.id, state: 'failed', previous_state: 'sending', error: decision.error, source: 'sender' });
        this.events.publish('work_item.changed', { kind: 'failed', change: 'created', message_id: row.id });
        break;
      case 'use_fallback':
        await this.repo.useFallback(row.id, decision.error, now);
        return { kind: 'requeued', notBefore: now };
      case 'hold':
        await this.repo.markHeld(row.id, decision.error, 'window closed and no fallback template: held for a person', now);
        this.events.publish('message.status', { message_id: row.id, state: 'held', previous_state: 'sending', error: decision.error, source: 'sender' });
        this.events.publish('work_item.changed', { kind: 'held', change: 'created', message_id: row.id });
        break;
      case 'pause':
        await this.pauses.pause(decision.scope, row.phoneNumberId, decision.error);
        await this.repo.requeueUncounted(row.id, decision.error, `sending paused (${decision.scope}) until an admin resumes it`, now);
        break;
    }
    return { kind: 'done', decision: decision.kind };
  }
}

/** The Cloud API body: the stored payload plus routing, always tied back to the row. */
export function graphBody(row: OutboundMessage): OutboundMessageBody {
  return {
    ...row.payload,
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: row.to,
    biz_opaque_callback_data: row.id,
  } as unknown as OutboundMessageBody;
}
