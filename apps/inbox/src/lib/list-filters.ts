/**
 * The conversation list's view as the URL holds it, so every view is a deep link:
 * `?view=mine|unassigned` (all by default), `?state=closed|all` (open by default), `?q=` (part of
 * a name or number) and `?window=open` (only threads an agent can answer freely).
 */
export type ConversationView = 'mine' | 'unassigned' | 'all';
export type ConversationState = 'open' | 'snoozed' | 'closed' | 'all';

export interface ListFilters {
  readonly view: ConversationView;
  readonly state: ConversationState;
  readonly q: string;
  readonly windowOpen: boolean;
  /** Only threads with this label ('' for any). */
  readonly label: string;
}

/** The list's views, as the agent sees them named. */
export const VIEWS: readonly { value: ConversationView; label: string }[] = [
  { value: 'mine', label: 'Mine' },
  { value: 'unassigned', label: 'Unassigned' },
  { value: 'all', label: 'All' },
];

export const DEFAULT_FILTERS: ListFilters = { view: 'all', state: 'open', q: '', windowOpen: false, label: '' };
/** The API takes 1..100 characters of search. */
export const SEARCH_MAX = 100;

interface Params {
  get(name: string): string | null;
}

export function filtersFrom(params: Params): ListFilters {
  const view = params.get('view');
  const state = params.get('state');
  return {
    view: view === 'mine' || view === 'unassigned' ? view : 'all',
    state: state === 'closed' || state === 'all' || state === 'snoozed' ? state : 'open',
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX),
    windowOpen: params.get('window') === 'open',
    label: (params.get('label') ?? '').trim().slice(0, 40),
  };
}

/** `?view=mine&q=dana`, defaults left out; empty when every filter is the default. */
export function filtersQuery(filters: ListFilters): string {
  const params = new URLSearchParams();
  if (filters.view !== 'all') params.set('view', filters.view);
  if (filters.state !== 'open') params.set('state', filters.state);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.windowOpen) params.set('window', 'open');
  if (filters.label) params.set('label', filters.label);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** What the list says when it is empty: the filters in words, so the agent knows what to change. */
export function emptyWords(filters: ListFilters): { title: string; body: string } {
  if (filters.q.trim())
    return { title: `No conversation matches “${filters.q.trim()}”`, body: 'Search looks at names and phone numbers. Try part of the number, or another tab.' };
  if (filters.label) return { title: `No conversation labelled “${filters.label}”`, body: 'Pick another label, or none, above the list.' };
  if (filters.state === 'snoozed')
    return { title: 'Nothing snoozed', body: 'Conversations someone snoozes wait here until their time comes or the customer writes.' };
  if (filters.windowOpen)
    return { title: 'No conversation with an open window', body: 'Customers who wrote in the last 24 hours appear here; the others need a template.' };
  if (filters.view === 'mine') return { title: 'Nothing assigned to you', body: 'Conversations someone assigns to you, or you take, appear here.' };
  if (filters.view === 'unassigned') return { title: 'Every conversation has someone', body: 'New conversations nobody has taken appear here.' };
  if (filters.state === 'closed') return { title: 'No closed conversations', body: 'Conversations someone closes move here.' };
  if (filters.state === 'all')
    return { title: 'No conversations yet', body: 'When a customer writes to your WhatsApp number, or you message them, the conversation appears here.' };
  return { title: 'No open conversations', body: 'When a customer writes to your WhatsApp number, their conversation appears here.' };
}
