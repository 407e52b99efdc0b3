'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { linkedMessage } from '@/lib/message-target';

/**
 * `/conversations/{id}?message={id}` (a search result, a shared link) opens the thread at that
 * message: older pages are loaded until it is there, then it is scrolled to, focused and
 * highlighted like a quote's target (useJumpToMessage). Once per message named, so live updates
 * of the thread later do not pull the agent back to it.
 */
export function useOpenAtMessage(find: (wanted: string) => void): void {
  const wanted = useSearchParams().get('message');
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!wanted || opened.current === wanted) return;
    opened.current = wanted;
    find(linkedMessage(wanted));
  }, [wanted, find]);
}
