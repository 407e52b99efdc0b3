'use client';

import type { AlertWorkItem, InboundWorkItem, MessageWorkItem, PoisonWebhookWorkItem } from '@sendbook/api-contract';
import { Page, PageDescription } from '../../../components/page';
import { ProblemState } from '../../../components/problem-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { Loading } from '../../../components/ui/skeleton';
import { State } from '../../../components/ui/state';
import { Table, Td, Th } from '../../../components/ui/table';
import { LinkTabs } from '../../../components/ui/tabs';
import { Time } from '../../../components/time';
import { errorLine, errorWords } from '../../../lib/meta-errors';
import { excerpt, inboundContent } from '../../../lib/message-content';
import { outboundState } from '../../../lib/message-state';
import type { Loaded } from '../../../lib/server-api';
import { useSeededQuery } from '../../../lib/use-seeded-query';
import { WORK_KINDS, attributionReasonWords, workHref, workKind, type WorkKind } from '../../../lib/work-kinds';
import { WORK_PAGE, workQuery, type WorkItem, type WorkItems } from '../work-queues.queries';
import styles from './work-queue.module.css';

/** One work queue as a table, one row per item; the queues as tabs above it. Read-only for now. */
export function WorkQueue({ kind, initial }: { kind: WorkKind; initial: Loaded<WorkItems> }) {
  const query = useSeededQuery(workQuery(kind), initial);
  const display = workKind(kind);
  const items = query.data?.data ?? [];
  return (
    <Page
      title="Work"
      subtitle={display.title}
      actions={
        <Button size="sm" variant="ghost" onClick={query.retry} disabled={query.isFetching} busy={query.isFetching && query.data !== undefined}>
          {query.isFetching ? null : <Icon name="refresh" size={14} />}
          Refresh
        </Button>
      }
    >
      <div className={styles.tabs}>
        <LinkTabs label="Work queues" current={kind} items={WORK_KINDS.map((k) => ({ key: k, href: workHref(k), label: workKind(k).title }))} />
      </div>
      <PageDescription>{display.description}</PageDescription>
      {query.problem && !query.data ? (
        <ProblemState problem={query.problem} onRetry={query.retry} retrying={query.isFetching} />
      ) : !query.data ? (
        <Loading label={`Loading ${display.title.toLowerCase()}…`} />
      ) : items.length === 0 ? (
        <State role="status" icon="check" title={display.empty} compact>
          New items appear here on their own.
        </State>
      ) : (
        <>
          <div className={styles.toolbar}>
            <span className={styles.summary} role="status">
              {items.length === WORK_PAGE ? `The first ${WORK_PAGE} items` : `${items.length} ${items.length === 1 ? 'item' : 'items'}`}
              {query.dataUpdatedAt ? (
                <>
                  {' · updated '}
                  <Time at={new Date(query.dataUpdatedAt).toISOString()} />
                </>
              ) : null}
            </span>
          </div>
          <WorkTable kind={kind} items={items} />
        </>
      )}
    </Page>
  );
}

function WorkTable({ kind, items }: { kind: WorkKind; items: WorkItem[] }) {
  const label = workKind(kind).title;
  if (kind === 'unattributed_inbound') return <InboundTable label={label} items={items as InboundWorkItem[]} />;
  if (kind === 'poison_webhook') return <PoisonTable label={label} items={items as PoisonWebhookWorkItem[]} />;
  if (kind === 'alert') return <AlertTable label={label} items={items as AlertWorkItem[]} />;
  return <MessageTable label={label} items={items as MessageWorkItem[]} />;
}

