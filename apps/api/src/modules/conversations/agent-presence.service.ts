import { Inject, Injectable } from '@nestjs/common';
import { decideTyping, TYPING_DEPARTURE_MARGIN_MS, typingSlotKey } from '@sendbook/queue';
import type { GraphClient } from '@sendbook/whatsapp';
import type { RedisClient } from '../../infra/redis-clients.js';
import { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { isoTime } from '../../common/iso-time.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { REDIS } from '../../infra/redis.module.js';
import { GRAPH_CLIENT } from '../whatsapp/whatsapp.module.js';
import { ConversationsRepository, type ConversationView } from './conversations.repository.js';

/** What POST /v1/conversations/{id}/typing did. */
export interface TypingOutcome {
  readonly sent: boolean;
  readonly reason: 'sent' | 'throttled' | 'nothing_to_answer' | 'unavailable';
  /** The customer's message it shows under (and marks read). */
  readonly message_wamid: string | null;
  /** When the next one may go. */
  readonly next_at: string | null;
}

/**
 * What the customer sees of the agent at Meta: blue ticks (their messages read) and "typing…".
 * Each is a mark-as-read call for the customer's newest message; the conversation remembers which
 * one Meta was told last, so nothing is marked twice.
 */
@Injectable()
export class AgentPresenceService {
  constructor(
    private readonly repo: ConversationsRepository,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(GRAPH_CLIENT) private readonly graph: GraphClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * An agent is typing: Meta's typing indicator under the customer's newest message, at most once
   * per TYPING_INDICATOR_INTERVAL_MS per conversation (one atomic SET NX PX shared by every tab and
   * instance), never outside the 24 h window (`422 window_closed`). The Graph call runs after the
   * answer: typing is shown best effort, and a failure is logged.
   */
  async typing(conversation: ConversationView): Promise<TypingOutcome> {
    const now = this.clock.now();
    const newest = await this.newestInboundWamid(conversation);
    const decision = decideTyping({ windowOpenUntil: conversation.windowOpenUntil, newestInboundWamid: newest, now });
    if (decision.kind === 'window_closed') {
      throw new DomainError(ErrorCode.WindowClosed, 'the 24 h customer-service window is closed: no typing indicator outside it', {
        window_open_until: conversation.windowOpenUntil?.toISOString() ?? null,
      });
    }
    if (decision.kind === 'nothing_to_answer') return { sent: false, reason: 'nothing_to_answer', message_wamid: null, next_at: null };

    const key = typingSlotKey(this.config.redisPrefix, conversation.id);
    const intervalMs = this.config.conversations.typingIntervalMs + TYPING_DEPARTURE_MARGIN_MS;
    let taken: string | null;
    try {
      taken = await this.redis.set(key, decision.wamid, 'PX', intervalMs, 'NX');
    } catch (error) {
      // Without the shared slot the 20 s cannot be kept: no indicator rather than one per keystroke.
      this.logger.event('warn', 'conversations.typing_unchecked', {
        conversation_id: conversation.id,
        error: String(error),
        note: 'Redis did not answer: nothing sent',
      });
      return { sent: false, reason: 'unavailable', message_wamid: decision.wamid, next_at: null };
    }
    if (taken !== 'OK') {
      const leftMs = await this.redis.pttl(key).catch(() => intervalMs);
      return { sent: false, reason: 'throttled', message_wamid: decision.wamid, next_at: isoTime(new Date(now.getTime() + Math.max(leftMs, 0))) };
    }
    void this.tellMeta(conversation, decision.wamid, 'typing');
    return { sent: true, reason: 'sent', message_wamid: decision.wamid, next_at: isoTime(new Date(now.getTime() + intervalMs)) };
  }

  /**
   * The customer's newest message (and so all before it) marked read at Meta, unless it is the one
   * Meta was last told of. Never fails the caller: a reply or an opened thread does not wait for it.
   */
  async markRead(conversation: ConversationView, why: 'open' | 'reply'): Promise<void> {
    try {
      const newest = await this.newestInboundWamid(conversation);
      if (!newest || !(await this.repo.claimReadMark(conversation.id, newest))) return;
      await this.tellMeta(conversation, newest, why);
    } catch (error) {
      this.logger.event('warn', 'conversations.mark_read_failed', { conversation_id: conversation.id, why, error });
    }
  }

  private async newestInboundWamid(conversation: ConversationView): Promise<string | null> {
    const [newest] = await this.repo.listInbound({ conversationId: conversation.id, limit: 1 });
    return newest?.wamid ?? null;
  }

  /**
   * One mark-as-read call; a typing indicator rides on it (and marks the message read too, so it is
   * noted first, like a read receipt's claim). A mark Meta did not take is forgotten, so the next one tries again.
   */
  private async tellMeta(conversation: ConversationView, wamid: string, why: 'open' | 'reply' | 'typing'): Promise<void> {
    const event = why === 'typing' ? 'conversations.typing_failed' : 'conversations.mark_read_failed';
    try {
      if (why === 'typing') await this.repo.noteReadMark(conversation.id, wamid);
      const result = await this.graph.markAsRead(conversation.phoneNumberId, wamid, { typingIndicator: why === 'typing' });
      if (result.outcome === 'ok') return;
      this.logger.event('warn', event, { conversation_id: conversation.id, wamid, why, outcome: result.outcome, result });
    } catch (error) {
      this.logger.event('warn', event, { conversation_id: conversation.id, wamid, why, error });
    }
    await this.repo.releaseReadMark(conversation.id, wamid).catch(() => undefined);
  }
}
