'use client';

import type { NotificationSettings } from '@sendbook/api-contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { conversationQuery } from '@/features/conversations/conversations.queries';
import { onLiveEvent } from '@/lib/live';
import { lastMessageLine } from '@/lib/last-message-line';
import { contactLabel } from '@/lib/message-content';
import { arrivalOf, handoverOf, noticeFor, openConversationOf, type Arrival, type Handover } from '@/lib/notify';
import { notificationPermission } from '../browser-notifications';
import { playChime, prepareChime } from '../chime';

/** Inbound ids already announced: an event heard twice (a resumed stream) rings once. */
const REMEMBERED = 200;

/**
 * A customer's new message in the person's views plays the chime and, when they turned browser
 * notifications on and the browser allows them, shows one (the contact, the first words; tagged
 * with the thread, so a second message replaces the first). Clicking it brings this tab forward on
 * the thread. Nothing for the thread they are looking at, and nothing for any outbound message:
 * lib/notify.ts decides, from the live event alone. A thread handed to them (automatic assignment,
 * or someone else assigning it) rings and shows the same way.
 */
export function useArrivalNotices(me: string, settings: NotificationSettings): void {
  const queryClient = useQueryClient();
  const router = useRouter();
  const pathname = usePathname();
  // What the listener reads when an event comes: the latest, without subscribing again.
  const now = useRef({ settings, pathname, router });
  useEffect(() => {
    now.current = { settings, pathname, router };
  });

  useEffect(() => {
    if (settings.sound) prepareChime();
  }, [settings.sound]);

  useEffect(() => {
    const announced: string[] = [];
    return onLiveEvent((type, data) => {
      const handover = handoverOf(type, data, me);
      if (handover) {
        const { settings: chosen, pathname: path, router: go } = now.current;
        // Handed to me is "mine", whatever views they chose for new messages.
        const notice = noticeFor(
          { inboundId: '', conversationId: handover.conversationId, assignee: me },
          me,
          { ...chosen, views: ['mine'] },
          {
            openConversationId: openConversationOf(path),
            visible: document.visibilityState === 'visible',
            permission: notificationPermission(),
          },
        );
        if (notice.sound) playChime({ inboundId: `handover:${handover.conversationId}`, conversationId: handover.conversationId });
        if (notice.popup) void popUpHandover(handover, queryClient, (href) => go.push(href));
        return;
      }
      const arrival = arrivalOf(type, data);
      if (!arrival || announced.includes(arrival.inboundId)) return;
      announced.push(arrival.inboundId);
      if (announced.length > REMEMBERED) announced.shift();
      const { settings: chosen, pathname: path, router: go } = now.current;
      const notice = noticeFor(arrival, me, chosen, {
        openConversationId: openConversationOf(path),
        visible: document.visibilityState === 'visible',
        permission: notificationPermission(),
      });
      if (notice.sound) playChime(arrival);
      if (notice.popup) void popUp(arrival, queryClient, (href) => go.push(href));
    });
  }, [me, queryClient]);
}

/** The browser notification for a thread handed to the agent: whose it is and why. */
async function popUpHandover(handover: Handover, queryClient: QueryClient, open: (href: string) => void): Promise<void> {
  let who = 'A conversation';
  try {
    const thread = await queryClient.fetchQuery({ ...conversationQuery(handover.conversationId), staleTime: 0 });
    who = contactLabel(thread.conversation.contact);
  } catch {
    // Still say that something is theirs now.
  }
  if (notificationPermission() !== 'granted') return;
  const body = handover.reason === 'unanswered' ? 'Reassigned to you: the customer has been waiting' : 'Assigned to you';
  const notification = new Notification(who, { body, tag: handover.conversationId });
  notification.onclick = () => {
    window.focus();
    open(`/conversations/${handover.conversationId}`);
    notification.close();
  };
}

/** The browser notification: who wrote and what, read from the thread (the live event carries no text). */
async function popUp(arrival: Arrival, queryClient: QueryClient, open: (href: string) => void): Promise<void> {
  let title = 'New message';
  let body = '';
  try {
    const thread = await queryClient.fetchQuery({ ...conversationQuery(arrival.conversationId), staleTime: 0 });
    title = contactLabel(thread.conversation.contact);
    const entry = thread.timeline.find((e) => e.direction === 'inbound' && e.inbound.id === arrival.inboundId);
    body = (entry && entry.direction === 'inbound' ? lastMessageLine(entry, 120) : null) ?? '';
  } catch {
    // Still say that someone wrote, without the words.
  }
  if (notificationPermission() !== 'granted') return;
  const notification = new Notification(title, { body, tag: arrival.conversationId });
  notification.onclick = () => {
    window.focus();
    open(`/conversations/${arrival.conversationId}`);
    notification.close();
  };
}
