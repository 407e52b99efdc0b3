'use client';

import { useQuery } from '@tanstack/react-query';
import { viewersLine } from '@/lib/viewers';
import { teamQuery } from '@/features/conversations/conversations.queries';
import { useThreadViewers } from '@/features/presence/hooks/use-thread-viewers';
import styles from './presence.module.css';

/** Who else is in this thread, and whether they are typing: so two agents do not answer at once unawares. */
export function ThreadViewers({ conversationId }: { conversationId: string }) {
  const others = useThreadViewers(conversationId);
  const team = useQuery(teamQuery);
  const named = others.map((o) => ({ name: team.data?.find((m) => m.id === o.staff_id)?.name ?? 'A colleague', typing: o.typing }));
  const line = viewersLine(named);
  return (
    <span className={styles.viewers} role="status" aria-live="polite" data-typing={named.some((n) => n.typing) || undefined}>
      {line ? (
        <>
          <span className={styles.viewerDot} aria-hidden />
          {line}
        </>
      ) : null}
    </span>
  );
}
