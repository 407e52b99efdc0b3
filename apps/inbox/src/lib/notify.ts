import type { NotificationSettings } from '@sendbook/api-contract';

/**
 * What tells an agent a customer wrote, as rules: which live events are a customer's new message,
 * whether one is in the agent's views, whether it plays the chime and shows a browser notification,
 * and what the tab title says. Pure: the hooks in features/notifications do the DOM.
 */
export type NotificationView = NotificationSettings['views'][number];

/** A customer's new message, as `inbound.created` announces it. */
export interface Arrival {
  readonly inboundId: string;
  readonly conversationId: string;
  /** As the message was placed: null is unassigned. */
  readonly assignee: string | null;
}

/** Inbound types that are not the customer writing (Meta's `system` notices: a number changed, say). */
const NOT_WRITTEN = new Set(['system']);

/**
 * The customer's message an event announces, or null for anything else: every outbound row (an
 * agent's reply, whoever sent it, a template, a campaign), a note, a status tick, a system notice.
 * An event without a `direction` is read as its type says (an older API's `inbound.created` is inbound).
 */
export function arrivalOf(type: string, data: unknown): Arrival | null {
  if (type !== 'inbound.created' || typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  if (record.direction !== undefined && record.direction !== 'inbound') return null;
  if (typeof record.type === 'string' && NOT_WRITTEN.has(record.type)) return null;
  if (typeof record.inbound_id !== 'string' || typeof record.conversation_id !== 'string') return null;
  const assignee = typeof record.assignee === 'string' ? record.assignee : null;
  return { inboundId: record.inbound_id, conversationId: record.conversation_id, assignee };
}

/** A thread handed to someone, as `conversation.changed` announces it (`change: "assigned"`). */
export interface Handover {
  readonly conversationId: string;
  /** `auto`, `unanswered` (taken from a silent assignee), `by_hand`. */
  readonly reason: string | null;
}

/**
 * A thread just handed to `me` by someone else or by automatic assignment, or null: their own
 * taking of it (assigning themselves) tells them nothing new.
 */
export function handoverOf(type: string, data: unknown, me: string): Handover | null {
  if (type !== 'conversation.changed' || typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  if (record.change !== 'assigned' || record.assignee !== me || typeof record.conversation_id !== 'string') return null;
  if (record.by === `staff:${me}`) return null;
  return { conversationId: record.conversation_id, reason: typeof record.reason === 'string' ? record.reason : null };
}

/** Whether a thread assigned to `assignee` is in the views `me` chose: `all` is every thread. */
export function inViews(assignee: string | null, me: string, views: readonly NotificationView[]): boolean {
  if (views.includes('all')) return true;
  if (assignee === null) return views.includes('unassigned');
  return assignee === me && views.includes('mine');
}

/** `Notification.permission`, or `unsupported` in a browser without notifications. */
export type Permission = NotificationPermission | 'unsupported';

/** What the agent is doing when a message arrives. */
export interface Watching {
  /** The thread open in this tab (`/conversations/{id}`), or null. */
  readonly openConversationId: string | null;
  /** `document.visibilityState === 'visible'`. */
  readonly visible: boolean;
  readonly permission: Permission;
}

export interface Notice {
  readonly sound: boolean;
  readonly popup: boolean;
}

const NOTHING: Notice = { sound: false, popup: false };

/**
 * Whether an arrival plays the chime and shows a browser notification. Neither outside the agent's
 * views, and neither for the thread they are looking at (the tab visible, that thread open): they
 * see the message arrive. A pop-up also needs the setting on and the browser's permission.
 */
export function noticeFor(arrival: Arrival, me: string, settings: NotificationSettings, watching: Watching): Notice {
  if (!inViews(arrival.assignee, me, settings.views)) return NOTHING;
  if (watching.visible && watching.openConversationId === arrival.conversationId) return NOTHING;
  return { sound: settings.sound, popup: settings.browser && watching.permission === 'granted' };
}

/** The unread threads of the chosen views: `all` is all of them; mine and unassigned never overlap. */
export function unreadInViews(
  unreadByView: { readonly mine: number; readonly unassigned: number; readonly all: number },
  views: readonly NotificationView[],
): number {
  if (views.includes('all')) return unreadByView.all;
  return (views.includes('mine') ? unreadByView.mine : 0) + (views.includes('unassigned') ? unreadByView.unassigned : 0);
}

const COUNT_PREFIX = /^\(\d+\) /;

/** The tab title: `(3) Conversations · Sendbook` while 3 are unread, the page's own title at 0. */
export function tabTitle(pageTitle: string, unread: number): string {
  const base = pageTitle.replace(COUNT_PREFIX, '');
  return unread > 0 ? `(${unread}) ${base}` : base;
}

/** The thread a path shows (`/conversations/{id}`), or null. */
export function openConversationOf(pathname: string): string | null {
  const match = /^\/conversations\/([^/?#]+)/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** What the browser's permission means for the person, in words. */
export function permissionWords(permission: Permission): string {
  switch (permission) {
    case 'granted':
      return 'Allowed in this browser.';
    case 'denied':
      return 'Blocked in this browser: allow notifications for this site in the browser’s site settings, then reload.';
    case 'default':
      return 'Not allowed yet in this browser.';
    default:
      return 'This browser cannot show notifications.';
  }
}
