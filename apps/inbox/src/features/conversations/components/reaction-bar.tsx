'use client';

import type { ThreadItem } from '@/lib/thread';
import { useReact } from '@/features/conversations/hooks/use-react';
import styles from './reaction-bar.module.css';

/** The few emoji an agent reacts with, as WhatsApp offers them first. */
export const AGENT_REACTIONS = ['👍', '❤️', '😂', '😮', '🙏'] as const;

/** Where a thread's reaction bars send to (ArticleActions.reactions): the conversation, and whether its window is open. */
export interface ReactionTarget {
  readonly conversationId: string;
  /** Reactions are free-form messages: only inside the 24 h window. */
  readonly windowOpen: boolean;
}

type Reactable = Extract<ThreadItem, { kind: 'inbound' | 'outbound' }>;

/** The message's id for the API and its wamid, or null when it cannot be reacted to (ours not yet accepted, a reaction). */
function targetOf(item: Reactable): { id: string } | null {
  if (item.kind === 'inbound') return item.inbound.reaction ? null : { id: item.inbound.id };
  return item.message.wamid && item.message.payload.type !== 'reaction' ? { id: item.message.id } : null;
}

/**
 * On a message: the business's own reaction ("You reacted 👍"), and, when the article is hovered or
 * focused inside an open window, a few emoji buttons (`React 👍`, …). Pressing the one already on
 * the message takes it back.
 */
export function ReactionBar({ item, target }: { item: Reactable; target: ReactionTarget | undefined }) {
  const mine = item.agentReaction;
  const reactTo = target ? targetOf(item) : null;
  return (
    <>
      {mine ? (
        <span className={styles.mine} role="img" aria-label={`You reacted ${mine}`} title="Your reaction">
          {mine}
        </span>
      ) : null}
      {target?.windowOpen && reactTo ? <Buttons conversationId={target.conversationId} messageId={reactTo.id} mine={mine} /> : null}
    </>
  );
}

function Buttons({ conversationId, messageId, mine }: { conversationId: string; messageId: string; mine: string | null }) {
  const { react, pending } = useReact(conversationId);
  return (
    <span className={styles.bar} role="group" aria-label="React to this message">
      {AGENT_REACTIONS.map((emoji) => (
        <button
          key={emoji}
          type="button"
          className={styles.emoji}
          aria-label={`React ${emoji}`}
          aria-pressed={mine === emoji}
          title={mine === emoji ? `Take back your ${emoji}` : `React ${emoji}`}
          disabled={pending}
          onClick={() => react(messageId, mine === emoji ? '' : emoji)}
        >
          {emoji}
        </button>
      ))}
    </span>
  );
}
