'use client';

import type { Conversation } from '@sendbook/api-contract';
import { useClock } from '@/components/clock';
import { Badge } from '@/components/ui/badge';
import { contactNumber } from '@/lib/message-content';
import { clockTime } from '@/lib/time';
import type { WindowDisplay } from '@/lib/window';
import styles from './contact-panel.module.css';
import { MarketingConsent } from './marketing-consent';

/** Who the customer is: name, number, their time zone and local time, the window with its time left, and whether marketing may reach them. */
export function ContactFacts({ conversation, window }: { conversation: Conversation; window: WindowDisplay }) {
  const { now } = useClock();
  const number = contactNumber(conversation.contact);
  return (
    <section className={styles.section} aria-labelledby="contact-heading">
      <h2 id="contact-heading" className={styles.heading}>
        Contact
      </h2>
      <dl className={styles.facts}>
        <dt>Name</dt>
        <dd>{conversation.contact.name ?? <span className={styles.muted}>Not shared</span>}</dd>
        <dt>Number</dt>
        <dd className={styles.mono}>{number ?? <span className={styles.muted}>Known by user id only</span>}</dd>
        <dt>Time zone</dt>
        <dd>
          {conversation.time_zone}
          <span className={styles.muted}> · {clockTime(new Date(now).toISOString(), conversation.time_zone)} there now</span>
        </dd>
        <dt>Window</dt>
        <dd>
          <Badge tone={window.tone} dot>
            {window.open ? 'Open' : 'Closed'}
          </Badge>{' '}
          <span className={styles.muted}>{window.label}</span>
        </dd>
        <dt>Marketing</dt>
        <dd>
          <MarketingConsent contact={conversation.contact} />
        </dd>
      </dl>
    </section>
  );
}
