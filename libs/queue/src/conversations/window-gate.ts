// The sender's question before a free-form message: is the customer-service window open?

export type FreeFormDecision = 'open' | 'closed';

/** Open strictly before `windowOpenUntil`; closed when no inbound message is known. */
export function decideFreeFormAt(windowOpenUntil: Date | null, now: Date): FreeFormDecision {
  return windowOpenUntil !== null && now.getTime() < windowOpenUntil.getTime() ? 'open' : 'closed';
}

