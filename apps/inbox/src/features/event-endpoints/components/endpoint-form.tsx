'use client';

import type { EventEndpoint } from '@sendbook/api-contract';
import { TextField } from '@/components/ui/field';
import type { NewEventEndpoint } from '@/features/event-endpoints/event-endpoints.queries';
import styles from './event-endpoints.module.css';

export const EVENT_TYPES: EventEndpoint['events'] = [
  'message.state_changed',
  'message.failed',
  'inbound.received',
  'inbound.attributed',
  'work_item.opened',
  'work_item.resolved',
  'conversation.assigned',
  'conversation.sla_breached',
];

/** The endpoint form as typed: lists as text (one value per comma or line), the rate as text. */
export interface EndpointForm {
  readonly url: string;
  readonly description: string;
  readonly events: EventEndpoint['events'];
  readonly numbers: string;
  readonly purposes: string;
  readonly campaigns: string;
  readonly rate: string;
}

export function formOf(endpoint?: EventEndpoint): EndpointForm {
  return {
    url: endpoint?.url ?? '',
    description: endpoint?.description ?? '',
    events: endpoint?.events ?? ['message.state_changed', 'inbound.attributed'],
    numbers: endpoint?.filter?.phone_number_ids?.join(', ') ?? '',
    purposes: endpoint?.filter?.purposes?.join(', ') ?? '',
    campaigns: endpoint?.filter?.campaigns?.join(', ') ?? '',
    rate: endpoint?.rate_per_second == null ? '' : String(endpoint.rate_per_second),
  };
}

type Problems = Partial<Record<'url' | 'events' | 'numbers' | 'purposes' | 'campaigns' | 'rate', string>>;

const values = (text: string): string[] => [
  ...new Set(
    text
      .split(/[,\n]/)
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];

/** What the API would refuse, said before asking it; and the request when nothing is. */
export function checkForm(form: EndpointForm): { problems: Problems; request: NewEventEndpoint | null } {
  const problems: Problems = {};
  if (!/^https?:\/\/\S+$/.test(form.url.trim())) problems.url = 'Enter an http or https URL.';
  if (form.events.length === 0) problems.events = 'Pick at least one.';
  const numbers = values(form.numbers);
  const purposes = values(form.purposes);
  const campaigns = values(form.campaigns);
  if (numbers.some((n) => !/^\d{1,32}$/.test(n))) problems.numbers = 'Business numbers are phone number ids: digits only.';
  if (purposes.some((p) => !/^[a-zA-Z0-9][a-zA-Z0-9_.:-]{0,99}$/.test(p))) problems.purposes = 'A purpose is up to 100 letters, digits, _ . : -';
  if (campaigns.some((c) => c.length > 100)) problems.campaigns = 'A campaign is at most 100 characters.';
  const rate = form.rate.trim() === '' ? null : Number(form.rate);
  if (rate !== null && !(Number.isInteger(rate) && rate >= 1 && rate <= 1000)) problems.rate = 'A whole number from 1 to 1000, or empty for no limit.';
  if (Object.keys(problems).length > 0) return { problems, request: null };
  return {
    problems,
    request: {
      url: form.url.trim(),
      events: form.events,
      ...(form.description.trim() ? { description: form.description.trim() } : {}),
      filter: {
        ...(numbers.length ? { phone_number_ids: numbers } : {}),
        ...(purposes.length ? { purposes } : {}),
        ...(campaigns.length ? { campaigns } : {}),
      },
      rate_per_second: rate,
    },
  };
}

/** URL, event types, description, the filter and the rate: for adding an endpoint and for changing one. */
export function EndpointFields({ form, onChange, problems }: { form: EndpointForm; onChange: (form: EndpointForm) => void; problems: Problems }) {
  const toggle = (type: EventEndpoint['events'][number], on: boolean) =>
    onChange({ ...form, events: on ? [...form.events, type] : form.events.filter((t) => t !== type) });
  return (
    <>
      <TextField
        label="URL"
        type="url"
        placeholder="https://orders.example.com/sendbook-events"
        value={form.url}
        onChange={(e) => onChange({ ...form, url: e.target.value })}
        aria-invalid={problems.url ? true : undefined}
        hint={problems.url ?? 'Loopback and private addresses are refused unless the server allows them.'}
        autoFocus
        maxLength={2000}
      />
      <fieldset className={styles.events} aria-invalid={problems.events ? true : undefined}>
        <legend>Events</legend>
        {EVENT_TYPES.map((type) => (
          <label key={type}>
            <input type="checkbox" checked={form.events.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />
            {type}
          </label>
        ))}
        {problems.events ? <span className={styles.hint}>{problems.events}</span> : null}
      </fieldset>
      <fieldset className={styles.filter}>
        <legend>Only events about</legend>
        <p className={styles.filterHint}>
          Leave a box empty to take them all. Separate values with commas. Alerts about no number in particular pass a number filter; events about no message (a
          customer writing about none of yours, an assignment, an alert) pass neither purposes nor campaigns.
        </p>
        <TextField
          label="Business numbers"
          placeholder="106540352242922"
          value={form.numbers}
          onChange={(e) => onChange({ ...form, numbers: e.target.value })}
          aria-invalid={problems.numbers ? true : undefined}
          hint={problems.numbers ?? 'Phone number ids, as in Numbers.'}
        />
        <TextField
          label="Purposes"
          placeholder="order_shipped, order_confirmation"
          value={form.purposes}
          onChange={(e) => onChange({ ...form, purposes: e.target.value })}
          aria-invalid={problems.purposes ? true : undefined}
          hint={problems.purposes ?? 'Messages of these purposes, and replies to them.'}
        />
        <TextField
          label="Campaigns"
          placeholder="black-friday"
          value={form.campaigns}
          onChange={(e) => onChange({ ...form, campaigns: e.target.value })}
          aria-invalid={problems.campaigns ? true : undefined}
          hint={problems.campaigns ?? 'Messages of these campaigns, and replies to them.'}
        />
      </fieldset>
      <TextField
        label="Rate limit (per second)"
        type="number"
        inputMode="numeric"
        min={1}
        max={1000}
        placeholder="No limit"
        value={form.rate}
        onChange={(e) => onChange({ ...form, rate: e.target.value })}
        aria-invalid={problems.rate ? true : undefined}
        hint={problems.rate ?? 'At most this many POSTs a second, evenly spaced; the rest wait their turn, in order.'}
      />
      <TextField
        label="Description"
        value={form.description}
        onChange={(e) => onChange({ ...form, description: e.target.value })}
        maxLength={500}
        hint="Optional: whose it is."
      />
    </>
  );
}
