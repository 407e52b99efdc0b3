import type { ReactNode } from 'react';
import styles from './callout.module.css';
import { Icon } from './icon';

export interface CalloutProps {
  tone?: 'info' | 'success' | 'warning' | 'danger';
  title: ReactNode;
  children?: ReactNode;
  /** `alert` interrupts a screen reader (errors the person must know about now); `status` waits its turn. */
  role?: 'alert' | 'status';
  className?: string;
  id?: string;
}

/** A boxed message: an error, a warning or a note, with the right live-region role. */
export function Callout({ tone = 'info', title, children, role, className, id }: CalloutProps) {
  const icon = tone === 'danger' ? 'alert' : tone === 'warning' ? 'warning' : tone === 'success' ? 'check' : 'info';
  return (
    <div id={id} role={role} className={[styles.callout, styles[tone], className].filter(Boolean).join(' ')}>
      <Icon name={icon} className={styles.icon} />
      <div className={styles.title}>{title}</div>
      {children ? <div className={styles.body}>{children}</div> : null}
    </div>
  );
}
