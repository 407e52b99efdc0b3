import { Injectable } from '@nestjs/common';
import { derivedDedupeKey } from '@sendbook/queue';
import { isBsuid } from '@sendbook/whatsapp';
import { actorOf, type Principal } from '../../common/auth/principal.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { isoTime } from '../../common/iso-time.js';
import { AuditService } from '../audit/audit.service.js';
import type { CreateMessageDto } from './dto/create-message.dto.js';
import { MessagesService } from './messages.service.js';
import type { OutboundMessage } from './outbound-message.entity.js';
import { OutboxService } from './outbox.service.js';

/**
 * What a person does about a message that did not go as planned: send a failed one again as a new
 * message, release a held one with a template, see which status webhooks named it.
 */
@Injectable()
export class MessageFollowUpsService {
  constructor(
    private readonly outbox: OutboxService,
    private readonly messages: MessagesService,
    private readonly audit: AuditService,
  ) {}

  /**
   * A failed message, sent again as a new one under a key derived from its own (shown in the work
   * queue beforehand): the failure stays on record, the new row has its own life, and a double
   * click resends once (the derived key is deduplicated like any other).
   */
  async resend(id: string, note: string | null, by: Principal) {
    const failed = await this.outbox.get(id);
    if (failed.state !== 'failed')
      throw new DomainError(ErrorCode.InvalidStateTransition, `only a failed message is sent again as a new one (this one is ${failed.state})`);
    const attempt = ((await this.audit.countBySubject('outbound_message', [id], 'message.resent')).get(id) ?? 0) + 1;
    return this.sendAgain(failed, derivedDedupeKey(failed.dedupeKey, 'resend', attempt), failed.payload, { note, by, action: 'message.resent', attempt });
  }

  /**
   * A held message (the window closed and it had no fallback), released as a template: the one it
   * carries as its fallback, or the one the person picked. The held row is cancelled, the template
   * goes as a new message.
   */
  async release(id: string, template: Record<string, unknown> | undefined, note: string | null, by: Principal) {
    const held = await this.outbox.get(id);
    if (held.state !== 'held') throw new DomainError(ErrorCode.InvalidStateTransition, `only a held message is released (this one is ${held.state})`);
    const chosen = template ?? held.fallbackTemplate ?? undefined;
    if (!chosen) throw DomainError.validation([{ field: 'template', message: 'is required: this message carries no fallback template' }]);
    const attempt = ((await this.audit.countBySubject('outbound_message', [id], 'message.released')).get(id) ?? 0) + 1;
    const result = await this.sendAgain(
      held,
      derivedDedupeKey(held.dedupeKey, 'release', attempt),
      { type: 'template', template: chosen },
      { note, by, action: 'message.released', attempt },
    );
    await this.outbox.resolve(id, 'cancel', note ? `released as a template: ${note}` : 'released as a template', actorOf(by));
    return result;
  }

  async resendCounts(ids: readonly string[]): Promise<Map<string, number>> {
    return this.audit.countBySubject('outbound_message', ids, 'message.resent');
  }

  /** The status webhooks that named the message: for a stuck row, "did any status ever come?" */
  async statuses(id: string) {
    const rows = await this.outbox.statusEvents(await this.outbox.get(id));
    return {
      data: rows.map((r) => ({
        status: r.status,
        occurred_at: isoTime(r.occurred_at),
        received_at: isoTime(r.received_at),
        applied: r.merge_result,
        errors: (r.errors as Record<string, unknown>[] | null) ?? null,
      })),
    };
  }

  private async sendAgain(
    original: OutboundMessage,
    dedupeKey: string,
    payload: Record<string, unknown>,
    how: { note: string | null; by: Principal; action: string; attempt: number },
  ) {
    const dto: CreateMessageDto = {
      dedupe_key: dedupeKey,
      ...(isBsuid(original.to) ? { recipient: original.to } : { to: original.to }),
      purpose: original.purpose,
      trigger_ref: original.triggerRef ?? undefined,
      payload,
      priority: original.priority,
      phone_number_id: original.phoneNumberId,
      fallback_template: original.fallbackTemplate ?? undefined,
    };
    const { message, deduplicated } = await this.outbox.enqueue(dto, actorOf(how.by));
    if (!deduplicated) {
      await this.audit.record({
        actor: actorOf(how.by),
        action: how.action,
        subjectType: 'outbound_message',
        subjectId: original.id,
        details: { note: how.note, new_message_id: message.id, dedupe_key: dedupeKey, attempt: how.attempt },
      });
    }
    const [presented] = await this.messages.present([message], { fresh: !deduplicated });
    return { message: presented!, previous_message_id: original.id, deduplicated };
  }
}
