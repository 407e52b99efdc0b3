'use client';

import { Time } from '@/components/time';
import { Callout } from '@/components/ui/callout';
import { toProblem } from '@/lib/api';
import { problemDetail } from '@/lib/problem';
import type { WorkFilters } from '@/lib/work-filters';
import styles from './work-queue.module.css';

/**
 * What the person should know about the list on screen: that it shows only what was already
 * waiting at a chart point, and that it could not be refreshed (shown as it was, and when).
 */
export function QueueNotices({
  filters,
  onShowEvery,
  refreshError,
  updatedAt,
}: {
  filters: WorkFilters;
  onShowEvery: () => void;
  /** Why the last refresh failed, while older items are still on screen. */
  refreshError: unknown;
  updatedAt: number;
}) {
  return (
    <>
      {filters.before ? (
        <Callout
          tone="info"
          title={`Items already waiting at ${new Date(filters.before).toLocaleString('en-GB', { timeZone: 'UTC' })} UTC`}
          className={styles.beforeNote}
        >
          Opened from a chart point.{' '}
          <button type="button" className={styles.inlineButton} onClick={onShowEvery}>
            Show every item
          </button>
        </Callout>
      ) : null}
      {refreshError ? (
        <Callout tone="warning" role="alert" title="Could not refresh this queue" className={styles.beforeNote}>
          {problemDetail(toProblem(refreshError))} Showing the items as they were
          {updatedAt ? (
            <>
              {' '}
              <Time past at={new Date(updatedAt).toISOString()} />
            </>
          ) : null}
          .
        </Callout>
      ) : null}
    </>
  );
}
