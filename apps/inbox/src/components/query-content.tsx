'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { toProblem } from '../lib/api';
import type { Problem } from '../lib/problem';
import { ProblemState } from './problem-state';
import type { IconName } from './ui/icon';
import { Loading } from './ui/skeleton';
import { State } from './ui/state';

/** What a list page needs of its query: `useSeededQuery` gives exactly this. */
export interface ListQuery {
  readonly problem: Problem | null;
  readonly data: unknown;
  readonly retry: () => void;
  readonly isFetching: boolean;
}

/** A plain TanStack query (not seeded by the server render) as a `ListQuery`. */
export function listQuery(query: UseQueryResult): ListQuery {
  return { problem: query.isError ? toProblem(query.error) : null, data: query.data, retry: () => void query.refetch(), isFetching: query.isFetching };
}

/** What an empty list says: announced as a status, what it is and how things get into it. */
export interface EmptyList {
  readonly icon: IconName;
  readonly title: string;
  readonly body: ReactNode;
}

/**
 * A list's four states in one order on every page: the API's no (with a retry) while nothing was
 * loaded, loading, empty, then the list. A failed refetch keeps the list that is on screen.
 */
export function QueryContent({
  query,
  loading,
  isEmpty,
  empty,
  children,
}: {
  query: ListQuery;
  loading: string;
  isEmpty: boolean;
  empty: EmptyList;
  children: ReactNode;
}) {
  if (query.problem && query.data === undefined) return <ProblemState problem={query.problem} onRetry={query.retry} retrying={query.isFetching} />;
  if (query.data === undefined) return <Loading label={loading} />;
  if (!isEmpty) return children;
  return (
    <State role="status" icon={empty.icon} title={empty.title} compact>
      {empty.body}
    </State>
  );
}
