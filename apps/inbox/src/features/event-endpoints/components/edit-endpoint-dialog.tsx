'use client';

import type { EventEndpoint } from '@sendbook/api-contract';
import { useState, type FormEvent } from 'react';
import { ConfirmActions } from '@/components/confirm-parts';
import { DialogContent, DialogRoot } from '@/components/ui/dialog';
import { useEditEndpoint } from '@/features/event-endpoints/hooks/use-edit-endpoint';
import { checkForm, EndpointFields, formOf } from './endpoint-form';
import styles from './event-endpoints.module.css';

/** The add form, filled with an endpoint as it is; saving replaces its types, filter, rate and description (and its URL, if changed). */
export function EditEndpointDialog({ endpoint, onClose }: { endpoint: EventEndpoint; onClose: () => void }) {
  const [form, setForm] = useState(() => formOf(endpoint));
  const [tried, setTried] = useState(false);
  const edit = useEditEndpoint(endpoint.id, onClose);
  const checked = checkForm(form);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!checked.request || edit.isPending) return;
    // The URL only when it changed: the API checks a URL it is given again (its addresses).
    const { url, ...rest } = checked.request;
    edit.mutate({ ...rest, description: rest.description ?? '', ...(url === endpoint.url ? {} : { url }) });
  };
  return (
    <DialogRoot open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent title={`Edit ${endpoint.url}`} description="A changed filter or rate applies to what is sent from now on.">
        <form onSubmit={submit} className={styles.form} noValidate>
          <EndpointFields form={form} onChange={setForm} problems={tried ? checked.problems : {}} />
          <ConfirmActions error={edit.isError ? edit.error : null} errorTitle="Could not save it" busy={edit.isPending} onBack={onClose} />
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
