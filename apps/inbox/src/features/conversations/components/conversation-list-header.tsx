'use client';

import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { SEARCH_MAX, VIEWS, type ConversationState, type ListFilters } from '@/lib/list-filters';
import { labelsQuery, type ConversationCounts } from '@/features/conversations/conversations.queries';
import styles from './conversation-list.module.css';

const STATES: readonly { value: ConversationState; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'snoozed', label: 'Snoozed' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'Open and closed' },
];

/** The list's title with how many have unread messages, its views with their counts, search, and the window and state filters. */
export function ConversationListHeader({
  counts,
  shown,
  search,
  onSearch,
  go,
}: {
  counts: ConversationCounts | undefined;
  /** The filters as the controls show them (the agent's latest choice). */
  shown: ListFilters;
  search: string;
  onSearch: (search: string) => void;
  go: (patch: Partial<ListFilters>) => void;
}) {
  const searchId = useId();
  const labels = useQuery(labelsQuery).data?.data ?? [];
  return (
    <div className={styles.header}>
      <div className={styles.titleRow}>
        <h1 id="conversations-heading">Conversations</h1>
        {counts && counts.unread > 0 ? <span className={styles.count}>{counts.unread} with unread</span> : null}
      </div>
      <div role="group" aria-label="View" className={styles.views}>
        {VIEWS.map((view) => {
          const count = counts ? counts[view.value] : null;
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
          onChange={(e) => onSearch(e.target.value)}
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
        <label className={styles.stateSelect}>
          <span className="visually-hidden">Label</span>
          <select value={shown.label} onChange={(e) => go({ label: e.target.value })}>
            <option value="">Any label</option>
            {shown.label && !labels.some((l) => l.label === shown.label) ? <option value={shown.label}>{shown.label}</option> : null}
            {labels.map((l) => (
              <option key={l.label} value={l.label}>
                {l.label} ({l.conversations})
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
}
