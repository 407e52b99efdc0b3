// An agent's reaction to a message of a thread: Meta's `reaction` message, sent through the outbox
// like a reply. Like any free-form message it needs the 24 h window; it names the message it
// reacts to by wamid, and an empty emoji takes the reaction back.

const SEGMENTER = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** A pictograph, a flag's regional indicators, or a keycap (1️⃣). */
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;

/** Why `emoji` cannot be a reaction, or null: one emoji (skin tones, flags and joined sequences count as one), or "" to remove. */
export function reactionEmojiProblem(emoji: string): string | null {
  if (emoji === '') return null;
  const graphemes = [...SEGMENTER.segment(emoji)];
  return graphemes.length === 1 && EMOJI.test(emoji) ? null : 'must be one emoji, or empty to remove the reaction';
}

/** The message reacted to: its wamid (null until WhatsApp accepted one of ours) and its type. */
export interface ReactionTarget {
  readonly wamid: string | null;
  /** Inbound: Meta's type; outbound: the payload's type. */
  readonly type: string;
}

/** Why this message cannot be reacted to, or null. */
export function reactionTargetProblem(target: ReactionTarget): string | null {
  if (target.type === 'reaction') return 'is a reaction itself: react to the message it reacts to';
  if (!target.wamid) return 'has no WhatsApp id yet: it can be reacted to once WhatsApp accepted it';
  return null;
}

/** The outbox payload: Meta's reaction message (it carries no context, Meta refuses one). */
export function reactionPayload(wamid: string, emoji: string): { type: 'reaction'; reaction: { message_id: string; emoji: string } } {
  return { type: 'reaction', reaction: { message_id: wamid, emoji } };
}

/** One reaction per client request: a double click reacts once. */
export function reactionDedupeKey(conversationId: string, requestId: string): string {
  return `conversation:${conversationId}:reaction:${requestId}`;
}
