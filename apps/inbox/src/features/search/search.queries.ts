import type { InfiniteData } from '@tanstack/react-query';
import type { SearchResult } from '@sendbook/api-contract';
import { browserApi, unwrap, type Api } from '@/lib/api';

/** Search across every thread: a page of results newest first, and the cursor of the next. */
export type SearchPage = { results: SearchResult[]; next_cursor: string | null };
export type SearchPages = InfiniteData<SearchPage, string | null>;

export const SEARCH_MAX = 200;

export const searchKeys = {
  all: ['search'] as const,
  query: (q: string) => ['search', q] as const,
};

export function fetchSearch(api: Api, q: string, cursor: string | null = null) {
  return api.client.GET('/v1/search', { params: { query: { q, cursor: cursor ?? undefined } } });
}

export const fetchSearchPage = (q: string, cursor: string | null) => unwrap(fetchSearch(browserApi(), q, cursor));
