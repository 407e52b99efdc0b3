'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { toProblem } from '@/lib/api';
import type { Loaded } from '@/lib/server-api';
import { fetchSearchPage, searchKeys, type SearchPage } from '../search.queries';

/**
 * The results of the query in the URL, a cursor page at a time (Load more). The server render's
 * first page seeds it while the URL still asks what the server rendered; while another query loads,
 * the previous results stay on screen, marked busy.
 */
export function useSearchResults(q: string, initial: { q: string; loaded: Loaded<SearchPage> } | null) {
  const seeded = initial && initial.q === q ? initial.loaded : null;
  const query = useInfiniteQuery({
    queryKey: searchKeys.query(q),
    queryFn: ({ pageParam }) => fetchSearchPage(q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: SearchPage) => last.next_cursor,
    initialData: seeded?.ok ? { pages: [seeded.data], pageParams: [null] } : undefined,
    enabled: q !== '' && (seeded ? seeded.ok : true),
    placeholderData: (previous) => (q === '' ? undefined : previous),
    staleTime: 30_000,
  });
  // A message can be found twice over the pages (its words, and its contact's name): shown once.
  const results = useMemo(() => {
    const seen = new Set<string>();
    return (query.data?.pages.flatMap((page) => page.results) ?? []).filter((r) => {
      const key = `${r.kind}:${r.id}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }, [query.data]);
  const problem = query.error ? toProblem(query.error) : seeded && !seeded.ok && !query.data ? seeded.problem : null;
  return { query, results, problem };
}
