import type { TimelineEntry } from '@sendbook/api-contract';

/**
 * The business's own reactions, as the thread draws them: each agent reaction (an outbound
 * `reaction` row) sits on the message it names instead of being a bubble of its own; the latest
 * wins and an empty emoji clears it. One that did not go out (failed, held, cancelled) stays a
 * bubble with its state, so the thread never shows a reaction the customer did not get.
 */
export interface AgentReactions {
  /** Item key of the message reacted to → the emoji on it (null: taken back). */
  readonly on: ReadonlyMap<string, string | null>;
  /** Outbound message ids drawn on their target instead of as bubbles. */
  readonly placed: ReadonlySet<string>;
}

const NOT_OUT = new Set(['failed', 'held', 'cancelled']);

/** `keyOfWamid`: the item key of a loaded message by its wamid, or undefined when it is not loaded. */
export function agentReactions(timeline: readonly TimelineEntry[], keyOfWamid: (wamid: string) => string | undefined): AgentReactions {
  const on = new Map<string, string | null>();
  const placed = new Set<string>();
  for (const entry of timeline) {
    if (entry.direction !== 'outbound' || entry.message.payload.type !== 'reaction' || NOT_OUT.has(entry.message.state)) continue;
    const reaction = entry.message.payload.reaction as { message_id?: unknown; emoji?: unknown } | undefined;
    const target = typeof reaction?.message_id === 'string' ? keyOfWamid(reaction.message_id) : undefined;
    if (!target) continue;
    on.set(target, typeof reaction?.emoji === 'string' && reaction.emoji !== '' ? reaction.emoji : null);
    placed.add(entry.message.id);
  }
  return { on, placed };
}
