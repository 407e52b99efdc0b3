import type { QueryKey } from '@tanstack/react-query';

/**
 * What each live event makes stale, as query-key prefixes (see each feature's *.queries.ts):
 * `['conversations', 'list' | 'detail', …]`, `['work-items', kind]`, `['work-items', 'counts']` (the navigation's counts), `['metrics']`.
 */
export function keysFor(type: string, data: unknown): QueryKey[] {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const conversationId = typeof record.conversation_id === 'string' ? record.conversation_id : null;
  const kind = typeof record.kind === 'string' ? record.kind : null;
  switch (type) {
    case 'inbound.created':
      return [
        ['conversations', 'list'],
        conversationId ? ['conversations', 'detail', conversationId] : ['conversations', 'detail'],
        ['work-items', 'unattributed_inbound'],
        ['work-items', 'counts'],
      ];
    case 'message.status':
      // A row that says "Not delivered:" or "Held:" must say it live; the many sent/delivered/read
      // ticks leave the list alone (a campaign would refetch every agent's list several times a second).
      return record.state === 'failed' || record.state === 'held'
        ? [['conversations', 'detail'], ['work-items'], ['conversations', 'list']]
        : [['conversations', 'detail'], ['work-items']];
    case 'conversation.changed':
      // The waiting-customers queue shows who holds each thread and drops it once answered: refetched only while open on screen.
      return [
        ['conversations', 'list'],
        conversationId ? ['conversations', 'detail', conversationId] : ['conversations', 'detail'],
        ['work-items', 'waiting_customer'],
      ];
    case 'presence.changed':
      // Who is online or available: the team list the dots and the assign menu read.
      return [['team']];
    case 'template.changed':
      // A template submitted, reviewed by Meta, edited or deleted: /templates and the composer's picker.
      return [['templates']];
    case 'team.changed':
      // Teams were made, changed or deleted: the list at /settings/teams.
      return [['teams']];
    case 'work_item.changed':
      return kind ? [['work-items', kind], ['work-items', 'counts'], ['metrics']] : [['work-items'], ['metrics']];
    default:
      return [];
  }
}

/**
 * What an event makes stale soon rather than at once: refreshed at most once per throttle
 * interval (see live.ts). A message an order system sent is `accepted` with no other event the
 * list hears, so its row would keep the old last message; a campaign accepts thousands, and one
 * list refetch per interval per agent is the price, not four a second.
 */
export function soonKeysFor(type: string, data: unknown): QueryKey[] {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  if (type === 'message.status' && record.state === 'accepted') return [['conversations', 'list']];
  // A reply or a close may end a wait past target: the navigation's count follows, throttled (a busy inbox changes threads all the time).
  if (type === 'conversation.changed' && (record.change === 'reply' || record.change === 'updated')) return [['work-items', 'counts']];
  return [];
}
