'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import type { AddedEndpoint } from '@/features/event-endpoints/hooks/use-add-endpoint';
import styles from './event-endpoints.module.css';

/** The signing secret, once: the API never shows it again. */
export function SecretNotice({ url, secret }: AddedEndpoint) {
  const [copied, setCopied] = useState(false);
  return (
    <Callout tone="success" role="status" title={`Added ${url}`} className={styles.notice}>
      Its signing secret is shown this once; keep it where your receiver verifies signatures:
      <div className={styles.secretRow}>
        <input className={styles.secret} readOnly value={secret} aria-label="Signing secret" onFocus={(e) => e.currentTarget.select()} />
        <Button
          size="sm"
          onClick={() =>
            void navigator.clipboard
              .writeText(secret)
              .then(() => setCopied(true))
              .catch(() => setCopied(false))
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </Callout>
  );
}
