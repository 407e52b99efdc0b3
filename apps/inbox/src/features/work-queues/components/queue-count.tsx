'use client';

import { useQuery } from '@tanstack/react-query';
import type { WorkKind } from '@/lib/work-kinds';
import { workCountsQuery } from '../work-queues.queries';
import styles from './queue-count.module.css';

/** A queue's open items beside its link in the navigation, live (events and a 30 s refresh). Nothing when empty. */
export function QueueCount({ kind }: { kind: WorkKind }) {
  const counts = useQuery(workCountsQuery());
  const open = counts.data?.[kind]?.open ?? 0;
  if (open === 0) return null;
  return (
    <span className={styles.count} data-tone={kind === 'stuck_sending' || kind === 'poison_webhook' || kind === 'waiting_customer' ? 'danger' : undefined}>
      <span aria-hidden="true">{open > 999 ? '999+' : open}</span>
      <span className="visually-hidden"> ({open} open)</span>
    </span>
  );
}
