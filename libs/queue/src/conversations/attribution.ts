// Reply attribution: which outbound message (if any) an inbound message answers. Pure: the caller
// looks up what the named wamid is and which messages await an answer, this decides.

export type Attribution = 'message' | 'conversation' | 'unattributed';
export const ATTRIBUTIONS: readonly Attribution[] = ['message', 'conversation', 'unattributed'];

/** Why an inbound message got its attribution; stored beside it for the inbox and the audit. */
export type AttributionReason =
  /** context.id names one of our outbound messages. */
  | 'context_outbound'
  /** context.id names the customer's own earlier inbound message: stays in the thread. */
  | 'context_inbound'
  /** context.id names a wamid we do not know (sent elsewhere, too old): a work item. */
  | 'context_unknown'
  /** No context; exactly one outbound message awaits an answer: linked to it. */
  | 'single_awaiting'
  /** No context; nothing awaits an answer: placed in the thread. */
  | 'none_awaiting'
  /** No context; two or more messages await an answer ("replied 'yes' to one of three"): a work item. */
  | 'several_awaiting'
  /** A forwarded message: never a reply. */
  | 'forwarded'
  /** A reaction: attached to the message it names, never an answer. */
  | 'reaction'
  /** Set by hand through POST /v1/inbound/{id}/attribute. */
  | 'manual';

/** What the wamid an inbound message names (context.id or reaction.message_id) turned out to be. */
export type NamedTarget = { kind: 'outbound'; messageId: string } | { kind: 'inbound'; inboundId: string } | { kind: 'unknown' };

export interface AttributionInput {
  /** Meta's type of the inbound message. */
  readonly type: string;
  /** context.id, or for a reaction its reaction.message_id; null when absent. */
  readonly namedWamid: string | null;
  /** What `namedWamid` resolved to; ignored when `namedWamid` is null. */
  readonly target: NamedTarget | null;
  /** context.forwarded / context.frequently_forwarded. */
  readonly forwarded: boolean;
  /** Outbound messages to this contact awaiting an answer (see awaitingAnswer), newest first. */
  readonly awaiting: readonly string[];
}

export interface AttributionDecision {
  readonly attribution: Attribution;
  /** The outbound message it answers (or, for a reaction, reacts to), else null. */
  readonly messageId: string | null;
  readonly reason: AttributionReason;
}

export function decideAttribution(input: AttributionInput): AttributionDecision {
  const target = input.namedWamid ? (input.target ?? { kind: 'unknown' }) : null;
  if (input.type === 'reaction') {
    // A reaction belongs with the message it names; it answers nothing, so it is never a work item.
    return target?.kind === 'outbound'
      ? { attribution: 'message', messageId: target.messageId, reason: 'reaction' }
      : { attribution: 'conversation', messageId: null, reason: 'reaction' };
  }
  if (target) {
    if (target.kind === 'outbound') return { attribution: 'message', messageId: target.messageId, reason: 'context_outbound' };
    if (target.kind === 'inbound') return { attribution: 'conversation', messageId: null, reason: 'context_inbound' };
    return { attribution: 'unattributed', messageId: null, reason: 'context_unknown' };
  }
  if (input.forwarded) return { attribution: 'conversation', messageId: null, reason: 'forwarded' };
  if (input.awaiting.length === 0) return { attribution: 'conversation', messageId: null, reason: 'none_awaiting' };
  if (input.awaiting.length === 1) return { attribution: 'conversation', messageId: input.awaiting[0] ?? null, reason: 'single_awaiting' };
  return { attribution: 'unattributed', messageId: null, reason: 'several_awaiting' };
}
