import { Injectable } from '@nestjs/common';
import type { Attribution } from '@sendbook/queue';
import { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { EventsPublisher } from '../events/events.publisher.js';
import { ConversationsRepository, type InboundView } from './conversations.repository.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { decodeCursor, encodeCursor, presentInbound } from './conversations.presenter.js';
import type { AttributeInboundDto, ListInboundDto } from './dto/inbound.dto.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEFAULT_PAGE = 50;

/** Inbound messages as the API shows them, and the hand-made attribution of the ones we could not place. */
@Injectable()
export class InboundService {
  constructor(
    private readonly repo: ConversationsRepository,
    private readonly clock: Clock,
    private readonly events: EventsPublisher,
    private readonly outbox: OutboxService,
  ) {}

  async get(id: string): Promise<InboundView> {
    const found = UUID.test(id) ? await this.repo.findInbound(id) : null;
    if (!found) throw DomainError.notFound('inbound message');
    return found;
  }

  async list(query: ListInboundDto) {
    const limit = query.limit ?? DEFAULT_PAGE;
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    if (after === null) throw DomainError.validation([{ field: 'cursor', message: 'is not a cursor this API gave out' }]);
    const rows = await this.repo.listInbound({ attribution: query.attribution, limit, after });
    const last = rows.length === limit ? rows[rows.length - 1] : undefined;
    return { data: rows.map(presentInbound), next_cursor: last ? encodeCursor(last.createdAt, last.id) : null };
  }

  async show(id: string) {
    return { inbound: presentInbound(await this.get(id)) };
  }

  /** The work-item queue `unattributed_inbound`: oldest first. */
  unattributed(limit: number): Promise<InboundView[]> {
    return this.repo.listInbound({ attribution: 'unattributed', limit, oldestFirst: true });
  }

  /** Inbound ids attributed to each outbound message (reactions excluded): the outbox reads them for its `replies`. */
  repliesFor(messageIds: readonly string[]): Promise<Map<string, string[]>> {
    return this.outbox.repliesFor(messageIds);
  }

  /** The audit trail of hand-made attributions. */
  async history(id: string) {
    await this.get(id);
    return { data: await this.repo.attributionHistory(id) };
  }

  /** Links an inbound message to an outbound message or a conversation by hand; audited. */
  async attribute(id: string, dto: AttributeInboundDto, actor: string) {
    const target = { messageId: dto.message_id, conversationId: dto.conversation_id };
    const audit = { actor, note: dto.note ?? null };
    const inbound = await this.get(id);
    if ((target.messageId === undefined) === (target.conversationId === undefined)) {
      throw DomainError.validation([{ field: 'message_id', message: 'give exactly one of message_id or conversation_id' }]);
    }
    if (!inbound.conversationId) throw DomainError.notFound('conversation of this inbound message');
    let next: { attribution: Attribution; messageId: string | null; conversationId: string };
    if (target.messageId !== undefined) {
      const message = UUID.test(target.messageId) ? await this.repo.findOutbound(target.messageId) : null;
      if (!message || message.phoneNumberId !== inbound.phoneNumberId)
        throw DomainError.validation([{ field: 'message_id', message: 'names no message sent from this business number' }]);
      if (inbound.fromWaId !== null && message.toWaId !== inbound.fromWaId)
        throw DomainError.validation([{ field: 'message_id', message: 'names a message sent to someone else' }]);
      next = { attribution: 'message', messageId: message.id, conversationId: inbound.conversationId };
    } else {
      const conversation = UUID.test(target.conversationId ?? '') ? await this.repo.findConversation(target.conversationId ?? '') : null;
      if (!conversation || conversation.phoneNumberId !== inbound.phoneNumberId)
        throw DomainError.validation([{ field: 'conversation_id', message: 'names no conversation of this business number' }]);
      next = { attribution: 'conversation', messageId: null, conversationId: conversation.id };
    }
    await this.repo.reattribute(inbound.id, next, audit, this.clock.now());
    this.events.publish('work_item.changed', {
      kind: 'unattributed_inbound',
      change: 'attributed',
      inbound_id: inbound.id,
      conversation_id: next.conversationId,
      attribution: next.attribution,
      message_id: next.messageId,
    });
    return { inbound: presentInbound(await this.get(id)) };
  }
}
