'use client';

import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import styles from './composer.module.css';

/** Every type WhatsApp takes, so the file chooser offers those first. */
const ACCEPT = 'image/jpeg,image/png,image/webp,video/mp4,video/3gpp,audio/*,application/pdf,text/plain,.doc,.docx,.xls,.xlsx,.ppt,.pptx';

/** `Attach` (a file chooser) and `Record voice note`, beside Send. */
export function AttachTools({ onFile, onRecord, busy }: { onFile: (file: File) => void; onRecord: () => void; busy: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid="attach-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
      <Button
        variant="ghost"
        className={styles.tool}
        onClick={() => input.current?.click()}
        disabled={busy}
        aria-label="Attach"
        title="Attach a picture, video, audio or document (or drop it here, or paste a picture)"
      >
        <Icon name="paperclip" size={16} />
      </Button>
      <Button variant="ghost" className={styles.tool} onClick={onRecord} disabled={busy} aria-label="Record voice note" title="Record a voice note">
        <Icon name="mic" size={16} />
      </Button>
    </>
  );
}
