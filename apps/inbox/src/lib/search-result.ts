import type { SearchResult } from '@sendbook/api-contract';

/** How a search result reads: who wrote it, what matched when it was not the words, and where it opens. */
const KINDS: Readonly<Record<SearchResult['kind'], string>> = { inbound: 'Customer', message: 'Reply', note: 'Note' };
const MATCHED: Readonly<Record<SearchResult['matched'], string | null>> = {
  text: null,
  contact_name: 'Name',
  phone: 'Number',
  trigger_ref: 'Trigger ref',
  dedupe_key: 'Dedupe key',
  wamid: 'wamid',
};

export const kindLabel = (kind: SearchResult['kind']): string => KINDS[kind];

/** Null when the message's own words matched (the excerpt says so); else which field. */
export const matchedLabel = (matched: SearchResult['matched']): string | null => MATCHED[matched];

/** The thread, opened at the message. */
export function resultHref(result: Pick<SearchResult, 'conversation_id' | 'id'>): string {
  return `/conversations/${encodeURIComponent(result.conversation_id)}?message=${encodeURIComponent(result.id)}`;
}

/** The URL of a search, so a search is a link to share or come back to. */
export function searchHref(q: string): string {
  const trimmed = q.trim();
  return trimmed === '' ? '/search' : `/search?${new URLSearchParams({ q: trimmed }).toString()}`;
}
