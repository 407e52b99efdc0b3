import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';

/**
 * Every fact one module tells the modules above it, in one place. The outbox sends; the
 * conversations and the webhooks sit above it (they import the outbox), so it cannot call them:
 * it states what happened, and they subscribe. Read this list to know who reacts to a send.
 */
export interface DomainFacts {
  /** Meta accepted a send and the row has its wamid: statuses that beat the answer can be applied (WebhooksService). */
  'send.accepted': { readonly phoneNumberId: string; readonly wamid: string };
  /** Meta answered 131047: the customer-service window is closed, whatever the inbound messages say (ConversationWindowGate). */
  'send.window_closed': { readonly phoneNumberId: string; readonly toWaId: string; readonly at: Date };
  /** Meta answered 131050: the user opted out of marketing; their queued marketing is held (MarketingPreferenceEffects). */
  'send.marketing_refused': { readonly phoneNumberId: string; readonly toWaId: string; readonly at: Date };
}

export type FactName = keyof DomainFacts;

/** The facts a process may publish (a fact added above must be added here: the type says so); each must have its subscriber, or the application refuses to start. */
const FACTS = Object.keys({ 'send.accepted': true, 'send.window_closed': true, 'send.marketing_refused': true } satisfies Record<FactName, true>) as FactName[];

type Handler<K extends FactName> = (fact: DomainFacts[K]) => Promise<unknown>;

/**
 * The in-process bus for DomainFacts. `publish` runs the subscribers in order and returns when
 * they have: the publisher's work (a send) is not done until its consequences are, and a
 * subscriber's failure is the publisher's, as a direct call would be.
 */
@Injectable()
export class FactBus implements OnApplicationBootstrap {
  private readonly handlers = new Map<FactName, Handler<FactName>[]>();

  subscribe<K extends FactName>(name: K, handler: Handler<K>): void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as Handler<FactName>);
    this.handlers.set(name, list);
  }

  async publish<K extends FactName>(name: K, fact: DomainFacts[K]): Promise<void> {
    for (const handler of this.handlers.get(name) ?? []) await handler(fact);
  }

  onApplicationBootstrap(): void {
    const unheard = FACTS.filter((name) => !this.handlers.has(name));
    if (unheard.length > 0) throw new Error(`facts without a subscriber: ${unheard.join(', ')} (the module that reacts to them is missing)`);
  }
}
