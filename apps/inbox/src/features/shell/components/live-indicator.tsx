'use client';

import type { LiveStatus } from '@/lib/live';
import styles from './live-indicator.module.css';

const WORDS: Readonly<Record<LiveStatus, { label: string; title: string }>> = {
  connecting: { label: 'Connecting…', title: 'Connecting to live updates' },
  live: { label: 'Live', title: 'New messages and status changes appear as they happen' },
  reconnecting: { label: 'Reconnecting…', title: 'Live updates paused; what you see may be a little behind. Pages still refresh when you come back to them.' },
  offline: { label: 'Offline', title: 'No network: what you see may be out of date' },
};

/** Whether what is on screen is live: said in words, not only a coloured dot. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const { label, title } = WORDS[status];
  return (
    <span className={styles.live} data-status={status} title={title} role="status">
      <span className={styles.dot} aria-hidden="true" />
      {label}
    </span>
  );
}
