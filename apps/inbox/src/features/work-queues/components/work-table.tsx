'use client';

import type { AlertWorkItem, InboundWorkItem, MessageWorkItem, PoisonWebhookWorkItem, WaitingCustomerWorkItem } from '@sendbook/api-contract';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { useClock } from '@/components/clock';
import { Time } from '@/components/time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, Td, Th } from '@/components/ui/table';
import { contactLabel, contactNumber, excerpt, inboundContent, senderNumber } from '@/lib/message-content';
import { outboundState } from '@/lib/message-state';
import { compactDuration, waitingForWords } from '@/lib/response-target';
import { absoluteTime } from '@/lib/time';
import { useCurrentStaff } from '@/features/auth/current-staff';
import { errorLine } from '@/lib/meta-errors';
import { actionsOf, resolutionWords, workAction, type WorkAction } from '@/lib/work-actions';
import { attributionReasonWords, type WorkKind } from '@/lib/work-kinds';
import type { WorkItem } from '../work-queues.queries';
import styles from './work-queue.module.css';

export interface RowProps {
  readonly selectedId: string | null;
  readonly onSelect: (id: string) => void;
  /** Null: no action buttons (an agent, or the Resolved tab). */
  readonly onAction: ((item: WorkItem, action: WorkAction) => void) | null;
  readonly resolved: boolean;
  /** Beside an open detail: the columns the detail repeats are left out, so the table still fits. */
  readonly compact?: boolean;
}

