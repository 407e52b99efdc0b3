import { newHex } from '../core/ids.js';

const CONVERSATION_MS = 24 * 60 * 60 * 1000;

/** Conversation ids as v23-and-earlier statuses carry them: one per (number, user, category) per 24 h. */
export class Conversations {
  private readonly open = new Map<string, { id: string; expiresAt: number }>();

  get(phoneNumberId: string, waId: string, origin: string, now: number): { id: string; expiresAt: number } {
    const key = `${phoneNumberId}:${waId}:${origin}`;
    const current = this.open.get(key);
    if (current && current.expiresAt > now) return current;
    const created = { id: newHex(16), expiresAt: now + CONVERSATION_MS };
    this.open.set(key, created);
    return created;
  }

  reset(): void {
    this.open.clear();
  }
}
