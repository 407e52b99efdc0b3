'use client';

import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ProblemState } from '@/components/problem-state';
import { Button } from '@/components/ui/button';
import { Kbd } from '@/components/ui/kbd';
import { Loading } from '@/components/ui/skeleton';
import { State } from '@/components/ui/state';
import { toProblem } from '@/lib/api';
import { emptyWords, filtersFrom, filtersQuery, SEARCH_MAX, type ConversationState, type ConversationView, type ListFilters } from '@/lib/list-filters';
import { contactLabel, contactNumber } from '@/lib/message-content';
import type { Loaded } from '@/lib/server-api';
import { isTypingTarget } from '@/lib/shortcuts';
import { useCommands, type PaletteCommand } from '@/features/shell/commands';
import { useKeyBindings } from '@/features/shell/hooks/use-key-bindings';
import { conversationKeys, fetchConversationPage, fetchCounts, type ConversationPage } from '../conversations.queries';
import styles from './conversation-list.module.css';
import { ConversationRow } from './conversation-row';

const VIEWS: readonly { value: ConversationView; label: string }[] = [
  { value: 'mine', label: 'Mine' },
  { value: 'unassigned', label: 'Unassigned' },
  { value: 'all', label: 'All' },
];

const STATES: readonly { value: ConversationState; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'Open and closed' },
];

const SEARCH_DELAY_MS = 250;

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
  const router = useRouter();
  const searchParams = useSearchParams();
  const filters = filtersFrom(searchParams);
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
  const counts = useQuery({ queryKey: conversationKeys.counts(), queryFn: fetchCounts });
  const conversations = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const problem = query.error ? toProblem(query.error) : seeded && !seeded.ok && !query.data ? seeded.problem : null;
  const suffix = filtersQuery(filters);

  // What the controls show: the agent's latest choice at once, the URL's once it has caught up.
  // Every change builds on the latest choice, so a search that lands while a filter is changing
  // keeps both.
  const urlQuery = filtersQuery(filters);
  const [shown, setShown] = useState(filters);
  const pending = useRef(filters);
  useEffect(() => {
    const fromUrl = filtersFrom(new URLSearchParams(urlQuery.slice(1)));
    pending.current = fromUrl;
    setShown(fromUrl);
  }, [urlQuery]);
  const go = (patch: Partial<ListFilters>) => {
    const next = { ...pending.current, ...patch };
    pending.current = next;
    setShown(next);
    const path = selectedId ? `/conversations/${selectedId}` : '/conversations';
    router.replace(`${path}${filtersQuery(next)}`, { scroll: false });
  };
  const goRef = useRef(go);
  goRef.current = go;

  // Search as you type, without a request per key.
  const [search, setSearch] = useState(filters.q);
  const searchId = useId();
  useEffect(() => {
    if (search.trim() === pending.current.q) return;
    const timer = setTimeout(() => goRef.current({ q: search.trim() }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

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

  // ] / [: open the next / previous conversation in this list.
  const step = (by: 1 | -1) => {
    if (conversations.length === 0) return;
    const at = conversations.findIndex((c) => c.id === selectedId);
    const next = conversations[at < 0 ? 0 : Math.min(conversations.length - 1, Math.max(0, at + by))];
    if (next && next.id !== selectedId) router.push(`/conversations/${next.id}${suffix}`);
  };
  useKeyBindings({ ']': () => step(1), '[': () => step(-1) });

  const commands = useMemo<PaletteCommand[]>(
    () => [
      { id: 'list-next', label: 'Next conversation', group: 'Conversations', hint: ']', run: () => step(1) },
      { id: 'list-previous', label: 'Previous conversation', group: 'Conversations', hint: '[', run: () => step(-1) },
      ...VIEWS.map((v) => ({
        id: `list-view-${v.value}`,
        label: `Show ${v.label.toLowerCase()} conversations`,
        group: 'Conversations',
        run: () => goRef.current({ view: v.value }),
      })),
      {
        id: 'list-window',
        label: filters.windowOpen ? 'Show every window' : 'Show only open windows',
        group: 'Conversations',
        run: () => goRef.current({ windowOpen: !filters.windowOpen }),
      },
      ...conversations.slice(0, 100).map((c) => ({
        id: `open-${c.id}`,
        label: `Open ${contactLabel(c.contact)}`,
        group: 'Conversations',
        keywords: [contactNumber(c.contact) ?? '', c.contact.name ?? ''].filter(Boolean),
        run: () => router.push(`/conversations/${c.id}${suffix}`),
      })),
    ],
    // step and go read the current list and filters.
    [conversations, router, suffix, filters.windowOpen, selectedId],
  );
  useCommands('conversation-list', commands);

  const empty = emptyWords(filters);
  const countOf = (view: ConversationView) => (counts.data ? counts.data[view] : null);

  return (
    <>
      <div className={styles.header}>
        <div className={styles.titleRow}>
          <h1 id="conversations-heading">Conversations</h1>
          {counts.data && counts.data.unread > 0 ? <span className={styles.count}>{counts.data.unread} with unread</span> : null}
        </div>
        <div role="group" aria-label="View" className={styles.views}>
          {VIEWS.map((view) => {
            const count = countOf(view.value);
            return (
              <button key={view.value} type="button" className={styles.view} aria-pressed={shown.view === view.value} onClick={() => go({ view: view.value })}>
                {view.label}
                {count !== null ? (
                  <span className={styles.viewCount}>
                    <span className="visually-hidden">, </span>
                    {count}
                    <span className="visually-hidden"> open</span>
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
        <div className={styles.tools}>
          <label htmlFor={searchId} className="visually-hidden">
            Search by name or number
          </label>
          <input
            id={searchId}
            type="search"
            className={styles.search}
            placeholder="Search name or number"
            value={search}
            maxLength={SEARCH_MAX}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className={styles.tools}>
          <label className={styles.check}>
            <input type="checkbox" checked={shown.windowOpen} onChange={(e) => go({ windowOpen: e.target.checked })} />
            Window open
          </label>
          <label className={styles.stateSelect}>
            <span className="visually-hidden">State</span>
            <select value={shown.state} onChange={(e) => go({ state: e.target.value as ConversationState })}>
              {STATES.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
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
