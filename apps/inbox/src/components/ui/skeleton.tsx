import styles from './skeleton.module.css';

/** A grey placeholder where content is coming. The region around it says "Loading…" for screen readers. */
export function Skeleton({ width = '100%', height = 12, radius }: { width?: number | string; height?: number; radius?: number }) {
  return <span className={styles.skeleton} style={{ width, height, borderRadius: radius }} aria-hidden="true" />;
}

/** A loading state: `role=status` with words, placeholders for the eye. */
export function Loading({ label, rows = 6, children }: { label: string; rows?: number; children?: React.ReactNode }) {
  return (
    <div role="status" aria-live="polite" className={styles.lines}>
      <span className="visually-hidden">{label}</span>
      {children ?? Array.from({ length: rows }, (_, i) => <Skeleton key={i} height={14} width={`${92 - ((i * 17) % 40)}%`} />)}
    </div>
  );
}
