import { Inject, Injectable } from '@nestjs/common';
import { awaitingAnswer, contactKey, decideAttribution, expectsReply, type AttributionDecision } from '@sendbook/queue';
import { CUSTOMER_SERVICE_WINDOW_MS } from '@sendbook/whatsapp';
import type { EntityManager } from 'typeorm';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { EventsPublisher } from '../events/events.publisher.js';
import { ConversationsRepository, type StoredInbound } from './conversations.repository.js';

/** Types that are not a user writing to us, so they do not open the 24 h window. */
const NOT_FROM_THE_USER = new Set(['system']);

/**
 * Places each newly stored inbound message: its contact, its conversation (reopened, window moved
 * by Meta's timestamp), and the outbound message it answers. Runs inside the webhook event's
 * transaction, so the message and where it belongs commit together, exactly once.
 */
@Injectable()
export class ConversationAttributionService {
  constructor(
    private readonly repo: ConversationsRepository,
    private readonly logger: JsonLogger,
    private readonly events: EventsPublisher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Call once for an inbound row just inserted (phone_number_id, wamid), with the same transaction. */
  async onInboundStored(tx: EntityManager, phoneNumberId: string, wamid: string, now: Date): Promise<AttributionDecision | null> {
    const inbound = await this.repo.findStoredInbound(tx, phoneNumberId, wamid);
    if (!inbound) return null;
    const identity = { waId: inbound.fromWaId, userId: inbound.fromUserId };
    const key = contactKey(identity) ?? `unknown:${inbound.wamid}`;
    const contactId = await this.repo.upsertContact(tx, { phoneNumberId, key, waId: identity.waId, userId: identity.userId, name: inbound.contactName }, now);
    const conversationId = await this.repo.upsertConversation(
      tx,
      { phoneNumberId, contactId, inboundAt: inbound.timestamp ?? now, opensWindow: !NOT_FROM_THE_USER.has(inbound.type), unread: 1, windowMs: CUSTOMER_SERVICE_WINDOW_MS },
      now,
    );

    const decision = await this.decide(tx, inbound, now);
    await this.repo.insertAttribution(tx, { inboundMessageId: inbound.id, conversationId, contactId, ...decision.stored }, now);
    this.events.afterCommit(tx, 'inbound.created', { inbound_id: inbound.id, wamid: inbound.wamid, type: inbound.type, phone_number_id: phoneNumberId, conversation_id: conversationId, attribution: decision.result.attribution, message_id: decision.result.messageId });
    if (decision.result.attribution === 'unattributed') {
      this.logger.event('info', 'conversations.unattributed_inbound', { inbound_id: inbound.id, wamid: inbound.wamid, reason: decision.result.reason });
      this.events.afterCommit(tx, 'work_item.changed', { kind: 'unattributed_inbound', change: 'created', inbound_id: inbound.id, conversation_id: conversationId });
    }
    return decision.result;
  }

  private async decide(tx: EntityManager, inbound: StoredInbound, now: Date) {
    const namedWamid = namedWamidOf(inbound);
    const forwarded = isForwarded(inbound.raw);
    const target = namedWamid ? await this.repo.resolveWamid(tx, inbound.phoneNumberId, namedWamid) : null;
    let awaiting: string[] = [];
    if (!namedWamid && !forwarded && inbound.type !== 'reaction' && inbound.fromWaId) {
      const at = inbound.timestamp ?? now;
      const { awaitingAnswerMs, replyPurposes } = this.config.conversations;
      const candidates = await this.repo.outboundCandidates(tx, inbound.phoneNumberId, inbound.fromWaId, new Date(at.getTime() - awaitingAnswerMs - 3_600_000), new Date(at.getTime() + 60_000));
      awaiting = awaitingAnswer(
        candidates.map((c) => ({ id: c.id, sentAt: c.sentAt, answered: c.answered, expectsReply: expectsReply(c.payload, c.purpose, replyPurposes) })),
        at,
        awaitingAnswerMs,
      );
    }
    const result = decideAttribution({ type: inbound.type, namedWamid, target, forwarded, awaiting });
    return { result, stored: { attribution: result.attribution, reason: result.reason, messageId: result.messageId, namedWamid } };
  }
}

/** context.id, or for a reaction the message it reacts to. */
export function namedWamidOf(inbound: Pick<StoredInbound, 'type' | 'contextWamid' | 'raw'>): string | null {
  if (inbound.type === 'reaction') {
    const reaction = inbound.raw.reaction;
    const id = typeof reaction === 'object' && reaction !== null ? (reaction as { message_id?: unknown }).message_id : null;
    return typeof id === 'string' && id !== '' ? id : null;
  }
  return inbound.contextWamid;
}

function isForwarded(raw: Record<string, unknown>): boolean {
  const context = raw.context;
  if (typeof context !== 'object' || context === null) return false;
  const c = context as { forwarded?: unknown; frequently_forwarded?: unknown };
  return c.forwarded === true || c.frequently_forwarded === true;
}
