'use client';

import { useEffect, useState } from 'react';
import { browserApi } from '@/lib/api';
import { onLiveEvent } from '@/lib/live';
import { onTyping, othersHere, TYPING_EVERY_MS, VIEWING_EVERY_MS, type ThreadViewer } from '@/lib/viewers';
import { useCurrentStaff } from '@/features/auth/current-staff';

/**
 * This tab is in the thread: it says so every 10 s (and while its agent types), says it left when
 * it goes, and hears who else is here from the live stream. Best effort: a failed call is only a
 * colleague not shown for a moment.
 */
export function useThreadViewers(conversationId: string): ThreadViewer[] {
  const me = useCurrentStaff().id;
  const [viewers, setViewers] = useState<ThreadViewer[]>([]);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    let stopped = false;
    let lastTyping = 0;
    const say = (typing: boolean) =>
      browserApi()
        .client.POST('/v1/conversations/{id}/viewing', { params: { path: { id: conversationId } }, body: { typing } })
        .then(({ data }) => {
          if (!stopped && data) setViewers(data.viewers);
        })
        .catch(() => undefined);
    void say(false);
    const beat = setInterval(() => void say(false), VIEWING_EVERY_MS);
    const stopTyping = onTyping((id) => {
      if (id !== conversationId || Date.now() - lastTyping < TYPING_EVERY_MS) return;
      lastTyping = Date.now();
      void say(true);
    });
    const stopHearing = onLiveEvent((type, data) => {
      const event = data as { conversation_id?: string; viewers?: ThreadViewer[] } | null;
      if (type === 'conversation.viewers' && event?.conversation_id === conversationId && Array.isArray(event.viewers)) setViewers(event.viewers);
    });
    // Lapsed marks disappear without anyone saying so.
    const tick = setInterval(() => setNow(Date.now()), 1_000);
    // Leaving the thread, or the page (a reload, a closed tab: no cleanup runs then), is said at once.
    const leave = () =>
      void fetch(`/v1/conversations/${conversationId}/viewing`, { method: 'DELETE', keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
    window.addEventListener('pagehide', leave);
    return () => {
      stopped = true;
      clearInterval(beat);
      clearInterval(tick);
      stopTyping();
      stopHearing();
      window.removeEventListener('pagehide', leave);
      setViewers([]);
      leave();
    };
  }, [conversationId]);

  return othersHere(viewers, me, now);
}
