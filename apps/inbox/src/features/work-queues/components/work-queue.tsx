'use client';

import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Page, PageDescription } from '@/components/page';
import { ProblemState } from '@/components/problem-state';
import { Time } from '@/components/time';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { Icon } from '@/components/ui/icon';
import { Kbd } from '@/components/ui/kbd';
import { Loading } from '@/components/ui/skeleton';
import { State } from '@/components/ui/state';
import { LinkTabs } from '@/components/ui/tabs';
import { toProblem } from '@/lib/api';
import { problemDetail, type Problem } from '@/lib/problem';
import type { Loaded } from '@/lib/server-api';
import { isTypingTarget } from '@/lib/shortcuts';
import { BULK_ACTIONS, actionForKey, type WorkAction } from '@/lib/work-actions';
import { filterWords, isFiltered, workFiltersSearch, type WorkFilters } from '@/lib/work-filters';
import { WORK_KINDS, workHref, workKind, type WorkKind } from '@/lib/work-kinds';
import { joinPages } from '@/lib/work-pages';
import { workCountsQuery, workListQuery, type WorkItem, type WorkItems } from '../work-queues.queries';
import { ActionDialog } from './action-dialog';
import { BulkDialog } from './bulk-dialog';
import { ItemDetail } from './item-detail';
import { WorkFiltersBar } from './work-filters-bar';
import { WorkTable } from './work-table';
import styles from './work-queue.module.css';

/**
 * One work queue: its open items (or the Resolved tab), filtered and ordered by the URL, a cursor
 * page at a time. Keyboard first: j/k move between rows, Enter opens the detail, one key per
 * action (shown on the buttons), Escape closes. Admins act; agents see the same and are told who can.
 */
