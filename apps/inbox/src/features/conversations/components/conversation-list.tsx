'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useMemo, useRef } from 'react';
import { ProblemState } from '../../../components/problem-state';
import { Button } from '../../../components/ui/button';
import { Kbd } from '../../../components/ui/kbd';
import { Segmented } from '../../../components/ui/segmented';
import { Loading } from '../../../components/ui/skeleton';
import { State } from '../../../components/ui/state';
import { toProblem } from '../../../lib/api';
import { contactLabel, contactNumber } from '../../../lib/message-content';
import type { Loaded } from '../../../lib/server-api';
import { isTypingTarget } from '../../../lib/shortcuts';
import { useCommands, type PaletteCommand } from '../../shell/commands';
import { conversationKeys, fetchConversationPage, filterFrom, type ConversationFilter, type ConversationPage } from '../conversations.queries';
import styles from './conversation-list.module.css';
import { ConversationRow } from './conversation-row';

const FILTERS = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
] as const satisfies readonly { value: ConversationFilter; label: string }[];

const EMPTY: Readonly<Record<ConversationFilter, { title: string; body: string }>> = {
  open: { title: 'No open conversations', body: 'When a customer writes to your WhatsApp number, their conversation appears here.' },
  closed: { title: 'No closed conversations', body: 'Conversations someone closes move here.' },
  all: { title: 'No conversations yet', body: 'When a customer writes to your WhatsApp number, or you message them, the conversation appears here.' },
};

/**
 * Conversations, most recent activity first. The filter lives in the URL (`?state=closed`), so a
 * view is a deep link. j / k move through the list, Enter opens.
 */
export function ConversationList({ filter: serverFilter, initial, selectedId }: { filter: ConversationFilter; initial: Loaded<ConversationPage>; selectedId: string | null }) {
  const router = useRouter();
  const searchParams = useSearchParams();
  const filter = filterFrom(searchParams.get('state'));
  const seeded = filter === serverFilter ? initial : null;
  const query = useInfiniteQuery({
    queryKey: conversationKeys.list(filter),
    queryFn: ({ pageParam }) => fetchConversationPage(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ConversationPage) => last.next_cursor,
    initialData: seeded?.ok ? { pages: [seeded.data], pageParams: [null] } : undefined,
    enabled: seeded ? seeded.ok : true,
  });
  const conversations = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const problem = query.error ? toProblem(query.error) : seeded && !seeded.ok && !query.data ? seeded.problem : null;
  const suffix = filter === 'open' ? '' : `?state=${filter}`;

  const setFilter = (next: ConversationFilter) => {
    const path = selectedId ? `/conversations/${selectedId}` : '/conversations';
    router.replace(next === 'open' ? path : `${path}?state=${next}`, { scroll: false });
  };

  // j / k: move through the rows (Enter opens the focused one).
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'j' && event.key !== 'k') return;
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || isTypingTarget(event.target as HTMLElement | null)) return;
      if (document.querySelector('[role="dialog"]')) return;
      const rows = [...(listRef.current?.querySelectorAll<HTMLAnchorElement>('a[data-row]') ?? [])];
      if (rows.length === 0) return;
      const focused = rows.indexOf(document.activeElement as HTMLAnchorElement);
      const from = focused >= 0 ? focused : rows.findIndex((row) => row.getAttribute('aria-current') === 'page');
      const to = from < 0 ? 0 : Math.min(rows.length - 1, Math.max(0, from + (event.key === 'j' ? 1 : -1)));
      event.preventDefault();
      rows[to]?.focus();
      rows[to]?.scrollIntoView({ block: 'nearest' });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const commands = useMemo<PaletteCommand[]>(
    () =>
      conversations.slice(0, 100).map((c) => ({
        id: `open-${c.id}`,
        label: `Open ${contactLabel(c.contact)}`,
        group: 'Conversations',
        keywords: [contactNumber(c.contact) ?? '', c.contact.name ?? ''].filter(Boolean),
        run: () => router.push(`/conversations/${c.id}${suffix}`),
      })),
    [conversations, router, suffix],
  );
  useCommands('conversation-list', commands);

  return (
    <>
      <div className={styles.header}>
        <div className={styles.titleRow}>
          <h1 id="conversations-heading">Conversations</h1>
          {query.data ? (
            <span className={styles.count}>
              {conversations.length}
              {query.hasNextPage ? '+' : ''} {filter === 'all' ? '' : filter}
            </span>
          ) : null}
        </div>
        <div style={{ paddingBottom: 'var(--space-2)' }}>
          <Segmented label="Show" value={filter} options={FILTERS} onChange={setFilter} />
        </div>
      </div>
      <div className={styles.body}>
        {problem ? (
          <ProblemState problem={problem} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : !query.data ? (
          <div className={styles.inline}>
            <Loading label="Loading conversations…" rows={8} />
          </div>
        ) : conversations.length === 0 ? (
          <State role="status" icon="inbox" title={EMPTY[filter].title} compact>
            {EMPTY[filter].body}
          </State>
        ) : (
          <>
            <ul ref={listRef} className={styles.list} aria-label={`${FILTERS.find((f) => f.value === filter)?.label} conversations`}>
              {conversations.map((conversation) => (
                <ConversationRow key={conversation.id} conversation={conversation} href={`/conversations/${conversation.id}${suffix}`} current={conversation.id === selectedId} />
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
              <Kbd>J</Kbd> <Kbd>K</Kbd> to move, <Kbd>↵</Kbd> to open
            </p>
          </>
        )}
      </div>
    </>
  );
}
