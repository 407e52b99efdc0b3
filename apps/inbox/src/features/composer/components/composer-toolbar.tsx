'use client';

import { Icon } from '@/components/ui/icon';
import { Segmented } from '@/components/ui/segmented';
import type { WindowDisplay } from '@/lib/window';
import styles from './composer.module.css';

export type ComposerMode = 'reply' | 'note';

const MODES: readonly { value: ComposerMode; label: string }[] = [
  { value: 'reply', label: 'Reply' },
  { value: 'note', label: 'Private note' },
];

/** Reply or private note, and what the choice means: how long free text may still go, or who sees a note. */
export function ComposerToolbar({
  mode,
  onMode,
  window,
  contact,
}: {
  mode: ComposerMode;
  onMode: (mode: ComposerMode) => void;
  window: WindowDisplay;
  contact: string;
}) {
  return (
    <div className={styles.top}>
      <Segmented label="Write" value={mode} options={MODES} onChange={onMode} />
      {mode === 'reply' ? (
        <span className={styles.window} data-tone={window.tone}>
          <Icon name={window.open ? 'clock' : 'lock'} size={14} />
          {window.open ? `${window.label}: free text until then` : window.label.includes('templates only') ? window.label : `${window.label}: templates only`}
        </span>
      ) : (
        <span className={styles.window} data-tone="warning">
          <Icon name="lock" size={14} />
          Only your team sees notes; they are never sent to {contact}.
        </span>
      )}
    </div>
  );
}