export function WorkQueue({
  kind,
  filters,
  initial,
  canResolve,
  initialItem = null,
}: {
  kind: WorkKind;
  filters: WorkFilters;
  initial: Loaded<WorkItems>;
  canResolve: boolean;
  initialItem?: string | null;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const display = workKind(kind);
  const listQuery = workListQuery(kind, filters);
  const query = useInfiniteQuery({
    ...listQuery,
    initialData: initial.ok ? { pages: [initial.data], pageParams: [null] } : undefined,
    initialDataUpdatedAt: initial.ok ? initial.at : undefined,
    refetchInterval: initial.ok ? listQuery.refetchInterval : undefined,
    enabled: initial.ok,
    retry: initial.ok ? undefined : false,
  });
  const counts = useQuery(workCountsQuery());
  const items = useMemo(() => joinPages(query.data?.pages ?? []), [query.data]);
  const problem: Problem | null = query.data && !query.isError ? null : query.error ? toProblem(query.error) : initial.ok ? null : initial.problem;
  const resolved = filters.status === 'resolved';

  const [selectedId, setSelectedId] = useState<string | null>(initialItem);
  // The open item is part of the link (`?item=<id>`), kept without a server round trip per j/k.
  useEffect(() => {
    const url = new URL(window.location.href);
    if (selectedId) url.searchParams.set('item', selectedId);
    else url.searchParams.delete('item');
    const next = `${url.pathname}${url.search}`;
    if (next !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, '', next);
  }, [selectedId]);
  const [pending, setPending] = useState<{ item: WorkItem; action: WorkAction } | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const selected = items.find((i) => i.id === selectedId) ?? null;
  const tableRef = useRef<HTMLDivElement>(null);

  const setFilters = (next: WorkFilters) => router.replace(`${pathname}${workFiltersSearch(next)}`, { scroll: false });
  const statusHref = (status: 'open' | 'resolved') => `${workHref(kind)}${workFiltersSearch({ ...filters, status })}`;
  const onAction = canResolve && !resolved ? (item: WorkItem, action: WorkAction) => setPending({ item, action }) : null;

  useQueueKeys({ items, selectedId, setSelectedId, tableRef, onAction, disabled: pending !== null || bulkOpen });

  const open = counts.data?.[kind];
  return (
    <Page
      title="Work"
      subtitle={display.title}
      actions={
        <>
          {canResolve && !resolved && BULK_ACTIONS[kind].length > 0 && items.length > 0 ? (
            <Button size="sm" onClick={() => setBulkOpen(true)}>
              Bulk action…
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
            busy={query.isFetching && query.data !== undefined}
          >
            {query.isFetching ? null : <Icon name="refresh" size={14} />}
            Refresh
          </Button>
        </>
      }
    >
      <div className={styles.tabs}>
        <LinkTabs label="Work queues" current={kind} items={WORK_KINDS.map((k) => ({ key: k, href: workHref(k), label: workKind(k).title }))} />
      </div>
      <PageDescription>{display.description}</PageDescription>
      <div className={styles.subbar}>
        <LinkTabs
          label="Open or resolved"
          current={filters.status}
          items={[
            { key: 'open', href: statusHref('open'), label: open && !isFiltered(filters) ? `Open (${open.open.toLocaleString('en')})` : 'Open' },
            { key: 'resolved', href: statusHref('resolved'), label: 'Resolved' },
          ]}
        />
        {open && open.open > 0 && open.oldest_since && !resolved ? (
          <span className={styles.summary}>
            Oldest waiting since <Time past at={open.oldest_since} />
          </span>
        ) : null}
      </div>
      <WorkFiltersBar key={workFiltersSearch(filters)} kind={kind} filters={filters} onChange={setFilters} />
      {filters.before ? (
        <Callout
          tone="info"
          title={`Items already waiting at ${new Date(filters.before).toLocaleString('en-GB', { timeZone: 'UTC' })} UTC`}
          className={styles.beforeNote}
        >
          Opened from a chart point.{' '}
          <button type="button" className={styles.inlineButton} onClick={() => setFilters({ ...filters, before: null })}>
            Show every item
          </button>
        </Callout>
      ) : null}
      {query.isError && query.data ? (
        <Callout tone="warning" role="alert" title="Could not refresh this queue" className={styles.beforeNote}>
          {problemDetail(toProblem(query.error))} Showing the items as they were
          {query.dataUpdatedAt ? (
            <>
              {' '}
              <Time past at={new Date(query.dataUpdatedAt).toISOString()} />
            </>
          ) : null}
          .
        </Callout>
      ) : null}
      {problem && !query.data ? (
        <ProblemState problem={problem} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !query.data ? (
        <Loading label={`Loading ${display.title.toLowerCase()}…`} />
      ) : items.length === 0 ? (
        <State
          role="status"
          icon={isFiltered(filters) ? 'search' : 'check'}
          title={isFiltered(filters) ? `Nothing matches ${filterWords(filters).join(', ')}` : resolved ? 'Nothing resolved yet' : display.empty}
          compact
        >
          {resolved ? 'Items resolved by hand appear here with who, when and the note.' : 'New items appear here on their own.'}
        </State>
      ) : (
        <div className={selected ? styles.split : undefined}>
          <div ref={tableRef} className={styles.listSide}>
            <div className={styles.toolbar}>
              <span className={styles.summary} role="status">
                {items.length} {items.length === 1 ? 'item' : 'items'}
                {query.hasNextPage ? ' shown, more below' : ''}
                {query.dataUpdatedAt ? (
                  <>
                    {' · updated '}
                    <Time past at={new Date(query.dataUpdatedAt).toISOString()} />
                  </>
                ) : null}
              </span>
              <span className={styles.keysHint} aria-hidden="true">
                <Kbd>J</Kbd>
                <Kbd>K</Kbd> move · <Kbd>↵</Kbd> details
              </span>
            </div>
            <WorkTable
              kind={kind}
              label={resolved ? `${display.title}, resolved` : display.title}
              items={items}
              selectedId={selectedId}
              onSelect={(id) => setSelectedId((current) => (current === id ? null : id))}
              onAction={onAction}
              resolved={resolved}
              compact={selected !== null}
            />
            {query.hasNextPage ? (
              <div className={styles.more}>
                <Button size="sm" onClick={() => void query.fetchNextPage()} busy={query.isFetchingNextPage} disabled={query.isFetchingNextPage}>
                  Show more
                </Button>
              </div>
            ) : null}
          </div>
          {selected ? (
            <ItemDetail
              item={selected}
              canResolve={canResolve && !resolved}
              onAction={(action) => setPending({ item: selected, action })}
              onClose={() => setSelectedId(null)}
            />
          ) : null}
        </div>
      )}
      {pending ? (
        <ActionDialog key={`${pending.item.id}:${pending.action}`} item={pending.item} action={pending.action} onClose={() => setPending(null)} />
      ) : null}
      {bulkOpen ? <BulkDialog kind={kind} filters={filters} onClose={() => setBulkOpen(false)} /> : null}
    </Page>
  );
}

/** j/k move focus between rows (selection follows), Escape closes the detail, an action's key opens its dialog. */
function useQueueKeys(input: {
  items: WorkItem[];
  selectedId: string | null;
  setSelectedId: (id: string | null) => void;
  tableRef: React.RefObject<HTMLDivElement | null>;
  onAction: ((item: WorkItem, action: WorkAction) => void) | null;
  disabled: boolean;
}) {
  const latest = useRef(input);
  latest.current = input;
  useEffect(() => {
    let lastKey = '';
    let lastAt = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      const { items, selectedId, setSelectedId, tableRef, onAction, disabled } = latest.current;
      if (disabled || event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
      if (isTypingTarget(event.target as HTMLElement | null) || document.querySelector('[role="dialog"]')) return;
      // "g w" goes somewhere (the shell's shortcut): the key after g is never an action here.
      const afterG = lastKey === 'g' && event.timeStamp - lastAt < 1200;
      lastKey = event.key.toLowerCase();
      lastAt = event.timeStamp;
      if (afterG) return;
      const index = items.findIndex((i) => i.id === selectedId);
      if (event.key === 'j' || event.key === 'k') {
        if (items.length === 0) return;
        event.preventDefault();
        const to = index < 0 ? 0 : Math.min(items.length - 1, Math.max(0, index + (event.key === 'j' ? 1 : -1)));
        setSelectedId(items[to]!.id);
        const openers = tableRef.current?.querySelectorAll<HTMLButtonElement>('[data-row-opener]');
        openers?.[to]?.focus();
        return;
      }
      if (event.key === 'Escape' && selectedId) {
        setSelectedId(null);
        return;
      }
      const item = index >= 0 ? items[index]! : null;
      if (!item || !onAction || event.key.length !== 1) return;
      const action = actionForKey(item, event.key);
      if (action) {
        event.preventDefault();
        onAction(item, action);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
