// Which outbound messages "await an answer": the ones an unquoted inbound reply may belong to.

/** How far back an outbound message may still be awaiting an answer (Meta's window: 24 h). */
export const AWAITING_ANSWER_MS = 24 * 60 * 60 * 1000;

/**
 * Whether an outbound message expects the customer to answer: interactive messages (buttons,
 * lists, flows…), templates sent with quick-reply button parameters, and any message whose
 * purpose is configured as expecting a reply (e.g. a template with static quick replies).
 */
export function expectsReply(payload: Readonly<Record<string, unknown>>, purpose: string, replyPurposes: readonly string[]): boolean {
  if (replyPurposes.includes(purpose)) return true;
  if (payload.type === 'interactive') return true;
  if (payload.type !== 'template') return false;
  const template = payload.template;
  const components = isRecord(template) && Array.isArray(template.components) ? template.components : [];
  return components.some((c) => isRecord(c) && c.type === 'button' && (c.sub_type === 'quick_reply' || c.sub_type === 'flow'));
}

export interface AwaitingCandidate {
  readonly id: string;
  /** When it was sent (accepted by the API); null if never sent. */
  readonly sentAt: Date | null;
  readonly expectsReply: boolean;
  /** Whether an inbound message is already linked to it. */
  readonly answered: boolean;
}

/**
 * The messages awaiting an answer at `at` (the inbound message's own timestamp): sent in the 24 h
 * before it (a little slack after, since Meta's timestamp has whole seconds), expecting a reply,
 * not yet answered. Newest first.
 */
export function awaitingAnswer(candidates: readonly AwaitingCandidate[], at: Date, windowMs = AWAITING_ANSWER_MS, slackMs = 5_000): string[] {
  const from = at.getTime() - windowMs;
  const to = at.getTime() + slackMs;
  return candidates
    .filter((c) => c.expectsReply && !c.answered && c.sentAt !== null && c.sentAt.getTime() > from && c.sentAt.getTime() <= to)
    .sort((a, b) => (b.sentAt?.getTime() ?? 0) - (a.sentAt?.getTime() ?? 0))
    .map((c) => c.id);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
