'use client';

import type { EventDelivery, EventEndpoint } from '@sendbook/api-contract';
import { useQuery } from '@tanstack/react-query';
import { listQuery, QueryContent } from '@/components/query-content';
import { Time } from '@/components/time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, Td, Th } from '@/components/ui/table';
import { deliveriesQuery } from '@/features/event-endpoints/event-endpoints.queries';
import { useReplayDelivery } from '@/features/event-endpoints/hooks/use-replay-delivery';
import styles from './event-endpoints.module.css';

const DELIVERY_WORD: Record<EventDelivery['state'], { word: string; tone: 'success' | 'progress' | 'warning' | 'danger' }> = {
  delivered: { word: 'Delivered', tone: 'success' },
  delivering: { word: 'Sending', tone: 'progress' },
  pending: { word: 'Waiting', tone: 'warning' },
  failed: { word: 'Gave up', tone: 'danger' },
};

/** What one endpoint was sent, newest first and refreshed every few seconds, with a Replay per delivery and Recover for a period. */
export function EndpointDeliveries({ endpoint, onRecover }: { endpoint: EventEndpoint; onRecover: () => void }) {
  const query = useQuery({ ...deliveriesQuery(endpoint.id), refetchInterval: 5_000 });
  const replay = useReplayDelivery(endpoint.id);
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
