import styles from './kbd.module.css';

/** A key, as printed on a keycap. */
export function Kbd({ children }: { children: React.ReactNode }) {
  return <kbd className={styles.kbd}>{children}</kbd>;
}
