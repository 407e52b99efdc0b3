import type { ReactNode } from 'react';
import styles from './page.module.css';

/** A page of the shell: a sticky header with its one `h1`, then the content. */
export function Page({
  title,
  subtitle,
  actions,
  children,
  bodyClassName,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  bodyClassName?: string;
}) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.titles}>
          <h1>{title}</h1>
          {subtitle ? <span className={styles.subtitle}>{subtitle}</span> : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </header>
      <div className={bodyClassName ?? styles.body}>{children}</div>
    </div>
  );
}

export function PageDescription({ children }: { children: ReactNode }) {
  return <p className={styles.description}>{children}</p>;
}
