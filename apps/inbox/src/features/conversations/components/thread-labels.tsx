'use client';

import type { Conversation } from '@sendbook/api-contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Time } from '@/components/time';
import { labelsQuery } from '../conversations.queries';
import { useLabelsAndSnooze } from '../hooks/use-labels-and-snooze';
import styles from './thread.module.css';

const HOUR = 3_600_000;

/** 9:00 tomorrow, and 9:00 next Monday, in the agent's own time. */
function at9(daysAhead: (now: Date) => number): string {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + daysAhead(now), 9, 0, 0, 0);
  return d.toISOString();
}

/** The thread's labels as chips (each with its remove button), a box to add one (offering labels in use), and the snooze menu. */
export function ThreadLabels({ conversation }: { conversation: Conversation }) {
  const actions = useLabelsAndSnooze(conversation.id);
  const inUse = useQuery(labelsQuery);
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const listId = useId();
  const add = (e: FormEvent) => {
    e.preventDefault();
    const label = draft.trim().replace(/\s+/g, ' ').toLowerCase();
    if (!label) return;
    if (!conversation.labels.includes(label)) actions.setLabels([...conversation.labels, label]);
    setDraft('');
  };
  const offered = (inUse.data?.data ?? []).map((l) => l.label).filter((l) => !conversation.labels.includes(l));
  const snooze = conversation.snooze;
  return (
    <div className={styles.labelsBar}>
      <ul aria-label="Labels" className={styles.labels}>
        {conversation.labels.map((label) => (
          <li key={label}>
            <Badge tone="muted">
              {label}
              <button
                type="button"
                className={styles.removeLabel}
                aria-label={`Remove label ${label}`}
                disabled={actions.busy}
                onClick={() => actions.setLabels(conversation.labels.filter((l) => l !== label))}
              >
                ×
              </button>
            </Badge>
          </li>
        ))}
      </ul>
      <form onSubmit={add} className={styles.addLabel}>
        <label htmlFor={inputId} className="visually-hidden">
          Add label
        </label>
        <input
          id={inputId}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={false}
          list={listId}
          value={draft}
          maxLength={40}
          placeholder="Add label"
          onChange={(e) => setDraft(e.target.value)}
        />
        <datalist id={listId}>
          {offered.map((l) => (
            <option key={l} value={l} />
          ))}
        </datalist>
        <Button type="submit" size="sm" variant="ghost" disabled={actions.busy || !draft.trim()}>
          Add
        </Button>
      </form>
      {snooze ? (
        <span className={styles.snoozed} role="status">
          Snoozed{' '}
          {snooze.until ? (
            <>
              until <Time at={snooze.until} />
            </>
          ) : (
            'until they reply'
          )}
          <Button size="sm" variant="ghost" disabled={actions.busy} onClick={actions.wake}>
            Wake now
          </Button>
        </span>
      ) : conversation.state === 'open' ? (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button size="sm" variant="ghost" disabled={actions.busy}>
              Snooze
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => actions.snooze(new Date(Date.now() + HOUR).toISOString(), 'Snoozed for an hour')}>1 hour</DropdownMenuItem>
            <DropdownMenuItem
              onSelect={() =>
                actions.snooze(
                  at9(() => 1),
                  'Snoozed until tomorrow 9:00',
                )
              }
            >
              Tomorrow 9:00
            </DropdownMenuItem>
            <DropdownMenuItem
              onSelect={() =>
                actions.snooze(
                  at9((now) => (8 - now.getDay()) % 7 || 7),
                  'Snoozed until Monday 9:00',
                )
              }
            >
              Next week
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => actions.snooze('customer_reply', 'Snoozed until they reply')}>Until they reply</DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
    </div>
  );
}
