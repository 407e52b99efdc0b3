import type { Message } from '@sendbook/api-contract';

/**
 * An outbound message's state as people read it: one word (the contract's accessible name for the
 * state), a tone for colour, and a sentence saying what it means for the customer. Never prettier
 * than the truth: `accepted` is not `sent`, `sending` may have reached Meta.
 */
export type OutboundState = Message['state'];
export type Tone = 'neutral' | 'progress' | 'success' | 'warning' | 'danger' | 'muted';

export interface StateDisplay {
  readonly word: string;
  readonly tone: Tone;
  readonly meaning: string;
  /** Whether the message may still change on its own (no one has to act). */
  readonly settled: boolean;
}

const STATES: Readonly<Record<OutboundState, StateDisplay>> = {
  queued: { word: 'Queued', tone: 'muted', meaning: 'Waiting its turn to be sent.', settled: false },
  sending: { word: 'Sending', tone: 'progress', meaning: 'Being handed to WhatsApp now.', settled: false },
  held: { word: 'Held', tone: 'warning', meaning: 'Held back: someone has to decide before it is sent.', settled: true },
  accepted: { word: 'Accepted', tone: 'progress', meaning: 'WhatsApp accepted it; not yet sent to the phone.', settled: false },
  sent: { word: 'Sent', tone: 'neutral', meaning: 'Sent by WhatsApp; not yet delivered to the phone.', settled: false },
  delivered: { word: 'Delivered', tone: 'neutral', meaning: "Delivered to the customer's phone.", settled: false },
  read: { word: 'Read', tone: 'success', meaning: 'The customer read it.', settled: true },
  played: { word: 'Played', tone: 'success', meaning: 'The customer played the voice message.', settled: true },
  failed: { word: 'Failed', tone: 'danger', meaning: 'Not delivered.', settled: true },
  cancelled: { word: 'Cancelled', tone: 'muted', meaning: 'Cancelled by hand; it will not be sent.', settled: true },
};

export function outboundState(state: OutboundState): StateDisplay {
  return STATES[state] ?? { word: capitalise(String(state)), tone: 'neutral', meaning: 'A state this inbox does not know yet.', settled: false };
}

export const OUTBOUND_STATES = Object.keys(STATES) as OutboundState[];

/** When the message reached its current state, from the timestamps the API keeps. */
export function stateReachedAt(
  message: Pick<
    Message,
    | 'state'
    | 'created_at'
    | 'updated_at'
    | 'sending_started_at'
    | 'accepted_at'
    | 'sent_at'
    | 'delivered_at'
    | 'read_at'
    | 'played_at'
    | 'failed_at'
    | 'cancelled_at'
  >,
): string {
  const at: Partial<Record<OutboundState, string | null>> = {
    queued: message.created_at,
    sending: message.sending_started_at,
    accepted: message.accepted_at,
    sent: message.sent_at,
    delivered: message.delivered_at,
    read: message.read_at,
    played: message.played_at,
    failed: message.failed_at,
    cancelled: message.cancelled_at,
  };
  return at[message.state] ?? message.updated_at;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
