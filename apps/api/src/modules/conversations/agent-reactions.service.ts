import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  AGENT_REPLY_PRIORITY,
  reactionDedupeKey,
  reactionEmojiProblem,
  reactionPayload,
  reactionTargetProblem,
  recipientIdsOf,
  replyAddress,
  type ReactionTarget,
} from '@sendbook/queue';
import { actorOf, type Principal } from '../../common/auth/principal.js';
import { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { EventsPublisher } from '../events/events.publisher.js';
import type { CreateMessageDto } from '../outbox/dto/create-message.dto.js';
import { MessagesService } from '../outbox/messages.service.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { ConversationWindowGate } from './conversation-window-gate.service.js';
import { ConversationsRepository, type ConversationView } from './conversations.repository.js';
import type { AgentReactionDto } from './dto/conversation.dto.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An agent's reaction to a message of a thread (a customer's, or one of ours WhatsApp accepted):
 * Meta's `reaction` message, enqueued through the outbox like a reply, so it has a row, a state,
 * an audit trail and a dedupe key per client request. Free-form, so only inside the 24 h window.
 */
@Injectable()
export class AgentReactionsService {
  constructor(
    private readonly repo: ConversationsRepository,
    private readonly gate: ConversationWindowGate,
    private readonly outbox: OutboxService,
    private readonly messages: MessagesService,
    private readonly events: EventsPublisher,
    private readonly clock: Clock,
  ) {}

  async react(id: string, dto: AgentReactionDto, idempotencyKey: string | undefined, by: Principal) {
    const conversation = UUID.test(id) ? await this.repo.findConversation(id) : null;
    if (!conversation) throw DomainError.notFound('conversation');
    const emojiProblem = reactionEmojiProblem(dto.emoji);
    if (emojiProblem) throw DomainError.validation([{ field: 'emoji', message: emojiProblem }]);
    const target = await this.target(conversation, dto.message_id);
    const targetProblem = reactionTargetProblem(target);
    if (targetProblem) throw DomainError.validation([{ field: 'message_id', message: targetProblem }]);

    const address = replyAddress(conversation.contact);
    if (!address) throw DomainError.validation([{ field: 'conversation', message: 'the contact has neither a phone number nor a user id to send to' }]);
    const recipientId = 'to' in address ? conversation.contact.waId! : address.recipient;
    if ((await this.gate.decideFreeForm(conversation.phoneNumberId, recipientId, this.clock.now())) === 'closed') {
      throw new DomainError(ErrorCode.WindowClosed, 'the 24 h customer-service window is closed: a reaction cannot be sent', {
        window_open_until: conversation.windowOpenUntil?.toISOString() ?? null,
      });
    }

    const requestId = dto.client_request_id ?? idempotencyKey?.trim() ?? randomUUID();
    const message: CreateMessageDto = {
      dedupe_key: reactionDedupeKey(conversation.id, requestId),
      ...address,
      purpose: 'agent_reaction',
      trigger_ref: `conversations/${conversation.id}`,
      payload: reactionPayload(target.wamid!, dto.emoji),
      priority: AGENT_REPLY_PRIORITY,
      phone_number_id: conversation.phoneNumberId,
    };
    const actor = actorOf(by);
    const { message: row, deduplicated } = await this.outbox.enqueue(message, actor);
    const [presented] = await this.messages.present([row], { fresh: !deduplicated });
    if (!deduplicated) this.events.publish('conversation.changed', { conversation_id: conversation.id, change: 'reaction', message_id: row.id, by: actor });
    return { message: presented!, deduplicated };
  }

  /** The message `ref` (an id or a wamid) names in this thread: a customer's, else one we sent its contact. */
  private async target(conversation: ConversationView, ref: string): Promise<ReactionTarget> {
    const inbound = UUID.test(ref) ? await this.repo.findInbound(ref) : await this.repo.findInboundByWamid(conversation.phoneNumberId, ref);
    if (inbound?.conversationId === conversation.id) return { wamid: inbound.wamid, type: inbound.type };
    const outbound = UUID.test(ref)
      ? await this.repo.findOutbound(ref)
      : await this.repo.findOutboundByWamid(conversation.phoneNumberId, ref).then((o) => o && { ...o, phoneNumberId: conversation.phoneNumberId });
    if (outbound?.phoneNumberId === conversation.phoneNumberId && recipientIdsOf(conversation.contact).includes(outbound.toWaId))
      return { wamid: outbound.wamid, type: outbound.payloadType };
    throw DomainError.validation([{ field: 'message_id', message: 'names no message of this conversation' }]);
  }
}
