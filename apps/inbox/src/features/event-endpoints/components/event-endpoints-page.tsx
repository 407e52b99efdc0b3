'use client';

import type { EventDelivery, EventEndpoint } from '@sendbook/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ConfirmActions } from '@/components/confirm-parts';
import { Page, PageDescription } from '@/components/page';
import { listQuery, QueryContent } from '@/components/query-content';
import { Time } from '@/components/time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { DialogContent, DialogRoot } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { Table, Td, Th } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { toProblem } from '@/lib/api';
import { problemDetail } from '@/lib/problem';
import { newRequestId } from '@/lib/request-id';
import type { Loaded } from '@/lib/server-api';
import { useSeededQuery } from '@/lib/use-seeded-query';
import {
  createEventEndpoint,
  deleteEventEndpoint,
  deliveriesQuery,
  eventEndpointKeys,
  eventEndpointsQuery,
  recoverEvents,
  replayDelivery,
  setEventEndpointEnabled,
} from '../event-endpoints.queries';
import styles from './event-endpoints.module.css';

const EVENT_TYPES: EventEndpoint['events'] = [
  'message.state_changed',
  'message.failed',
  'inbound.received',
  'inbound.attributed',
  'work_item.opened',
  'work_item.resolved',
];

type Asking = { kind: 'add' } | { kind: 'recover'; endpoint: EventEndpoint } | { kind: 'toggle' | 'delete'; endpoint: EventEndpoint };

