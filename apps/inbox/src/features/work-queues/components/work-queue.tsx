'use client';

import { useQuery } from '@tanstack/react-query';
import { usePathname, useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { Page, PageDescription } from '@/components/page';
import { ProblemState } from '@/components/problem-state';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Loading } from '@/components/ui/skeleton';
import { State } from '@/components/ui/state';
import { LinkTabs } from '@/components/ui/tabs';
import type { Loaded } from '@/lib/server-api';
import { contactLabel } from '@/lib/message-content';
import { BULK_ACTIONS, type WorkAction } from '@/lib/work-actions';
import { filterWords, isFiltered, workFiltersSearch, type WorkFilters } from '@/lib/work-filters';
import { WORK_KINDS, workHref, workKind, type WorkKind } from '@/lib/work-kinds';
import { useAssignToMe } from '@/features/work-queues/hooks/use-assign-to-me';
import { useQueueKeys } from '@/features/work-queues/hooks/use-queue-keys';
import { useSelectedItem } from '@/features/work-queues/hooks/use-selected-item';
import { useWorkList } from '@/features/work-queues/hooks/use-work-list';
import { workCountsQuery, type WorkItem, type WorkItems } from '@/features/work-queues/work-queues.queries';
import { ActionDialog } from './action-dialog';
import { BulkDialog } from './bulk-dialog';
import { ItemDetail } from './item-detail';
import { QueueListPane } from './queue-list-pane';
import { QueueNotices } from './queue-notices';
import { QueueStatusBar } from './queue-status-bar';
import { WorkFiltersBar } from './work-filters-bar';
import { WorkTable } from './work-table';
import styles from './work-queue.module.css';

/**
 * One work queue: its open items (or the Resolved tab), filtered and ordered by the URL, a cursor
 * page at a time. Keyboard first: j/k move between rows, Enter opens the detail, one key per
 * action (shown on the buttons), Escape closes. Admins act; agents see the same and are told who can.
 * Waiting customers are everyone's: each row links into its thread (the reply resolves it), and
 * anyone may take one nobody holds.
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
  const { query, items, problem } = useWorkList(kind, filters, initial);
  const counts = useQuery(workCountsQuery());
  const resolved = filters.status === 'resolved';
  const [selectedId, setSelectedId] = useSelectedItem(initialItem);
  const [pending, setPending] = useState<{ item: WorkItem; action: WorkAction } | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  // A waiting customer's detail is the thread itself: its row links there instead of opening a panel.
  const selected = kind === 'waiting_customer' ? null : (items.find((i) => i.id === selectedId) ?? null);
  const assignToMe = useAssignToMe();
  const tableRef = useRef<HTMLDivElement>(null);

  const setFilters = (next: WorkFilters) => router.replace(`${pathname}${workFiltersSearch(next)}`, { scroll: false });
  const onAction =
    kind === 'waiting_customer'
      ? resolved
        ? null
        : (item: WorkItem, action: WorkAction) => {
            if (action === 'assign_to_me' && item.kind === 'waiting_customer' && !assignToMe.pending)
              assignToMe.assign(item.conversation_id, contactLabel(item.contact));
          }
      : canResolve && !resolved
        ? (item: WorkItem, action: WorkAction) => setPending({ item, action })
        : null;

  useQueueKeys({ items, selectedId, setSelectedId, tableRef, onAction, disabled: pending !== null || bulkOpen });

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
      <QueueStatusBar kind={kind} filters={filters} count={counts.data?.[kind]} />
      <WorkFiltersBar key={workFiltersSearch(filters)} kind={kind} filters={filters} onChange={setFilters} />
      <QueueNotices
        filters={filters}
        onShowEvery={() => setFilters({ ...filters, before: null })}
        refreshError={query.isError && query.data ? query.error : null}
        updatedAt={query.dataUpdatedAt}
      />
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
          <QueueListPane
            tableRef={tableRef}
            count={items.length}
            hasMore={query.hasNextPage}
            loadingMore={query.isFetchingNextPage}
            onMore={() => void query.fetchNextPage()}
            updatedAt={query.dataUpdatedAt}
            enterOpens={kind === 'waiting_customer' ? 'open' : 'details'}
          >
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
          </QueueListPane>
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
