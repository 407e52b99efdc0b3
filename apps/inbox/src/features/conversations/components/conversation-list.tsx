'use client';

import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { useRef } from 'react';
import { ProblemState } from '@/components/problem-state';
import { Button } from '@/components/ui/button';
import { Kbd } from '@/components/ui/kbd';
import { Loading } from '@/components/ui/skeleton';
import { State } from '@/components/ui/state';
import { emptyWords, filtersFrom, filtersQuery, VIEWS, type ListFilters } from '@/lib/list-filters';
import type { Loaded } from '@/lib/server-api';
import { conversationKeys, fetchCounts, type ConversationPage } from '@/features/conversations/conversations.queries';
import { useConversationPages } from '@/features/conversations/hooks/use-conversation-pages';
import { useFilterControls } from '@/features/conversations/hooks/use-filter-controls';
import { useListCommands } from '@/features/conversations/hooks/use-list-commands';
import { useRowFocusKeys } from '@/features/conversations/hooks/use-row-focus-keys';
import { ConversationListHeader } from './conversation-list-header';
import styles from './conversation-list.module.css';
import { ConversationRow } from './conversation-row';

/**
 * Conversations, most recent activity first: Mine / Unassigned / All with live counts, search by
 * name or number, "window open" and open/closed filters, all in the URL so a view is a deep link.
 * j / k move through the rows, Enter opens; ] and [ open the next and previous conversation.
 */
export function ConversationList({
  filters: serverFilters,
  initial,
  selectedId,
}: {
  filters: ListFilters;
  initial: Loaded<ConversationPage>;
  selectedId: string | null;
}) {
  const filters = filtersFrom(useSearchParams());
  const { query, conversations, problem } = useConversationPages(filters, serverFilters, initial);
  const counts = useQuery({ queryKey: conversationKeys.counts(), queryFn: fetchCounts });
  const suffix = filtersQuery(filters);
  const { shown, go, goRef, search, setSearch } = useFilterControls(filters, selectedId);
  const listRef = useRef<HTMLUListElement>(null);
  useRowFocusKeys(listRef);
  useListCommands({ conversations, selectedId, suffix, windowOpen: filters.windowOpen, goRef });
  const empty = emptyWords(filters);

  return (
    <>
      <ConversationListHeader counts={counts.data} shown={shown} search={search} onSearch={setSearch} go={go} />
      <div className={styles.body}>
        {problem ? (
          <ProblemState problem={problem} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : !query.data ? (
          <div className={styles.inline}>
            <Loading label="Loading conversations…" rows={8} />
          </div>
        ) : conversations.length === 0 ? (
          <State role="status" icon="inbox" title={empty.title} compact>
            {empty.body}
          </State>
        ) : (
          <>
            <ul
              ref={listRef}
              className={styles.list}
              aria-label={`${VIEWS.find((v) => v.value === filters.view)?.label} conversations`}
              aria-busy={query.isPlaceholderData || undefined}
            >
              {conversations.map((conversation) => (
                <ConversationRow
                  key={conversation.id}
                  conversation={conversation}
                  href={`/conversations/${conversation.id}${suffix}`}
                  current={conversation.id === selectedId}
                />
              ))}
            </ul>
            {query.hasNextPage ? (
              <div className={styles.more}>
                <Button size="sm" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} busy={query.isFetchingNextPage}>
                  Load more
                </Button>
              </div>
            ) : null}
            <p className={styles.hint} aria-hidden="true">
              <Kbd>J</Kbd> <Kbd>K</Kbd> move · <Kbd>↵</Kbd> open · <Kbd>]</Kbd> <Kbd>[</Kbd> next, previous
            </p>
          </>
        )}
      </div>
    </>
  );
}