/** Where Sendbook pushes signed events for order systems: add, enable or disable, delete, and see what each was sent. */
export function EventEndpointsPage({ initial }: { initial: Loaded<{ data: EventEndpoint[] }> }) {
  const query = useSeededQuery(eventEndpointsQuery(), initial);
  const endpoints = query.data?.data ?? [];
  const [asking, setAsking] = useState<Asking | null>(null);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const shown = endpoints.find((e) => e.id === open) ?? null;
  return (
    <Page
      title="Event endpoints"
      subtitle="Signed events for your order system"
      actions={
        <Button size="sm" variant="primary" onClick={() => setAsking({ kind: 'add' })}>
          Add endpoint
        </Button>
      }
    >
      <PageDescription>
        Sendbook POSTs each event of the chosen types to the URL, signed the Standard Webhooks way, until it answers 2xx: a message changing state or failing, a
        customer writing or answering a message, an alert opening or resolving.
      </PageDescription>
      {secret ? <SecretNotice {...secret} /> : null}
      <QueryContent
        query={query}
        loading="Loading event endpoints…"
        isEmpty={endpoints.length === 0}
        empty={{
          icon: 'share',
          title: 'No event endpoints yet',
          body: 'Add one to have Sendbook tell your order system when a message is read or a customer taps Confirm, instead of it asking.',
        }}
      >
        <Table label="Event endpoints">
          <thead>
            <tr>
              <Th>URL</Th>
              <Th>Events</Th>
              <Th>Status</Th>
              <Th numeric title="Failed attempts in a row since the last success">
                Failures
              </Th>
              <Th>Added</Th>
              <Th>
                <span className="visually-hidden">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {endpoints.map((endpoint) => (
              <tr key={endpoint.id} aria-current={endpoint.id === open ? 'true' : undefined}>
                <Td mono wrap className={styles.url}>
                  {endpoint.url}
                  {endpoint.description ? <div className={styles.types}>{endpoint.description}</div> : null}
                </Td>
                <Td className={styles.types}>
                  {endpoint.events.map((type) => (
                    <div key={type}>{type}</div>
                  ))}
                </Td>
                <Td>
                  <EndpointStatus endpoint={endpoint} />
                </Td>
                <Td numeric>{endpoint.consecutive_failures}</Td>
                <Td muted>
                  <Time past at={endpoint.created_at} />
                </Td>
                <Td>
                  <div className={styles.actions}>
                    <Button size="sm" onClick={() => setOpen(endpoint.id === open ? null : endpoint.id)} aria-expanded={endpoint.id === open}>
                      Deliveries
                    </Button>
                    <Button size="sm" onClick={() => setAsking({ kind: 'toggle', endpoint })}>
                      {endpoint.enabled ? 'Disable' : 'Enable'}
                    </Button>
                    <Button size="sm" variant="danger" onClick={() => setAsking({ kind: 'delete', endpoint })}>
                      Delete
                    </Button>
                  </div>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </QueryContent>
      {shown ? <Deliveries endpoint={shown} onRecover={() => setAsking({ kind: 'recover', endpoint: shown })} /> : null}
      {asking?.kind === 'add' ? (
        <AddDialog onClose={() => setAsking(null)} onAdded={setSecret} />
      ) : asking?.kind === 'recover' ? (
        <RecoverDialog endpoint={asking.endpoint} onClose={() => setAsking(null)} />
      ) : asking ? (
        <ChangeDialog asking={asking} onClose={() => setAsking(null)} onDeleted={(id) => (id === open ? setOpen(null) : undefined)} />
      ) : null}
    </Page>
  );
}

function EndpointStatus({ endpoint }: { endpoint: EventEndpoint }) {
  if (endpoint.enabled)
    return (
      <Badge tone="success" dot>
        Enabled
      </Badge>
    );
  return (
    <Badge tone={endpoint.disabled_reason === 'failing' ? 'danger' : 'muted'} dot>
      {endpoint.disabled_reason === 'failing' ? 'Disabled: kept failing' : 'Disabled'}
    </Badge>
  );
}

/** The signing secret, once: the API never shows it again. */
function SecretNotice({ url, secret }: { url: string; secret: string }) {
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

const DELIVERY_WORD: Record<EventDelivery['state'], { word: string; tone: 'success' | 'progress' | 'warning' | 'danger' }> = {
  delivered: { word: 'Delivered', tone: 'success' },
  delivering: { word: 'Sending', tone: 'progress' },
  pending: { word: 'Waiting', tone: 'warning' },
  failed: { word: 'Gave up', tone: 'danger' },
};

function Deliveries({ endpoint, onRecover }: { endpoint: EventEndpoint; onRecover: () => void }) {
  const query = useQuery({ ...deliveriesQuery(endpoint.id), refetchInterval: 5_000 });
  const queryClient = useQueryClient();
  const toast = useToast();
  const replay = useMutation({
    mutationFn: (deliveryId: string) => replayDelivery(endpoint.id, deliveryId, newRequestId()),
    onSuccess: async () => {
      toast({ title: 'The event will be sent again', tone: 'success' });
      await queryClient.invalidateQueries({ queryKey: eventEndpointKeys.deliveries(endpoint.id) });
    },
    onError: (error) => toast({ title: 'Could not send it again', description: problemDetail(toProblem(error)), tone: 'danger' }),
  });
  const rows = query.data?.data ?? [];
  return (
    <section className={styles.deliveries} aria-labelledby="deliveries-heading">
      <div className={styles.deliveriesHeader}>
        <h2 id="deliveries-heading">Deliveries to {endpoint.url}</h2>
        <Button size="sm" onClick={onRecover}>
          Recover…
        </Button>
      </div>
      <QueryContent
        query={listQuery(query)}
        loading="Loading deliveries…"
        isEmpty={rows.length === 0}
        empty={{ icon: 'clock', title: 'Nothing sent yet', body: 'Events of its types appear here as they happen.' }}
      >
        <Table label="Deliveries">
          <thead>
            <tr>
              <Th>Event</Th>
              <Th>State</Th>
              <Th numeric>Attempts</Th>
              <Th numeric>Last status</Th>
              <Th numeric>Latency</Th>
              <Th>Answer</Th>
              <Th>When</Th>
              <Th>
                <span className="visually-hidden">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => {
              const last = d.recent_attempts[0];
              const word = DELIVERY_WORD[d.state];
              return (
                <tr key={d.id}>
                  <Td mono>
                    {d.type}
                    <div className={styles.types} title={d.event_id}>
                      {d.event_id.slice(0, 8)}
                    </div>
                  </Td>
                  <Td>
                    <Badge tone={word.tone} dot>
                      {word.word}
                    </Badge>
                  </Td>
                  <Td numeric>{d.attempts}</Td>
                  <Td numeric>{last?.status_code ?? (last ? 'none' : '–')}</Td>
                  <Td numeric>{last ? `${last.latency_ms} ms` : '–'}</Td>
                  <Td muted>
                    <div className={styles.excerpt} title={last?.error ?? last?.body_excerpt ?? undefined}>
                      {last?.error ?? last?.body_excerpt ?? '–'}
                    </div>
                  </Td>
                  <Td muted>
                    <Time past at={d.event_created_at} />
                  </Td>
                  <Td>
                    <div className={styles.actions}>
                      <Button
                        size="sm"
                        onClick={() => replay.mutate(d.id)}
                        disabled={d.state === 'delivering' || replay.isPending}
                        aria-label={`Replay ${d.type} ${d.event_id.slice(0, 8)}`}
                      >
                        Replay
                      </Button>
                    </div>
                  </Td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </QueryContent>
    </section>
  );
}

function AddDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (added: { url: string; secret: string }) => void }) {
  const [form, setForm] = useState({ url: '', description: '', events: ['message.state_changed', 'inbound.attributed'] as EventEndpoint['events'] });
  const [requestId] = useState(newRequestId);
  const [tried, setTried] = useState(false);
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: () =>
      createEventEndpoint(
        { url: form.url.trim(), events: form.events, ...(form.description.trim() ? { description: form.description.trim() } : {}) },
        requestId,
      ),
    onSuccess: async (result) => {
      onAdded({ url: result.endpoint.url, secret: result.secret });
      await queryClient.invalidateQueries({ queryKey: eventEndpointKeys.list });
      onClose();
    },
  });
  const urlBad = tried && !/^https?:\/\/\S+$/.test(form.url.trim());
  const noEvents = tried && form.events.length === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!/^https?:\/\/\S+$/.test(form.url.trim()) || form.events.length === 0 || add.isPending) return;
    add.mutate();
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

function ChangeDialog({
  asking,
  onClose,
  onDeleted,
}: {
  asking: { kind: 'toggle' | 'delete'; endpoint: EventEndpoint };
  onClose: () => void;
  onDeleted: (id: string) => void;
}) {
  const { endpoint } = asking;
  const [requestId] = useState(newRequestId);
  const queryClient = useQueryClient();
  const toast = useToast();
  const words =
    asking.kind === 'delete'
      ? {
          title: `Delete ${endpoint.url}`,
          description: 'Nothing more is sent to it, and what it was still owed is dropped with its delivery history.',
          done: 'Endpoint deleted',
        }
      : endpoint.enabled
        ? {
            title: `Disable ${endpoint.url}`,
            description: 'Nothing is sent to it meanwhile; Recover sends what it missed once it is enabled again.',
            done: 'Endpoint disabled',
          }
        : {
            title: `Enable ${endpoint.url}`,
            description: 'What it is still owed is sent, in order, and its failure alert is resolved.',
            done: 'Endpoint enabled',
          };
  const change = useMutation({
    mutationFn: async () => {
      if (asking.kind === 'delete') await deleteEventEndpoint(endpoint.id, requestId);
      else await setEventEndpointEnabled(endpoint.id, !endpoint.enabled, requestId);
    },
    onSuccess: async () => {
      toast({ title: words.done, tone: 'success' });
      if (asking.kind === 'delete') onDeleted(endpoint.id);
      await queryClient.invalidateQueries({ queryKey: eventEndpointKeys.list });
      onClose();
    },
  });
  return (
    <DialogRoot open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent title={words.title} description={words.description}>
        <div className={styles.form}>
          <ConfirmActions
            error={change.isError ? change.error : null}
            errorTitle="It did not work"
            busy={change.isPending}
            danger={asking.kind === 'delete'}
            onBack={onClose}
            onConfirm={() => change.mutate()}
          />
        </div>
      </DialogContent>
    </DialogRoot>
  );
}

/** `datetime-local` wants local wall-clock time without a zone. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function RecoverDialog({ endpoint, onClose }: { endpoint: EventEndpoint; onClose: () => void }) {
  const [since, setSince] = useState(() => localInputValue(new Date(Date.now() - 3_600_000)));
  const [requestId] = useState(newRequestId);
  const queryClient = useQueryClient();
  const toast = useToast();
  const at = new Date(since);
  const bad = Number.isNaN(at.getTime());
  const recover = useMutation({
    mutationFn: () => recoverEvents(endpoint.id, at.toISOString(), requestId),
    onSuccess: async (result) => {
      toast({ title: result.owed === 1 ? '1 event will be sent again' : `${result.owed} events will be sent again`, tone: 'success' });
      await queryClient.invalidateQueries({ queryKey: eventEndpointKeys.deliveries(endpoint.id) });
      onClose();
    },
  });
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
            if (!bad && !recover.isPending) recover.mutate();
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
