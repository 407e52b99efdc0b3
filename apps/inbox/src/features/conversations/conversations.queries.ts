import type { InfiniteData } from '@tanstack/react-query';
import type { Conversation, ConversationSummary, RecentPurpose, TimelineEntry } from '@sendbook/api-contract';
import { browserApi, unwrap, type Api } from '@/lib/api';
import type { ListFilters } from '@/lib/list-filters';
import { idempotencyHeaders } from '@/lib/request-id';

/** Conversations: the list (newest activity first, by view and filters), its counts, and one thread with its timeline. */
export const PAGE_SIZE = 50;
/** Older pages of a thread: the API's largest, so scrolling back through a long thread asks less often. */
export const OLDER_PAGE_SIZE = 200;

export const conversationKeys = {
  all: ['conversations'] as const,
  lists: () => ['conversations', 'list'] as const,
  list: (filters: ListFilters) => ['conversations', 'list', filters] as const,
  // Under `list`, so whatever makes the list stale (a live event, an assignment) refreshes the counts too.
  counts: () => ['conversations', 'list', 'counts'] as const,
  details: () => ['conversations', 'detail'] as const,
  detail: (id: string) => ['conversations', 'detail', id] as const,
  team: ['team'] as const,
  labels: ['conversations', 'list', 'labels'] as const,
};

/** Labels in use, most used first (under `list`: whatever refreshes the list refreshes them). */
export const labelsQuery = {
  queryKey: conversationKeys.labels,
  queryFn: () => unwrap(browserApi().client.GET('/v1/conversations/labels')),
};

export function replaceLabels(id: string, labels: string[], requestId: string) {
  return unwrap(
    browserApi().client.PUT('/v1/conversations/{id}/labels', { params: { path: { id } }, body: { labels }, headers: idempotencyHeaders(requestId) }),
  );
}

/** `until`: an ISO time, or `customer_reply`. */
export function snoozeConversation(id: string, until: string, requestId: string) {
  return unwrap(
    browserApi().client.POST('/v1/conversations/{id}/snooze', { params: { path: { id } }, body: { until }, headers: idempotencyHeaders(requestId) }),
  );
}

export function wakeConversation(id: string, requestId: string) {
  return unwrap(browserApi().client.DELETE('/v1/conversations/{id}/snooze', { params: { path: { id } }, headers: idempotencyHeaders(requestId) }));
}

export function fetchConversations(api: Api, filters: ListFilters, cursor: string | null = null) {
  return api.client.GET('/v1/conversations', {
    params: {
      query: {
        state: filters.state === 'all' ? undefined : filters.state,
        view: filters.view,
        q: filters.q.trim() || undefined,
        window: filters.windowOpen ? 'open' : undefined,
        label: filters.label || undefined,
        limit: PAGE_SIZE,
        cursor: cursor ?? undefined,
      },
    },
  });
}

export type ConversationPage = { data: ConversationSummary[]; next_cursor: string | null };
export type ConversationPages = InfiniteData<ConversationPage, string | null>;

export const fetchConversationPage = (filters: ListFilters, cursor: string | null) => unwrap(fetchConversations(browserApi(), filters, cursor));

export type ConversationCounts = { mine: number; unassigned: number; all: number; unread: number };
export const fetchCounts = () => unwrap(browserApi().client.GET('/v1/conversations/counts'));

export function fetchConversation(api: Api, id: string) {
  return api.client.GET('/v1/conversations/{id}', { params: { path: { id } } });
}

export type ConversationDetail = { conversation: Conversation; timeline: TimelineEntry[]; older_cursor: string | null; recent_purposes: RecentPurpose[] };

/** An older page of a thread's timeline (the detail carries only the newest page). */
export function fetchOlderTimeline(id: string, before: string, limit = OLDER_PAGE_SIZE) {
  return unwrap(browserApi().client.GET('/v1/conversations/{id}/timeline', { params: { path: { id }, query: { before, limit } } }));
}

export const conversationQuery = (id: string) => ({
  queryKey: conversationKeys.detail(id),
  queryFn: (): Promise<ConversationDetail> => unwrap(fetchConversation(browserApi(), id)),
});

export type TeamMember = { id: string; name: string; role: 'agent' | 'admin'; availability: 'available' | 'busy' | 'away'; online: boolean };
export const teamQuery = {
  queryKey: conversationKeys.team,
  queryFn: async (): Promise<TeamMember[]> => (await unwrap(browserApi().client.GET('/v1/team'))).data,
  staleTime: 5 * 60_000,
};

/** The agent has seen the thread: its unread count goes back to zero (and, if configured, blue ticks at Meta). */
export function markSeen(api: Api, id: string, requestId: string) {
  return api.client.POST('/v1/conversations/{id}/seen', { params: { path: { id } }, headers: idempotencyHeaders(requestId) });
}

export type ConversationChange = { state?: 'open' | 'closed'; assignee?: string | null };

export function updateConversation(id: string, change: ConversationChange, requestId: string) {
  return unwrap(browserApi().client.PATCH('/v1/conversations/{id}', { params: { path: { id } }, body: change, headers: idempotencyHeaders(requestId) }));
}

export function addNote(id: string, text: string, requestId: string) {
  return unwrap(browserApi().client.POST('/v1/conversations/{id}/notes', { params: { path: { id } }, body: { text }, headers: idempotencyHeaders(requestId) }));
}

export type ReplyBody = { text: string } | { template: Record<string, unknown> } | { media: { upload_id: string; caption?: string; voice?: boolean } };

/** An agent's reply. `client_request_id` makes a second press (or a retry after a lost answer) the same send. */
export function sendReply(id: string, body: ReplyBody, replyTo: string | null, requestId: string) {
  return unwrap(
    browserApi().client.POST('/v1/conversations/{id}/replies', {
      params: { path: { id } },
      body: { ...body, ...(replyTo ? { reply_to: replyTo } : {}), client_request_id: requestId },
      headers: idempotencyHeaders(requestId),
    }),
  );
}
