'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { conversationKeys, fetchCounts } from '@/features/conversations/conversations.queries';
import { tabTitle, unreadInViews, type NotificationView } from '@/lib/notify';

/**
 * The tab title starts with `(N) ` while N conversations in the person's views are unread. N comes
 * from the conversation counts, which every live event that changes a thread refetches (they sit
 * under the list's key). Next writes each page's own title on navigation (and streams it, so it
 * can go and come back): a MutationObserver on <head> puts the count back in front each time.
 */
export function useTabTitle(views: readonly NotificationView[]): number {
  const counts = useQuery({ queryKey: conversationKeys.counts(), queryFn: fetchCounts });
  const byView = counts.data?.unread_by_view;
  const unread = byView ? unreadInViews(byView, views) : 0;

  useEffect(() => {
    const apply = () => {
      if (document.title === '') return;
      const wanted = tabTitle(document.title, unread);
      if (wanted !== document.title) document.title = wanted;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [unread]);

  return unread;
}
