'use client';

import type { EventEndpoint } from '@sendbook/api-contract';
import { useState } from 'react';
import { ConfirmActions } from '@/components/confirm-parts';
import { DialogContent, DialogRoot } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/field';
import type { ShownSecret } from '@/features/event-endpoints/hooks/use-add-endpoint';
import { useRotateSecret } from '@/features/event-endpoints/hooks/use-rotate-secret';
import styles from './event-endpoints.module.css';

const KEEP_FOR: readonly { hours: number; words: string }[] = [
  { hours: 1, words: '1 hour' },
  { hours: 24, words: '24 hours' },
  { hours: 72, words: '3 days' },
  { hours: 168, words: '7 days' },
  { hours: 720, words: '30 days' },
  { hours: 0, words: 'Not at all: it leaked' },
];

/** Asks how long the old secret keeps signing beside the new one (24 hours to start with), then rotates. */
export function RotateSecretDialog({
  endpoint,
  onClose,
  onRotated,
}: {
  endpoint: EventEndpoint;
  onClose: () => void;
  onRotated: (shown: ShownSecret) => void;
}) {
  const [hours, setHours] = useState(24);
  const rotate = useRotateSecret(endpoint.id, onRotated, onClose);
  return (
    <DialogRoot open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent
        title={`Rotate the signing secret of ${endpoint.url}`}
        description="The new secret is shown once. Until the old one stops, every event carries a signature for each, so your receiver keeps verifying while you move it over."
      >
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!rotate.isPending) rotate.mutate(hours);
          }}
        >
          <SelectField
            label="Keep the old secret for"
            value={String(hours)}
            onChange={(e) => setHours(Number(e.target.value))}
            hint={
              hours === 0
                ? 'Only the new secret signs from now on, and an older one still in its overlap stops too.'
                : 'An older secret still in its overlap keeps its own end.'
            }
            autoFocus
          >
            {KEEP_FOR.map((k) => (
              <option key={k.hours} value={k.hours}>
                {k.words}
              </option>
            ))}
          </SelectField>
          <ConfirmActions
            error={rotate.isError ? rotate.error : null}
            errorTitle="Could not rotate it"
            busy={rotate.isPending}
            danger={hours === 0}
            onBack={onClose}
          />
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
