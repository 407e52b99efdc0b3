'use client';

import { useId } from 'react';
import { useClock } from '@/components/clock';
import { Time } from '@/components/time';
import { Icon } from '@/components/ui/icon';
import { FROM_THE_PHONE, FROM_THE_PHONE_MEANING } from '@/lib/echo-content';
import type { ThreadItem } from '@/lib/thread';
import { clockTime } from '@/lib/time';
import styles from './message.module.css';

type EchoItem = Extract<ThreadItem, { kind: 'echo' }>;

/**
 * A message the business sent from the WhatsApp Business app on the phone (a coexistence number):
 * drawn with ours, but it never went through Sendbook, so instead of a state it says where it came
 * from, visibly and as its accessible description.
 */
export function EchoArticle({ item, contact, highlighted }: { item: EchoItem; contact: string; highlighted: boolean }) {
  const { timeZone } = useClock();
  const sourceId = useId();
  const { content } = item;
  return (
    <article
      className={styles.article}
      data-direction="outbound"
      data-source="phone"
      data-key={item.key}
      data-highlighted={highlighted || undefined}
      tabIndex={-1}
      aria-label={`To ${contact} at ${clockTime(item.at, timeZone)}`}
      aria-describedby={sourceId}
    >
      <div className={styles.bubble}>
        {content.label ? <span className={styles.label}>{content.label}</span> : null}
        {content.text ? <p className={styles.text}>{content.text}</p> : null}
        {item.reactions.length > 0 ? (
          <span className={styles.reactions} aria-label={`Customer reacted ${item.reactions.join(' ')}`} role="img">
            {item.reactions.join(' ')}
          </span>
        ) : null}
      </div>
      <div className={styles.meta}>
        <span className={styles.state} data-tone="neutral" title={FROM_THE_PHONE_MEANING}>
          <Icon name="phone" size={14} />
          <span id={sourceId}>{FROM_THE_PHONE}</span>
        </span>
        <span aria-hidden="true">·</span>
        <Time at={item.at} style="clock" />
      </div>
    </article>
  );
}
