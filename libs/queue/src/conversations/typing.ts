import { decideFreeFormAt } from '@sendbook/whatsapp';

// The typing indicator an agent's typing sends the customer (Meta's mark-as-read with
// `typing_indicator`): it shows "typing…" under the customer's last message for up to 25 s, or until
// the reply arrives, and marks that message (and all before it) read.

/** At most one typing indicator per conversation this often: one keeps "typing…" on while the agent types. */
export const TYPING_INDICATOR_INTERVAL_MS = 20_000;

/**
 * The slot is held this much longer than the interval: the indicator leaves after the answer, and
 * one that waits a little longer for its connection than the one before must still reach Meta at
 * least the interval after it (CI saw 19,962 ms between two arrivals without it).
 */
export const TYPING_DEPARTURE_MARGIN_MS = 500;

export type TypingDecision =
  /** Send it for the customer's last message, `wamid`. */
  | { readonly kind: 'send'; readonly wamid: string }
  /** Outside the 24 h window the agent can only send a template: nobody is typing an answer. */
  | { readonly kind: 'window_closed' }
  /** The customer wrote nothing in this thread: there is no message to show it under. */
  | { readonly kind: 'nothing_to_answer' };

/**
 * Whether an agent's typing may show at the customer now (the throttle is taken separately, in one
 * atomic step, once this says `send`): only inside the window, under the customer's newest message.
 */
export function decideTyping(input: { windowOpenUntil: Date | null; newestInboundWamid: string | null; now: Date }): TypingDecision {
  if (decideFreeFormAt(input.windowOpenUntil, input.now) === 'closed') return { kind: 'window_closed' };
  if (!input.newestInboundWamid) return { kind: 'nothing_to_answer' };
  return { kind: 'send', wamid: input.newestInboundWamid };
}

/** The Redis key that holds a conversation's typing slot (SET NX PX): `<prefix>:typing:<conversation id>`. */
export function typingSlotKey(prefix: string, conversationId: string): string {
  return `${prefix}:typing:${conversationId}`;
}
