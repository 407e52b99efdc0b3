'use client';

import type { Message } from '@sendbook/api-contract';
import { Icon } from '@/components/ui/icon';
import { fileSizeWords } from '@/lib/file-size';
import styles from './message.module.css';

type KeptFile = NonNullable<Message['file']>;

/**
 * The file an agent sent, from Sendbook's own copy: a picture shown, a voice note or audio playable,
 * anything else a download. There after Meta has forgotten the media id.
 */
export function SentFile({ file, label }: { file: KeptFile; label: string }) {
  const type = file.mime_type ?? '';
  const name = file.filename ?? label;
  return (
    <>
      {type.startsWith('image/') ? (
        <a className={styles.preview} href={file.href} target="_blank" rel="noopener noreferrer" title="Open the picture full size">
          <img src={file.href} alt={name} loading="lazy" decoding="async" />
        </a>
      ) : null}
      {type.startsWith('audio/') ? <audio className={styles.audio} controls preload="none" src={file.href} aria-label={`Play ${label}`} /> : null}
      <div className={styles.media}>
        <Icon name="file" size={20} />
        <span className={styles.mediaWhat}>
          <span className={styles.mediaLabel}>{name}</span>
          <span className={styles.mediaType}>
            {type || 'file'}
            {file.size !== null ? ` · ${fileSizeWords(file.size)}` : ''}
          </span>
        </span>
        <a className={styles.download} href={file.href} download={file.filename ?? undefined}>
          <Icon name="download" size={14} />
          Download<span className="visually-hidden"> {name}</span>
        </a>
      </div>
    </>
  );
}
