'use client';

import type { EventEndpoint } from '@sendbook/api-contract';
import { useState } from 'react';
import { Page, PageDescription } from '@/components/page';
import { QueryContent } from '@/components/query-content';
import { Button } from '@/components/ui/button';
import type { Loaded } from '@/lib/server-api';
import { useSeededQuery } from '@/lib/use-seeded-query';
import { eventEndpointsQuery } from '@/features/event-endpoints/event-endpoints.queries';
import type { ShownSecret } from '@/features/event-endpoints/hooks/use-add-endpoint';
import type { EndpointChange } from '@/features/event-endpoints/hooks/use-change-endpoint';
import { AddEndpointDialog } from './add-endpoint-dialog';
import { ChangeEndpointDialog } from './change-endpoint-dialog';
import { EditEndpointDialog } from './edit-endpoint-dialog';
import { EndpointDeliveries } from './endpoint-deliveries';
import { EndpointsTable } from './endpoints-table';
import { RecoverDialog } from './recover-dialog';
import { RotateSecretDialog } from './rotate-secret-dialog';
import { SecretNotice } from './secret-notice';

type Asking =
  | { kind: 'add' }
  | { kind: 'recover'; endpoint: EventEndpoint }
  | { kind: 'edit'; endpoint: EventEndpoint }
  | { kind: 'rotate'; endpoint: EventEndpoint }
  | EndpointChange;

/** Where Sendbook pushes signed events for order systems: add, change, rotate a secret, enable or disable, delete, and see what each was sent. */
export function EventEndpointsPage({ initial }: { initial: Loaded<{ data: EventEndpoint[] }> }) {
  const query = useSeededQuery(eventEndpointsQuery(), initial);
  const endpoints = query.data?.data ?? [];
  const [asking, setAsking] = useState<Asking | null>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
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
        customer writing or answering a message, a conversation assigned or waiting past its target, an alert opening or resolving. A filter narrows them to
        some business numbers, purposes or campaigns; a rate limit spaces them out.
      </PageDescription>
      {secret ? <SecretNotice key={secret.secret} shown={secret} /> : null}
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
        <EndpointsTable
          endpoints={endpoints}
          open={open}
          onOpen={setOpen}
          onChange={setAsking}
          onEdit={(endpoint) => setAsking({ kind: 'edit', endpoint })}
          onRotate={(endpoint) => setAsking({ kind: 'rotate', endpoint })}
        />
      </QueryContent>
      {shown ? <EndpointDeliveries endpoint={shown} onRecover={() => setAsking({ kind: 'recover', endpoint: shown })} /> : null}
      {asking?.kind === 'add' ? (
        <AddEndpointDialog onClose={() => setAsking(null)} onAdded={setSecret} />
      ) : asking?.kind === 'recover' ? (
        <RecoverDialog endpoint={asking.endpoint} onClose={() => setAsking(null)} />
      ) : asking?.kind === 'edit' ? (
        <EditEndpointDialog endpoint={asking.endpoint} onClose={() => setAsking(null)} />
      ) : asking?.kind === 'rotate' ? (
        <RotateSecretDialog endpoint={asking.endpoint} onClose={() => setAsking(null)} onRotated={setSecret} />
      ) : asking ? (
        <ChangeEndpointDialog asking={asking} onClose={() => setAsking(null)} onDeleted={(id) => (id === open ? setOpen(null) : undefined)} />
      ) : null}
    </Page>
  );
}
