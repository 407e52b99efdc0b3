import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';
import styles from './state.module.css';

export interface StateProps {
  icon?: IconName;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  /** Small print: an error code, a status. */
  code?: ReactNode;
  tone?: 'neutral' | 'danger';
  /** `alert` for errors (announced at once), `status` for empty states. */
  role?: 'alert' | 'status';
  compact?: boolean;
  headingLevel?: 1 | 2;
}

/** What a page shows instead of its content: empty, refused, or broken, and what to do next. */
export function State({ icon = 'info', title, children, actions, code, tone = 'neutral', role, compact = false, headingLevel = 2 }: StateProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div role={role} className={[styles.state, tone === 'danger' && styles.danger, compact && styles.compact].filter(Boolean).join(' ')}>
      <div className={styles.icon}>
        <Icon name={icon} size={20} />
      </div>
      <Heading className={styles.title}>{title}</Heading>
      {children ? <div className={styles.body}>{children}</div> : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
      {code ? <div className={styles.code}>{code}</div> : null}
    </div>
  );
}
