import { Injectable } from '@nestjs/common';
import { ECHO_THREAD_EFFECT, echoRow } from '@sendbook/queue';
import type { EchoEvent } from '@sendbook/whatsapp';
import type { EntityManager } from 'typeorm';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { EventsPublisher } from '../events/events.publisher.js';
import { ConversationsRepository } from './conversations.repository.js';
import { insertEcho } from './echo-store.js';

/**
 * Messages sent from the WhatsApp Business app on a coexistence number (`smb_message_echoes`): each
 * stored once in the thread of the user it went to, which it makes active — never unread, never
 * opening the 24 h window (only the user writing does), never queued or sent (it is not an outbox row).
 */
@Injectable()
export class MessageEchoesService {
  constructor(
    private readonly repo: ConversationsRepository,
    private readonly events: EventsPublisher,
    private readonly logger: JsonLogger,
  ) {}

  /** Call inside the webhook events' claim transaction: the echoes and their threads commit with the claims. */
  async storeMany(tx: EntityManager, events: readonly EchoEvent[], deliveryId: string, now: Date): Promise<void> {
    for (const event of events) {
      const row = echoRow({
        phoneNumberId: event.phoneNumberId,
        echo: event.echo,
        fallbackId: event.key.slice(event.key.lastIndexOf(':') + 1),
        receivedAt: now,
      });
      if (!row) {
        this.logger.event('warn', 'webhook.echo_unplaced', {
          key: event.key,
          delivery_id: deliveryId,
          note: 'names no business number or no user: kept only as its claim',
        });
        continue;
      }
      const contactId = await this.repo.upsertContact(
        tx,
        { phoneNumberId: row.phoneNumberId, key: row.contactKey, waId: row.toWaId, userId: row.toUserId, name: null },
        now,
      );
      // The thread's activity moves to the echo's time; `inboundAt` is only that time here, since it opens no window.
      const conversationId = await this.repo.upsertConversation(
        tx,
        { phoneNumberId: row.phoneNumberId, contactId, inboundAt: row.activityAt, ...ECHO_THREAD_EFFECT, windowMs: 0 },
        now,
      );
      const stored = await insertEcho(tx, row, { conversationId, raw: event.raw, deliveryId, now });
      if (stored) this.events.afterCommit(tx, 'conversation.changed', { conversation_id: conversationId, change: 'echo', echo_id: stored.id });
    }
  }
}
