'use client';

import { useState } from 'react';
import { Time } from '@/components/time';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import type { ShownSecret } from '@/features/event-endpoints/hooks/use-add-endpoint';
import styles from './event-endpoints.module.css';

/** A signing secret, once: the API never shows it again. After a rotation, until when the old one still works. */
export function SecretNotice({ shown }: { shown: ShownSecret }) {
  const [copied, setCopied] = useState(false);
  const { url, secret } = shown;
  return (
    <Callout tone="success" role="status" title={shown.kind === 'added' ? `Added ${url}` : `New signing secret for ${url}`} className={styles.notice}>
      {shown.kind === 'added' ? (
        'Its signing secret is shown this once; keep it where your receiver verifies signatures:'
      ) : shown.oldUntil ? (
        <>
          Shown this once. Events are signed with the old secret too until it stops (<Time at={shown.oldUntil} />
          ): move your receiver to this one before then.
        </>
      ) : (
        'Shown this once. The old secret no longer signs anything: give your receiver this one now.'
      )}
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
