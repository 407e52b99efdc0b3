'use client';

import type { EventEndpoint } from '@sendbook/api-contract';
import { useState, type FormEvent } from 'react';
import { ConfirmActions } from '@/components/confirm-parts';
import { DialogContent, DialogRoot } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { useAddEndpoint, type AddedEndpoint } from '@/features/event-endpoints/hooks/use-add-endpoint';
import styles from './event-endpoints.module.css';

const EVENT_TYPES: EventEndpoint['events'] = [
  'message.state_changed',
  'message.failed',
  'inbound.received',
  'inbound.attributed',
  'work_item.opened',
  'work_item.resolved',
];

/** A URL, the event types it wants and an optional description; the URL and types are checked before the API is asked. */
export function AddEndpointDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (added: AddedEndpoint) => void }) {
  const [form, setForm] = useState({ url: '', description: '', events: ['message.state_changed', 'inbound.attributed'] as EventEndpoint['events'] });
  const [tried, setTried] = useState(false);
  const add = useAddEndpoint(onAdded, onClose);
  const urlBad = tried && !/^https?:\/\/\S+$/.test(form.url.trim());
  const noEvents = tried && form.events.length === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!/^https?:\/\/\S+$/.test(form.url.trim()) || form.events.length === 0 || add.isPending) return;
    add.mutate({ url: form.url.trim(), events: form.events, ...(form.description.trim() ? { description: form.description.trim() } : {}) });
  };
  const toggle = (type: EventEndpoint['events'][number], on: boolean) =>
    setForm({ ...form, events: on ? [...form.events, type] : form.events.filter((t) => t !== type) });
  return (
    <DialogRoot open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent title="Add an event endpoint" description="The signing secret is shown once, after you confirm.">
        <form onSubmit={submit} className={styles.form} noValidate>
          <TextField
            label="URL"
            type="url"
            placeholder="https://orders.example.com/sendbook-events"
            value={form.url}
            onChange={(e) => setForm({ ...form, url: e.target.value })}
            aria-invalid={urlBad || undefined}
            hint={urlBad ? 'Enter an http or https URL.' : 'Loopback and private addresses are refused unless the server allows them.'}
            autoFocus
            maxLength={2000}
          />
          <fieldset className={styles.events} aria-invalid={noEvents || undefined}>
            <legend>Events</legend>
            {EVENT_TYPES.map((type) => (
              <label key={type}>
                <input type="checkbox" checked={form.events.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />
                {type}
              </label>
            ))}
            {noEvents ? <span className={styles.hint}>Pick at least one.</span> : null}
          </fieldset>
          <TextField
            label="Description"
            value={form.description}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
            maxLength={500}
            hint="Optional: whose it is."
          />
          <ConfirmActions error={add.isError ? add.error : null} errorTitle="Could not add it" busy={add.isPending} onBack={onClose} />
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
