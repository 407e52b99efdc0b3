import type { RecentPurpose } from '@sendbook/api-contract';
import { Time } from '@/components/time';
import { outboundState } from '@/lib/message-state';
import styles from './contact-panel.module.css';

/** What we sent the customer lately, each with the business record behind it and how far it got. */
export function RecentPurposes({ purposes, contact }: { purposes: readonly RecentPurpose[]; contact: string }) {
  return (
    <section className={styles.section} aria-labelledby="purposes-heading">
      <h2 id="purposes-heading" className={styles.heading}>
        Recently sent
      </h2>
      {purposes.length === 0 ? (
        <p className={styles.muted}>Nothing sent to {contact} yet.</p>
      ) : (
        <ul className={styles.purposes}>
          {purposes.map((purpose) => (
            <li key={purpose.message_id}>
              <span className={styles.purposeName}>{purpose.purpose}</span>
              <span className={styles.purposeMeta}>
                {purpose.trigger_ref ? (
                  <code title="The business record it was sent for (trigger_ref)">{purpose.trigger_ref}</code>
                ) : (
                  <span className={styles.muted}>no trigger_ref</span>
                )}
              </span>
              <span className={styles.purposeMeta}>
                {outboundState(purpose.state as Parameters<typeof outboundState>[0]).word} · <Time at={purpose.created_at} past />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
