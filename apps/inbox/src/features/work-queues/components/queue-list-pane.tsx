'use client';

import type { ReactNode, Ref } from 'react';
import { Time } from '@/components/time';
import { Button } from '@/components/ui/button';
import { Kbd } from '@/components/ui/kbd';
import styles from './work-queue.module.css';

/** The table side of a queue: how many items and how fresh, the keys, the table itself (`children`), and the next page. */
export function QueueListPane({
  tableRef,
  count,
  hasMore,
  loadingMore,
  onMore,
  updatedAt,
  enterOpens = 'details',
  children,
}: {
  /** Where j/k find the rows' openers. */
  tableRef: Ref<HTMLDivElement>;
  count: number;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  updatedAt: number;
  /** What Enter on a row does: open its details beside the table, or follow its link. */
  enterOpens?: 'details' | 'open';
  children: ReactNode;
}) {
  return (
    <div ref={tableRef} className={styles.listSide}>
      <div className={styles.toolbar}>
        <span className={styles.summary} role="status">
          {count} {count === 1 ? 'item' : 'items'}
          {hasMore ? ' shown, more below' : ''}
          {updatedAt ? (
            <>
              {' · updated '}
              <Time past at={new Date(updatedAt).toISOString()} />
            </>
          ) : null}
        </span>
        <span className={styles.keysHint} aria-hidden="true">
          <Kbd>J</Kbd>
          <Kbd>K</Kbd> move · <Kbd>↵</Kbd> {enterOpens}
        </span>
      </div>
      {children}
      {hasMore ? (
        <div className={styles.more}>
          <Button size="sm" onClick={onMore} busy={loadingMore} disabled={loadingMore}>
            Show more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
