import { Injectable } from '@nestjs/common';
import { decideFreeFormAt, type FreeFormDecision } from '@sendbook/whatsapp';
import { ConversationsRepository } from './conversations.repository.js';

/**
 * The sender's question before a free-form (non-template) send: is the 24 h customer-service
 * window with this phone number open on this business number? Closed when she never wrote.
 */
@Injectable()
export class ConversationWindowGate {
  constructor(private readonly repo: ConversationsRepository) {}

  async decideFreeForm(phoneNumberId: string, toWaId: string, now: Date): Promise<FreeFormDecision> {
    return decideFreeFormAt(await this.repo.windowOpenUntil(phoneNumberId, toWaId), now);
  }

  /** Meta said 131047: whatever we computed, the window is closed now (until she writes again). */
  markClosed(phoneNumberId: string, toWaId: string, now: Date): Promise<void> {
    return this.repo.closeWindow(phoneNumberId, toWaId, now);
  }
}