function MessageTable({ label, items }: { label: string; items: MessageWorkItem[] }) {
  return (
    <Table label={label}>
      <thead>
        <tr>
          <Th>Recipient</Th>
          <Th>Purpose</Th>
          <Th>State</Th>
          <Th>Reason</Th>
          <Th>Since</Th>
          <Th numeric>Attempts</Th>
          <Th>Dedupe key</Th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => {
          const state = outboundState(item.message.state);
          const error = item.last_error ?? item.message.last_error;
          return (
            <tr key={item.id}>
              <Td mono>{item.message.to}</Td>
              <Td>{item.message.purpose}</Td>
              <Td>
                <Badge tone={state.tone} dot title={state.meaning}>
                  {state.word}
                </Badge>
              </Td>
              <Td wrap>
                {error ? (
                  <>
                    <span className={styles.reason}>{errorLine(error)}</span>
                    {errorWords(error).hint ? <span className={styles.reasonHint}>{errorWords(error).hint}</span> : null}
                  </>
                ) : (
                  <span className={styles.secondary}>{item.kind === 'stuck_sending' ? 'No answer from WhatsApp yet' : 'No reason recorded'}</span>
                )}
              </Td>
              <Td muted>{item.since ? <Time at={item.since} /> : '—'}</Td>
              <Td numeric>{item.attempts}</Td>
              <Td mono>
                <span className={styles.truncate} title={item.message.dedupe_key}>
                  {item.message.dedupe_key}
                </span>
              </Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

function InboundTable({ label, items }: { label: string; items: InboundWorkItem[] }) {
  return (
    <Table label={label}>
      <thead>
        <tr>
          <Th>From</Th>
          <Th>Message</Th>
          <Th>Why it is here</Th>
          <Th>Received</Th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id}>
            <Td>
              <span className={styles.primary}>{item.inbound.contact_name ?? (item.inbound.from ? `+${item.inbound.from}` : 'Unknown customer')}</span>
              {item.inbound.contact_name && item.inbound.from ? <span className={styles.secondary}>+{item.inbound.from}</span> : null}
            </Td>
            <Td wrap>{excerpt(inboundContent(item.inbound), 160)}</Td>
            <Td>{attributionReasonWords(item.reason ?? item.inbound.attribution_reason)}</Td>
            <Td muted>
              <Time at={item.since} />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function PoisonTable({ label, items }: { label: string; items: PoisonWebhookWorkItem[] }) {
  return (
    <Table label={label}>
      <thead>
        <tr>
          <Th>Delivery</Th>
          <Th>Error</Th>
          <Th>Received</Th>
          <Th numeric>Attempts</Th>
          <Th numeric>Size</Th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id}>
            <Td mono>
              <span className={styles.truncate} title={item.delivery.id}>
                {item.delivery.id}
              </span>
            </Td>
            <Td wrap>{poisonError(item.last_error)}</Td>
            <Td muted>
              <Time at={item.delivery.received_at} />
            </Td>
            <Td numeric>{item.attempts}</Td>
            <Td numeric>{bytes(item.delivery.size)}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function AlertTable({ label, items }: { label: string; items: AlertWorkItem[] }) {
  return (
    <Table label={label}>
      <thead>
        <tr>
          <Th>Alert</Th>
          <Th>Raised</Th>
          <Th>Last raised</Th>
          <Th numeric>Times</Th>
          <Th>Key</Th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id}>
            <Td wrap>
              <span className={styles.primary}>{item.alert.title}</span>
              <span className={styles.secondary}>from {item.alert.source}</span>
            </Td>
            <Td muted>
              <Time at={item.alert.raised_at} />
            </Td>
            <Td muted>
              <Time at={item.alert.last_raised_at} />
            </Td>
            <Td numeric>{item.alert.raise_count}</Td>
            <Td mono>{item.alert.key}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function poisonError(error: Record<string, unknown> | null): string {
  if (!error) return 'No error recorded';
  const message = typeof error.message === 'string' ? error.message : null;
  const code = typeof error.code === 'string' || typeof error.code === 'number' ? String(error.code) : null;
  return [message ?? JSON.stringify(error), code ? `(${code})` : null].filter(Boolean).join(' ');
}

function bytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}
