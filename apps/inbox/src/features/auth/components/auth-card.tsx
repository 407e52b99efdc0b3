import type { ReactNode } from 'react';
import { Logo } from '@/components/logo';
import styles from './auth-card.module.css';

/** The pages a person sees before they are signed in (sign-in, an invite link): one card, centred. */
export function AuthCard({ title, lead, foot, children }: { title: string; lead?: ReactNode; foot: ReactNode; children: ReactNode }) {
  return (
    <main className={styles.page}>
      <div className={styles.column}>
        <div className={styles.brand}>
          <Logo size={28} />
          <span>Sendbook</span>
        </div>
        <div className={styles.card}>
          <div className={styles.heading}>
            <h1>{title}</h1>
            {lead ? <p>{lead}</p> : null}
          </div>
          {children}
        </div>
        <p className={styles.foot}>{foot}</p>
      </div>
    </main>
  );
}
