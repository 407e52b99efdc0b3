'use client';

import { useSelectedLayoutSegment } from 'next/navigation';
import type { ReactNode } from 'react';
import type { Loaded } from '@/lib/server-api';
import type { ListFilters } from '@/lib/list-filters';
import type { ConversationPage } from '../conversations.queries';
import { ConversationList } from './conversation-list';
import styles from './conversations-split.module.css';

/**
 * The list beside the open thread (Front's layout): the list stays put while threads change. On a
 * narrow screen, one at a time.
 */
export function ConversationsSplit({ filters, initial, children }: { filters: ListFilters; initial: Loaded<ConversationPage>; children: ReactNode }) {
  const selected = useSelectedLayoutSegment();
  return (
    <div className={styles.split} data-selected={selected ? 'true' : 'false'}>
      <section className={styles.listPane} aria-labelledby="conversations-heading">
        <ConversationList filters={filters} initial={initial} selectedId={selected} />
      </section>
      <div className={styles.detailPane}>{children}</div>
    </div>
  );
}
