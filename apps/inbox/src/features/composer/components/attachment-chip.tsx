'use client';

import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { fileSizeWords } from '@/lib/file-size';
import type { AttachmentControl } from '@/features/composer/hooks/use-attachment';
import styles from './composer.module.css';

/** The chosen file above the textbox: its name and size, the upload's progress, why it failed, `Remove`. */
export function AttachmentChip({ attachment, disabled }: { attachment: AttachmentControl; disabled: boolean }) {
  const state = attachment.state;
  if (state.status === 'none') return null;
  if (state.status === 'refused') {
    return (
      <div className={styles.attachment} data-status="refused" role="alert">
        <Icon name="alert" size={16} />
        <span className={styles.attachmentText}>
          <strong>{state.name}</strong> cannot be sent: {state.problem}
        </span>
        <Button variant="ghost" size="sm" onClick={attachment.clear}>
          Dismiss
        </Button>
      </div>
    );
  }
  const name = state.voice ? 'Voice note' : state.file.name;
  return (
    <div className={styles.attachment} data-status={state.status}>
      {state.preview && state.file.type.startsWith('image/') ? (
        <img className={styles.attachmentThumb} src={state.preview} alt="" />
      ) : (
        <Icon name="file" size={16} />
      )}
      <span className={styles.attachmentText}>
        <strong>{name}</strong>
        <span className={styles.attachmentMeta}>
          {fileSizeWords(state.file.size)}
          {state.status === 'uploaded' && !state.caption ? ' · sent without a caption; text goes as its own message' : ''}
        </span>
        {state.status === 'uploading' ? (
          <progress className={styles.attachmentProgress} max={1} value={state.progress} aria-label={`Uploading ${name}`}>
            {Math.round(state.progress * 100)}%
          </progress>
        ) : null}
        {state.status === 'failed' ? (
          <span className={styles.attachmentError} role="alert">
            Upload failed: {state.problem}
          </span>
        ) : null}
      </span>
      {state.preview && state.file.type.startsWith('audio/') ? (
        <audio className={styles.attachmentAudio} controls src={state.preview} aria-label={`Listen to ${name}`} />
      ) : null}
      {state.status === 'failed' ? (
        <Button variant="secondary" size="sm" onClick={attachment.retry} disabled={disabled}>
          Retry upload
        </Button>
      ) : null}
      <Button variant="ghost" size="sm" onClick={attachment.clear} disabled={disabled}>
        <Icon name="x" size={14} />
        Remove
      </Button>
    </div>
  );
}
