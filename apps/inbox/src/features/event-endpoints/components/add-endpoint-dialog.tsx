'use client';

import { useState, type FormEvent } from 'react';
import { ConfirmActions } from '@/components/confirm-parts';
import { DialogContent, DialogRoot } from '@/components/ui/dialog';
import { useAddEndpoint, type ShownSecret } from '@/features/event-endpoints/hooks/use-add-endpoint';
import { checkForm, EndpointFields, formOf } from './endpoint-form';
import styles from './event-endpoints.module.css';

/** A URL, the event types it wants, an optional filter, rate and description; checked before the API is asked. */
export function AddEndpointDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (added: ShownSecret) => void }) {
  const [form, setForm] = useState(() => formOf());
  const [tried, setTried] = useState(false);
  const add = useAddEndpoint(onAdded, onClose);
  const checked = checkForm(form);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!checked.request || add.isPending) return;
    add.mutate(checked.request);
  };
  return (
    <DialogRoot open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent title="Add an event endpoint" description="The signing secret is shown once, after you confirm.">
        <form onSubmit={submit} className={styles.form} noValidate>
          <EndpointFields form={form} onChange={setForm} problems={tried ? checked.problems : {}} />
          <ConfirmActions error={add.isError ? add.error : null} errorTitle="Could not add it" busy={add.isPending} onBack={onClose} />
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
