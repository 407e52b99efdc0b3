'use client';

import type { Conversation } from '@sendbook/api-contract';
import { useClock } from '@/components/clock';
import { absoluteTime } from '@/lib/time';
import styles from './contact-panel.module.css';

const SOURCES: Record<NonNullable<Conversation['contact']['marketing_opt_out_source']>, string> = {
  user_preferences: 'they asked WhatsApp to stop marketing from us',
  error_131050: 'Meta refused a marketing message (131050)',
};

/**
 * Whether marketing may reach the contact. Once they opt out, marketing templates to them are held
 * (never sent) until they resume; order updates and replies still go.
 */
export function MarketingConsent({ contact }: { contact: Conversation['contact'] }) {
  const { timeZone } = useClock();
  const since = contact.marketing_opt_out_at;
  if (!since) return <span className={styles.muted}>Receives marketing</span>;
  return (
    <>
      <span className={styles.warning}>
        Opted out of marketing since <time dateTime={since}>{absoluteTime(since, timeZone)}</time>
      </span>
      <span className={styles.muted}>
        {' '}
        · {contact.marketing_opt_out_source ? SOURCES[contact.marketing_opt_out_source] : 'source unknown'}. Marketing templates are held until they resume.
      </span>
    </>
  );
}
