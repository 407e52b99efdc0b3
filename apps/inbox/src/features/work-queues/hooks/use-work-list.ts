'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { toProblem } from '@/lib/api';
import type { Problem } from '@/lib/problem';
import type { Loaded } from '@/lib/server-api';
import type { WorkFilters } from '@/lib/work-filters';
import type { WorkKind } from '@/lib/work-kinds';
import { joinPages } from '@/lib/work-pages';
import { workListQuery, type WorkItems } from '@/features/work-queues/work-queues.queries';

/**
 * A queue's items, a cursor page at a time, seeded by the server render. When the render could
 * not load them, the browser asks again only when the person presses "Try again".
 */
export function useWorkList(kind: WorkKind, filters: WorkFilters, initial: Loaded<WorkItems>) {
  const listQuery = workListQuery(kind, filters);
  const query = useInfiniteQuery({
    ...listQuery,
    initialData: initial.ok ? { pages: [initial.data], pageParams: [null] } : undefined,
    initialDataUpdatedAt: initial.ok ? initial.at : undefined,
    refetchInterval: initial.ok ? listQuery.refetchInterval : undefined,
    enabled: initial.ok,
    retry: initial.ok ? undefined : false,
  });
  const items = useMemo(() => joinPages(query.data?.pages ?? []), [query.data]);
  const problem: Problem | null = query.data && !query.isError ? null : query.error ? toProblem(query.error) : initial.ok ? null : initial.problem;
  return { query, items, problem };
}
