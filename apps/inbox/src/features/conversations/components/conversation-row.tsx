'use client';

import type { ConversationSummary } from '@sendbook/api-contract';
import Link from 'next/link';
import { useClock } from '@/components/clock';
import { Badge } from '@/components/ui/badge';
import { Time } from '@/components/time';
import { lastMessageLine } from '@/lib/last-message-line';
import { contactLabel, contactNumber, initials } from '@/lib/message-content';
import { describeWindow } from '@/lib/window';
import styles from './conversation-list.module.css';

/** One conversation in the list: a link named by the contact, with what was said last, activity, unread count and window. */
export function ConversationRow({ conversation, href, current }: { conversation: ConversationSummary; href: string; current: boolean }) {
  const { now, timeZone } = useClock();
  const label = contactLabel(conversation.contact);
  const number = contactNumber(conversation.contact);
  const window = describeWindow(conversation, now, timeZone);
  const unread = conversation.unread_count > 0;
  const said = lastMessageLine(conversation.last_message);
  return (
    <li>
      <Link href={href} className={[styles.row, unread && styles.unread].filter(Boolean).join(' ')} aria-current={current ? 'page' : undefined} data-row="">
        <span className={styles.avatar} aria-hidden="true">
          {initials(label)}
        </span>
        <span className={styles.name}>{label}</span>
        <span className={styles.time}>{conversation.last_activity_at ? <Time at={conversation.last_activity_at} style="compact" past /> : null}</span>
        <span className={styles.preview}>{said ?? <span className={styles.noMessage}>No messages yet</span>}</span>
        <span className={styles.side}>
          {unread ? (
            <Badge tone="accent">
              {conversation.unread_count}
              <span className="visually-hidden"> unread</span>
            </Badge>
          ) : null}
        </span>
        <span className={styles.meta}>
          {number && number !== label ? <span className={styles.number}>{number}</span> : null}
          {number && number !== label ? <span aria-hidden="true">·</span> : null}
          <span className={styles.window} data-tone={window.tone}>
            {window.open ? <span className="visually-hidden">Window open, </span> : null}
            <span className={styles.windowText} title={window.label}>
              {window.brief}
            </span>
          </span>
          {conversation.state === 'closed' ? <Badge tone="muted">Conversation closed</Badge> : null}
          {conversation.snooze ? <Badge tone="muted">Snoozed</Badge> : null}
          {conversation.labels.length > 0 ? (
            <span className={styles.rowLabels} aria-label={`Labels: ${conversation.labels.join(', ')}`}>
              {conversation.labels.map((name) => (
                <Badge key={name} tone="muted">
                  {name}
                </Badge>
              ))}
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}
