import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';

/** Inbound messages attributed to each of our messages (reactions excluded), oldest first. */
export interface MessageReplies {
  repliesFor(messageIds: readonly string[]): Promise<Map<string, string[]>>;
}

/** The 24 h customer-service window, which the conversations keep. */
export interface CustomerWindows {
  /** Meta answered 131047: the window is closed now, whatever was computed from the inbound messages. */
  markClosed(phoneNumberId: string, toWaId: string, now: Date): Promise<unknown>;
}

/** Status webhooks that beat Meta's answer to the send, kept aside until the row has its wamid. */
export interface ParkedStatuses {
  applyParkedFor(phoneNumberId: string, wamid: string): Promise<unknown>;
}

/** Marketing opt-outs, which the contacts keep. */
export interface MarketingOptOuts {
  /** Meta answered 131050 to a send: the user opted out of marketing; their queued marketing is held. */
  optOutAfterRejection(phoneNumberId: string, toWaId: string, now: Date): Promise<unknown>;
}

/** One implementation, bound once. */
export class Port<T> {
  private impl: T | null = null;

  constructor(readonly name: string) {}

  get bound(): boolean {
    return this.impl !== null;
  }

  bind(impl: T): void {
    if (this.impl !== null) throw new Error(`outbox port ${this.name} is bound twice`);
    this.impl = impl;
  }

  get(): T {
    if (this.impl === null) throw new Error(`outbox port ${this.name} is not bound`);
    return this.impl;
  }
}

/**
 * What the outbox needs from the modules above it. The conversations and the webhooks import the
 * outbox (to enqueue replies, to move rows on status webhooks), so the outbox cannot import them:
 * each binds its part when its module initialises, and the application refuses to start if a
 * part is missing, rather than sending without it.
 */
@Injectable()
export class OutboxPorts implements OnApplicationBootstrap {
  readonly replies = new Port<MessageReplies>('MessageReplies');
  readonly windows = new Port<CustomerWindows>('CustomerWindows');
  readonly parkedStatuses = new Port<ParkedStatuses>('ParkedStatuses');
  readonly marketingOptOuts = new Port<MarketingOptOuts>('MarketingOptOuts');

  onApplicationBootstrap(): void {
    const unbound = [this.replies, this.windows, this.parkedStatuses, this.marketingOptOuts].filter((p) => !p.bound).map((p) => p.name);
    if (unbound.length > 0) throw new Error(`outbox ports not bound: ${unbound.join(', ')}`);
  }
}
