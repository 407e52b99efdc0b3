import type { InfiniteData } from '@tanstack/react-query';
import type { Conversation, RecentPurpose, TimelineEntry } from '@sendbook/api-contract';
import { browserApi, unwrap, type Api } from '../../lib/api';
import { idempotencyHeaders } from '../../lib/request-id';

/** Conversations: the list (newest activity first, by state) and one thread with its timeline. */
export type ConversationFilter = 'open' | 'closed' | 'all';
export const CONVERSATION_FILTERS: readonly ConversationFilter[] = ['open', 'closed', 'all'];
export const PAGE_SIZE = 50;

export const conversationKeys = {
  all: ['conversations'] as const,
  lists: () => ['conversations', 'list'] as const,
  list: (filter: ConversationFilter) => ['conversations', 'list', filter] as const,
  details: () => ['conversations', 'detail'] as const,
  detail: (id: string) => ['conversations', 'detail', id] as const,
};

export function filterFrom(value: string | null | undefined): ConversationFilter {
  return value === 'closed' || value === 'all' ? value : 'open';
}

export function fetchConversations(api: Api, filter: ConversationFilter, cursor: string | null = null) {
  return api.client.GET('/v1/conversations', {
    params: { query: { state: filter === 'all' ? undefined : filter, limit: PAGE_SIZE, cursor: cursor ?? undefined } },
  });
}

export type ConversationPage = { data: Conversation[]; next_cursor: string | null };
export type ConversationPages = InfiniteData<ConversationPage, string | null>;

export const fetchConversationPage = (filter: ConversationFilter, cursor: string | null) => unwrap(fetchConversations(browserApi(), filter, cursor));

export function fetchConversation(api: Api, id: string) {
  return api.client.GET('/v1/conversations/{id}', { params: { path: { id } } });
}

export type ConversationDetail = { conversation: Conversation; timeline: TimelineEntry[]; older_cursor: string | null; recent_purposes: RecentPurpose[] };

/** An older page of a thread's timeline (the detail carries only the newest page). */
export function fetchOlderTimeline(id: string, before: string) {
  return unwrap(browserApi().client.GET('/v1/conversations/{id}/timeline', { params: { path: { id }, query: { before } } }));
}

export const conversationQuery = (id: string) => ({
  queryKey: conversationKeys.detail(id),
  queryFn: (): Promise<ConversationDetail> => unwrap(fetchConversation(browserApi(), id)),
});

/** The agent has seen the thread: its unread count goes back to zero. */
export function markSeen(api: Api, id: string, requestId: string) {
  return api.client.POST('/v1/conversations/{id}/seen', { params: { path: { id } }, headers: idempotencyHeaders(requestId) });
}
