'use client';

import type { EventEndpoint } from '@sendbook/api-contract';
import { Time } from '@/components/time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, Td, Th } from '@/components/ui/table';
import type { EndpointChange } from '@/features/event-endpoints/hooks/use-change-endpoint';
import styles from './event-endpoints.module.css';

/** One row per endpoint: where, which events (and its filter and rate), whether it is enabled and failing, its secret's rotation, and its buttons. */
export function EndpointsTable({
  endpoints,
  open,
  onOpen,
  onChange,
  onEdit,
  onRotate,
}: {
  endpoints: readonly EventEndpoint[];
  /** The endpoint whose deliveries are shown, if any. */
  open: string | null;
  onOpen: (id: string | null) => void;
  onChange: (change: EndpointChange) => void;
  onEdit: (endpoint: EventEndpoint) => void;
  onRotate: (endpoint: EventEndpoint) => void;
}) {
  return (
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
              <Narrowing endpoint={endpoint} />
            </Td>
            <Td>
              <EndpointStatus endpoint={endpoint} />
              {endpoint.previous_secret_expires_at ? (
                <div className={styles.secretNote}>
                  Old secret stops <Time at={endpoint.previous_secret_expires_at} />
                </div>
              ) : endpoint.secret_rotated_at ? (
                <div className={styles.secretNote}>
                  Secret rotated <Time past at={endpoint.secret_rotated_at} />
                </div>
              ) : null}
            </Td>
            <Td numeric>{endpoint.consecutive_failures}</Td>
            <Td muted>
              <Time past at={endpoint.created_at} />
            </Td>
            <Td>
              <div className={styles.rowActions}>
                <Button size="sm" onClick={() => onOpen(endpoint.id === open ? null : endpoint.id)} aria-expanded={endpoint.id === open}>
                  Deliveries
                </Button>
                <Button size="sm" onClick={() => onEdit(endpoint)}>
                  Edit
                </Button>
                <Button size="sm" onClick={() => onRotate(endpoint)}>
                  Rotate secret
                </Button>
                <Button size="sm" onClick={() => onChange({ kind: 'toggle', endpoint })}>
                  {endpoint.enabled ? 'Disable' : 'Enable'}
                </Button>
                <Button size="sm" variant="danger" onClick={() => onChange({ kind: 'delete', endpoint })}>
                  Delete
                </Button>
              </div>
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** What narrows its events: the filter's lists and the rate limit; nothing when it takes every event of its types as fast as they come. */
function Narrowing({ endpoint }: { endpoint: EventEndpoint }) {
  const f = endpoint.filter;
  const lines = [
    f?.phone_number_ids ? `numbers: ${f.phone_number_ids.join(', ')}` : null,
    f?.purposes ? `purposes: ${f.purposes.join(', ')}` : null,
    f?.campaigns ? `campaigns: ${f.campaigns.join(', ')}` : null,
    endpoint.rate_per_second === null ? null : `at most ${endpoint.rate_per_second}/s`,
  ].filter((line): line is string => line !== null);
  if (lines.length === 0) return null;
  return (
    <div className={styles.narrowing} aria-label="Filter and rate">
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </div>
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
