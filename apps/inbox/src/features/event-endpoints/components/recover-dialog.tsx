'use client';

import type { EventEndpoint } from '@sendbook/api-contract';
import { useState } from 'react';
import { ConfirmActions } from '@/components/confirm-parts';
import { DialogContent, DialogRoot } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { useRecoverEvents } from '@/features/event-endpoints/hooks/use-recover-events';
import styles from './event-endpoints.module.css';

/** Asks since when to send an endpoint what it missed; an hour ago to start with. */
export function RecoverDialog({ endpoint, onClose }: { endpoint: EventEndpoint; onClose: () => void }) {
  const [since, setSince] = useState(() => localInputValue(new Date(Date.now() - 3_600_000)));
  const recover = useRecoverEvents(endpoint.id, onClose);
  const at = new Date(since);
  const bad = Number.isNaN(at.getTime());
  return (
    <DialogRoot open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent
        title={`Recover events for ${endpoint.url}`}
        description="Every event since then that it did not receive is sent again, in order; ones it received are not."
      >
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!bad && !recover.isPending) recover.mutate(at.toISOString());
          }}
        >
          <TextField
            label="Since"
            type="datetime-local"
            value={since}
            onChange={(e) => setSince(e.target.value)}
            aria-invalid={bad || undefined}
            hint={bad ? 'Pick a date and time.' : 'Your local time.'}
          />
          <ConfirmActions error={recover.isError ? recover.error : null} errorTitle="Could not recover" busy={recover.isPending} onBack={onClose} />
        </form>
      </DialogContent>
    </DialogRoot>
  );
}

/** `datetime-local` wants local wall-clock time without a zone. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
