'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { toProblem } from '@/lib/api';
import { filtersQuery, type ListFilters } from '@/lib/list-filters';
import type { Loaded } from '@/lib/server-api';
import { conversationKeys, fetchConversationPage, type ConversationPage } from '@/features/conversations/conversations.queries';

/**
 * The conversations the filters select, a cursor page at a time. The server render's first page
 * seeds the query only while the URL still asks for what the server rendered; while other filters
 * load, the previous list stays on screen.
 */
export function useConversationPages(filters: ListFilters, serverFilters: ListFilters, initial: Loaded<ConversationPage>) {
  const seeded = filtersQuery(filters) === filtersQuery(serverFilters) ? initial : null;
  const query = useInfiniteQuery({
    queryKey: conversationKeys.list(filters),
    queryFn: ({ pageParam }) => fetchConversationPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ConversationPage) => last.next_cursor,
    initialData: seeded?.ok ? { pages: [seeded.data], pageParams: [null] } : undefined,
    enabled: seeded ? seeded.ok : true,
    placeholderData: (previous) => previous,
  });
  const conversations = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const problem = query.error ? toProblem(query.error) : seeded && !seeded.ok && !query.data ? seeded.problem : null;
  return { query, conversations, problem };
}
