'use client';

import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { arrivalsWords, type Arrivals } from '@/lib/send-guard';
import styles from './composer.module.css';

/** Asked before a reply goes when the customer wrote, or a colleague answered, since the agent started typing. */
export function ArrivalsWarning({
  arrivals,
  contact,
  onSendAnyway,
  onReadFirst,
}: {
  arrivals: Arrivals;
  contact: string;
  onSendAnyway: () => void;
  onReadFirst: () => void;
}) {
  return (
    <Callout tone="warning" role="alert" title="New messages since you started typing" className={styles.callout}>
      <p>{arrivalsWords(arrivals, contact)}</p>
      <div className={styles.calloutActions}>
        <Button size="sm" variant="primary" onClick={onSendAnyway}>
          Send anyway
        </Button>
        <Button size="sm" onClick={onReadFirst}>
          Let me read first
        </Button>
      </div>
    </Callout>
  );
}
