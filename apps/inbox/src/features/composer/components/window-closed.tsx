'use client';

import type { Ref } from 'react';
import { Button } from '@/components/ui/button';
import styles from './composer.module.css';

/** Instead of a textbox to type into in vain: why only a template gets through, and the button that picks one. */
export function WindowClosed({
  contact,
  neverWrote,
  templateRef,
  onTemplate,
}: {
  contact: string;
  neverWrote: boolean;
  templateRef: Ref<HTMLButtonElement>;
  onTemplate: () => void;
}) {
  return (
    <div className={styles.closed}>
      <p>
        {neverWrote ? `${contact} has not written to you yet` : `${contact} has not written in the last 24 hours`}, so WhatsApp only lets an approved template
        through. When they answer, you can write freely again.
      </p>
      <Button ref={templateRef} variant="primary" onClick={onTemplate}>
        Template
      </Button>
    </div>
  );
}
