import { QueryClient } from '@tanstack/react-query';
import { toProblem } from './api';

/**
 * One QueryClient per browser tab. Server renders seed the first page (`initialData`), so data is
 * fresh for a while; coming back to the tab or the network refetches; live events (lib/live.ts)
 * invalidate what changed. Only answers that may go away on their own are retried: a 403 or 404
 * will not change by asking again.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 20_000,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        retry: (failures, error) => failures < 2 && isTransient(error),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
      },
      // A mutation is retried only by its own hook, with the same idempotency key (lib/request-id.ts).
      mutations: { retry: false },
    },
  });
}

export function isTransient(error: unknown): boolean {
  const { kind } = toProblem(error);
  return kind === 'unreachable' || kind === 'server';
}
