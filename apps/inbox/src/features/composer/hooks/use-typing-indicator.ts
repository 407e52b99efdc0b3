'use client';

import { useCallback, useEffect, useRef } from 'react';
import { browserApi } from '@/lib/api';
import { afterThrottled, typingDue } from '@/lib/typing';

/**
 * While the agent types in an open window, the customer sees "typing…": the composer calls this on
 * each change of the `Message` box, and it asks the API at most once per 20 s (lib/typing.ts; the
 * API holds the same limit across tabs and agents, and when it says another tab was first this one
 * asks again a second later). Best effort: a refusal or a network error is only a missed indicator,
 * never in the agent's way.
 */
export function useTypingIndicator(conversationId: string, windowOpen: boolean): (text: string) => void {
  const lastAskedAt = useRef<number | null>(null);
  useEffect(() => {
    lastAskedAt.current = null;
  }, [conversationId]);
  return useCallback(
    (text: string) => {
      const now = Date.now();
      if (!windowOpen || text.trim() === '' || !typingDue(lastAskedAt.current, now)) return;
      lastAskedAt.current = now;
      browserApi()
        .client.POST('/v1/conversations/{id}/typing', { params: { path: { id: conversationId } } })
        .then(({ data }) => {
          if (data && !data.sent && data.reason === 'throttled') lastAskedAt.current = afterThrottled(Date.now());
        })
        .catch(() => undefined);
    },
    [conversationId, windowOpen],
  );
}
