import { Injectable } from '@nestjs/common';
import { marketingOptOutError, marketingPreferenceChange, type MarketingOptOutSource } from '@sendbook/queue';
import type { EntityManager } from 'typeorm';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { EventsPublisher } from '../events/events.publisher.js';
import { ConversationsRepository } from './conversations.repository.js';
import { MarketingOptOutsRepository, type ReleasedMarketingRow } from './marketing-opt-outs.repository.js';

/** Who a preference or a failure is about, on which business number. */
export interface MarketingRecipient {
  phoneNumberId: string;
  waId: string | null;
  userId: string | null;
}

/**
 * Marketing opt-outs, applied in the transaction that claims the webhook event: a `user_preferences`
 * stop or a 131050 failure marks the contact (created if unknown, so a later enqueue is held too)
 * and holds its queued marketing rows; a resume clears the mark and releases them.
 */
@Injectable()
export class MarketingPreferenceEffects {
  constructor(
    private readonly contacts: ConversationsRepository,
    private readonly optOuts: MarketingOptOutsRepository,
    private readonly events: EventsPublisher,
    private readonly logger: JsonLogger,
  ) {}

  /** A field event; returns the rows a resume made due: once `tx` commits, their jobs must be added. */
  async apply(tx: EntityManager, event: { field: string; value: unknown; phoneNumberId: string | null }, now: Date): Promise<ReleasedMarketingRow[]> {
    const change = marketingPreferenceChange(event.field, event.value);
    if (!change) return [];
    if (!event.phoneNumberId) {
      this.logger.event('warn', 'marketing.preference_without_number', { wa_id: change.waId, user_id: change.userId, opted_out: change.optedOut });
      return [];
    }
    const recipient = { phoneNumberId: event.phoneNumberId, waId: change.waId, userId: change.userId };
    if (change.optedOut) {
      await this.optOut(tx, recipient, change.at ?? now, 'user_preferences', now);
      return [];
    }
    return this.resume(tx, recipient, change.at, now);
  }

  /** A send refused with 131050 (the sender holds that row itself): in a transaction of its own. */
  optOutAfterRejection(phoneNumberId: string, toWaId: string, now: Date): Promise<void> {
    return this.contacts.transaction((tx) => this.optOut(tx, { phoneNumberId, waId: toWaId, userId: null }, now, 'error_131050', now));
  }

  /** Marks the recipient opted out and holds its queued marketing rows. */
  async optOut(tx: EntityManager, recipient: MarketingRecipient, at: Date, source: MarketingOptOutSource, now: Date): Promise<void> {
    const contactId = await this.contactOf(tx, recipient, now);
    const { recipientIds, since } = await this.optOuts.markOptedOut(tx, contactId, at, source, now);
    // Rows go to the phone, or to the user id of a username-only customer (BSUID): either is theirs.
    const held =
      recipientIds.length > 0
        ? await this.optOuts.holdQueuedMarketing(
            tx,
            recipient.phoneNumberId,
            recipientIds,
            marketingOptOutError(since),
            `recipient opted out of marketing (${source}): held until the user resumes`,
            now,
          )
        : [];
    for (const id of held) {
      this.events.afterCommit(tx, 'message.status', { message_id: id, state: 'held', previous_state: 'queued', source: 'webhook' });
      this.events.afterCommit(tx, 'work_item.changed', { kind: 'held', change: 'created', message_id: id });
    }
    this.logger.event('info', 'marketing.opted_out', {
      contact_id: contactId,
      phone_number_id: recipient.phoneNumberId,
      source,
      since: since.toISOString(),
      held: held.length,
    });
  }

  private async resume(tx: EntityManager, recipient: MarketingRecipient, at: Date | null, now: Date): Promise<ReleasedMarketingRow[]> {
    const contactId = await this.contactOf(tx, recipient, now);
    const { cleared, recipientIds } = await this.optOuts.clearOptOut(tx, contactId, at, now);
    const released =
      cleared && recipientIds.length > 0
        ? await this.optOuts.releaseHeldMarketing(tx, recipient.phoneNumberId, recipientIds, 'the user resumed marketing messages', now)
        : [];
    for (const row of released) {
      this.events.afterCommit(tx, 'message.status', { message_id: row.id, state: 'queued', previous_state: 'held', source: 'webhook' });
      this.events.afterCommit(tx, 'work_item.changed', { kind: 'held', change: 'resolved', message_id: row.id });
    }
    this.logger.event('info', 'marketing.resumed', { contact_id: contactId, phone_number_id: recipient.phoneNumberId, cleared, released: released.length });
    return released;
  }

  private contactOf(tx: EntityManager, r: MarketingRecipient, now: Date): Promise<string> {
    return this.contacts.upsertContact(tx, { phoneNumberId: r.phoneNumberId, key: (r.userId ?? r.waId)!, waId: r.waId, userId: r.userId, name: null }, now);
  }
}
