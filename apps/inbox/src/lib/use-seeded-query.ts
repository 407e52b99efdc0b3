'use client';

import { useQuery, type QueryKey } from '@tanstack/react-query';
import { toProblem } from './api';
import type { Problem } from './problem';
import type { Loaded } from './server-api';

/**
 * A query whose first answer came from the server render. Success seeds the cache (no second
 * fetch on load); a failure is shown as it is, and the browser asks again only when the person
 * presses "Try again" (asking at once would only repeat it). Afterwards the query lives as usual:
 * refetched on focus and when live events say it changed.
 */
export interface SeededQuery<T> {
  readonly queryKey: QueryKey;
  readonly queryFn: () => Promise<T>;
  readonly refetchInterval?: number;
}

export function useSeededQuery<T>(options: SeededQuery<T>, initial: Loaded<T>) {
  const query = useQuery<T, Error, T, QueryKey>({
    queryKey: options.queryKey,
    queryFn: options.queryFn,
    refetchInterval: initial.ok ? options.refetchInterval : undefined,
    initialData: initial.ok ? initial.data : undefined,
    initialDataUpdatedAt: initial.ok ? initial.at : undefined,
    enabled: initial.ok,
    retry: initial.ok ? undefined : false,
  });
  const problem: Problem | null =
    query.data !== undefined && !query.isError ? null : query.error ? toProblem(query.error) : initial.ok ? null : initial.problem;
  return { ...query, problem, retry: () => void query.refetch() };
}
