'use client';

import { Time } from '@/components/time';
import { LinkTabs } from '@/components/ui/tabs';
import { isFiltered, workFiltersSearch, type WorkFilters } from '@/lib/work-filters';
import { workHref, type WorkKind } from '@/lib/work-kinds';
import styles from './work-queue.module.css';

/** Open or resolved, with how many are open (unless filters narrow the list) and since when the oldest waits. */
export function QueueStatusBar({
  kind,
  filters,
  count,
}: {
  kind: WorkKind;
  filters: WorkFilters;
  /** The queue's figures from the counts, once they are in. */
  count: { readonly open: number; readonly oldest_since: string | null } | undefined;
}) {
  const statusHref = (status: 'open' | 'resolved') => `${workHref(kind)}${workFiltersSearch({ ...filters, status })}`;
  return (
    <div className={styles.subbar}>
      <LinkTabs
        label="Open or resolved"
        current={filters.status}
        items={[
          { key: 'open', href: statusHref('open'), label: count && !isFiltered(filters) ? `Open (${count.open.toLocaleString('en')})` : 'Open' },
          { key: 'resolved', href: statusHref('resolved'), label: 'Resolved' },
        ]}
      />
      {count && count.open > 0 && count.oldest_since && filters.status !== 'resolved' ? (
        <span className={styles.summary}>
          {kind === 'waiting_customer' ? 'Longest past its target since' : 'Oldest waiting since'} <Time past at={count.oldest_since} />
        </span>
      ) : null}
    </div>
  );
}
