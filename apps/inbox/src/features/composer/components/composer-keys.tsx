import { Kbd } from '@/components/ui/kbd';
import styles from './composer.module.css';

/** The keys a writing agent needs, shown under the box. */
export function ComposerKeys() {
  return (
    <p className={styles.keys} aria-hidden="true">
      <Kbd>↵</Kbd> send · <Kbd>⇧</Kbd>
      <Kbd>↵</Kbd> new line · <Kbd>R</Kbd> reply · <Kbd>⌘</Kbd>
      <Kbd>K</Kbd> all actions
    </p>
  );
}