/** A queue as a table, one row per item. The first cell opens the item's detail; the last holds its actions. */
export function WorkTable({ kind, label, items, ...row }: RowProps & { kind: WorkKind; label: string; items: WorkItem[] }) {
  // Resolved rows are about who decided what: the message's own details live in its detail panel.
  const compact = row.resolved || row.compact === true;
  // A wait that ended is said in the past: how long the customer waited.
  const columns = COLUMNS[kindGroup(kind)]
    .filter((c) => !(compact && c.detailOnly))
    .map((c) => (row.resolved && c.name === 'Waiting' ? { ...c, name: 'Waited' } : c));
  // A wait ends with a reply or a close, never with a note.
  const extra = row.resolved ? (kind === 'waiting_customer' ? ['Ended', 'By'] : ['Resolved', 'By', 'Note']) : row.onAction ? ['Actions'] : [];
  return (
    <Table label={label}>
      <thead>
        <tr>
          {columns.map((c) => (
            <Th key={c.name} numeric={c.numeric}>
              {c.name}
            </Th>
          ))}
          {extra.map((name) => (
            <Th key={name}>{name === 'Actions' ? <span className="visually-hidden">Actions</span> : name}</Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id} data-selected={item.id === row.selectedId || undefined} className={styles.row}>
            {cellsOf(item, () => row.onSelect(item.id), item.id === row.selectedId, compact)}
            {row.resolved ? (
              <ResolutionCells item={item} withNote={kind !== 'waiting_customer'} />
            ) : row.onAction ? (
              <ActionCell item={item} onAction={row.onAction} />
            ) : null}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

type Group = 'message' | 'inbound' | 'poison' | 'alert' | 'waiting';
const kindGroup = (kind: WorkKind): Group =>
  kind === 'unattributed_inbound'
    ? 'inbound'
    : kind === 'poison_webhook'
      ? 'poison'
      : kind === 'alert'
        ? 'alert'
        : kind === 'waiting_customer'
          ? 'waiting'
          : 'message';

const COLUMNS: Record<Group, { name: string; numeric?: boolean; detailOnly?: boolean }[]> = {
  message: [
    { name: 'Recipient' },
    { name: 'Purpose' },
    { name: 'State' },
    { name: 'Reason', detailOnly: true },
    { name: 'Since', detailOnly: true },
    { name: 'Dedupe key', detailOnly: true },
  ],
  inbound: [{ name: 'From' }, { name: 'Message' }, { name: 'Why it is here' }, { name: 'Received' }],
  poison: [
    { name: 'Delivery' },
    { name: 'Error' },
    { name: 'Received', detailOnly: true },
    { name: 'Attempts', numeric: true, detailOnly: true },
    { name: 'Size', numeric: true, detailOnly: true },
  ],
  alert: [{ name: 'Alert' }, { name: 'Raised' }, { name: 'Last raised' }, { name: 'Times', numeric: true }],
  waiting: [{ name: 'Customer' }, { name: 'Team' }, { name: 'Held by' }, { name: 'Waiting' }, { name: 'Target passed' }],
};

/** The row's opener: a button carrying the row's name, so j/k can focus it and Enter opens the detail. */
function Opener({ onOpen, selected, children }: { onOpen: () => void; selected: boolean; children: ReactNode }) {
  return (
    <button type="button" className={styles.opener} onClick={onOpen} aria-expanded={selected} data-row-opener="">
      {children}
    </button>
  );
}

function cellsOf(item: WorkItem, onOpen: () => void, selected: boolean, compact: boolean): ReactNode {
  switch (item.kind) {
    case 'unattributed_inbound':
      return (
        <InboundCells
          item={item}
          opener={(c) => (
            <Opener onOpen={onOpen} selected={selected}>
              {c}
            </Opener>
          )}
        />
      );
    case 'poison_webhook':
      return (
        <PoisonCells
          item={item}
          compact={compact}
          opener={(c) => (
            <Opener onOpen={onOpen} selected={selected}>
              {c}
            </Opener>
          )}
        />
      );
    case 'waiting_customer':
      return <WaitingCells item={item} />;
    case 'alert':
      return (
        <AlertCells
          item={item}
          opener={(c) => (
            <Opener onOpen={onOpen} selected={selected}>
              {c}
            </Opener>
          )}
        />
      );
    default:
      return (
        <MessageCells
          item={item}
          compact={compact}
          opener={(c) => (
            <Opener onOpen={onOpen} selected={selected}>
              {c}
            </Opener>
          )}
        />
      );
  }
}

type Cells<T> = { item: T; opener: (children: ReactNode) => ReactNode };

function MessageCells({ item, opener, compact }: Cells<MessageWorkItem> & { compact: boolean }) {
  const state = outboundState(item.message.state);
  const error = item.last_error ?? item.message.last_error;
  return (
    <>
      <Td mono>{opener(item.message.to)}</Td>
      <Td>{item.message.purpose}</Td>
      <Td>
        <Badge tone={state.tone} dot title={state.meaning}>
          {state.word}
        </Badge>
      </Td>
      {/* Beside the detail panel, which says all of this, the row keeps room for its actions. */}
      {compact ? null : (
        <>
          <Td className={styles.reasonCell}>
            {error ? (
              <span className={styles.reason}>{errorLine(error)}</span>
            ) : (
              <span className={styles.secondary}>{item.kind === 'stuck_sending' ? 'No answer from WhatsApp yet' : 'No reason recorded'}</span>
            )}
          </Td>
          <Td muted>{item.since ? <Time past at={item.since} /> : '—'}</Td>
          <Td mono>
            <span className={styles.truncate} title={item.message.dedupe_key}>
              {item.message.dedupe_key}
            </span>
          </Td>
        </>
      )}
    </>
  );
}

function InboundCells({ item, opener }: Cells<InboundWorkItem>) {
  return (
    <>
      <Td>
        {opener(<span className={styles.primary}>{item.inbound.contact_name ?? senderNumber(item.inbound) ?? 'Unknown customer'}</span>)}
        {item.inbound.contact_name && senderNumber(item.inbound) ? <span className={styles.secondary}>{senderNumber(item.inbound)}</span> : null}
      </Td>
      <Td wrap>{excerpt(inboundContent(item.inbound), 160)}</Td>
      <Td>{attributionReasonWords(item.reason ?? item.inbound.attribution_reason)}</Td>
      <Td muted>
        <Time past at={item.since} />
      </Td>
    </>
  );
}

function PoisonCells({ item, opener, compact }: Cells<PoisonWebhookWorkItem> & { compact: boolean }) {
  return (
    <>
      <Td mono>
        {opener(
          <span className={styles.truncate} title={item.delivery.id}>
            {item.delivery.id}
          </span>,
        )}
      </Td>
      <Td wrap>{poisonError(item.last_error)}</Td>
      {/* The detail panel's timeline says when it came and how often it was tried. */}
      {compact ? null : (
        <>
          <Td muted>
            <Time past at={item.delivery.received_at} />
          </Td>
          <Td numeric>{item.attempts}</Td>
          <Td numeric>{bytes(item.delivery.size)}</Td>
        </>
      )}
    </>
  );
}

function AlertCells({ item, opener }: Cells<AlertWorkItem>) {
  return (
    <>
      <Td wrap>
        {opener(<span className={styles.primary}>{item.alert.title}</span>)}
        <span className={styles.secondary}>from {item.alert.source}</span>
      </Td>
      <Td muted>
        <Time past at={item.alert.raised_at} />
      </Td>
      <Td muted>
        <Time past at={item.alert.last_raised_at} />
      </Td>
      <Td numeric>{item.alert.raise_count}</Td>
    </>
  );
}

/**
 * A customer waiting past the target: the customer is the link into the thread (where the reply
 * resolves it; j/k focus it, Enter follows it), then the team, who holds it, how long the customer
 * has waited (live, by the page's clock) and when the target passed.
 */
function WaitingCells({ item }: { item: WaitingCustomerWorkItem }) {
  const me = useCurrentStaff();
  const { now, timeZone } = useClock();
  const name = contactLabel(item.contact);
  const number = contactNumber(item.contact);
  const ended = item.resolution !== null;
  const waitedMs =
    ended || !item.waiting_since ? (item.waited_seconds ?? 0) * 1000 : Math.max(now - Date.parse(item.waiting_since), (item.waited_seconds ?? 0) * 1000);
  return (
    <>
      <Td>
        <Link href={`/conversations/${item.conversation_id}`} className={styles.customerLink} data-row-opener="">
          {name}
        </Link>
        {number && number !== name ? <span className={styles.secondary}>{number}</span> : null}
      </Td>
      <Td>{item.team ? <span className={styles.truncate}>{item.team.name}</span> : <span className={styles.secondary}>No team</span>}</Td>
      <Td>
        {item.assignee ? (
          item.assignee === me.id ? (
            'You'
          ) : (
            <span className={styles.truncate} title={item.assignee_name ?? undefined}>
              {item.assignee_name}
            </span>
          )
        ) : (
          <span className={styles.nobody}>Nobody</span>
        )}
      </Td>
      <Td>
        <span className={styles.waited} title={item.waiting_since ? `Since ${absoluteTime(item.waiting_since, timeZone)}` : undefined}>
          {compactDuration(waitedMs)}
        </span>
        <span className={styles.secondary}>{waitingForWords(item.waiting_for).toLowerCase()}</span>
      </Td>
      <Td muted>{item.breached_at ? <Time past at={item.breached_at} /> : '—'}</Td>
    </>
  );
}

function ActionCell({ item, onAction }: { item: WorkItem; onAction: (item: WorkItem, action: WorkAction) => void }) {
  return (
    <Td>
      <div className={styles.rowActions}>
        {actionsOf(item).map((action) => {
          const display = workAction(action);
          return (
            <Button
              key={action}
              size="sm"
              variant={display.tone === 'danger' ? 'ghost' : 'secondary'}
              onClick={() => onAction(item, action)}
              aria-keyshortcuts={display.key}
              title={`${display.label} (${display.key.toUpperCase()})`}
            >
              {display.label}
            </Button>
          );
        })}
      </div>
    </Td>
  );
}

function ResolutionCells({ item, withNote }: { item: WorkItem; withNote: boolean }) {
  const r = item.resolution;
  if (!r) return <Td colSpan={withNote ? 3 : 2}>—</Td>;
  return (
    <>
      <Td muted>
        {resolutionWords(r.action)} · <Time past at={r.at} />
      </Td>
      <Td>{r.actor_name}</Td>
      {withNote ? <Td wrap>{r.note ?? <span className={styles.secondary}>No note</span>}</Td> : null}
    </>
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
