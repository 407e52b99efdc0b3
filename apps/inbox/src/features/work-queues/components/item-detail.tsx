'use client';

import type { AlertWorkItem, InboundWorkItem, MessageWorkItem, PoisonWebhookWorkItem, RowError } from '@sendbook/api-contract';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Time } from '@/components/time';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Kbd } from '@/components/ui/kbd';
import { excerpt, inboundContent, senderNumber } from '@/lib/message-content';
import { outboundState } from '@/lib/message-state';
import { META_ERROR_CODES_URL, errorWords, isMetaCode } from '@/lib/meta-errors';
import { actionsOf, resolutionWords, workAction, type WorkAction } from '@/lib/work-actions';
import { attributionHistoryQuery, deliveryQuery, messageHistoryQuery, messageStatusesQuery, type WorkItem } from '../work-queues.queries';
import styles from './work-queue.module.css';

/**
 * Everything needed to decide about one item: the last error in plain words (with Meta's code and
 * a link to Meta's page), the attempt timeline from the audit trail, the raw payload, and the
 * actions. A side panel beside the table; Escape closes it.
 */
export function ItemDetail({
  item,
  canResolve,
  onAction,
  onClose,
}: {
  item: WorkItem;
  canResolve: boolean;
  onAction: (action: WorkAction) => void;
  onClose: () => void;
}) {
  const actions = actionsOf(item);
  return (
    <aside className={styles.detail} aria-labelledby="item-detail-title">
      <div className={styles.detailHeader}>
        <h2 id="item-detail-title" className={styles.detailTitle}>
          {titleOf(item)}
        </h2>
        <Button size="sm" variant="ghost" onClick={onClose} aria-label="Close details">
          <Icon name="x" size={14} />
        </Button>
      </div>
      {item.resolution ? (
        <Section title="Resolved">
          <p>
            {resolutionWords(item.resolution.action)} by <strong>{item.resolution.actor_name}</strong>, <Time past at={item.resolution.at} />
          </p>
          {item.resolution.note ? <blockquote className={styles.note}>{item.resolution.note}</blockquote> : null}
        </Section>
      ) : null}
      {actions.length > 0 ? (
        canResolve ? (
          <div className={styles.detailActions} role="group" aria-label="Actions">
            {actions.map((action) => {
              const display = workAction(action);
              return (
                <Button
                  key={action}
                  size="sm"
                  variant={display.tone === 'primary' ? 'primary' : display.tone === 'danger' ? 'danger' : 'secondary'}
                  onClick={() => onAction(action)}
                  aria-keyshortcuts={display.key}
                >
                  {display.label}
                  <Kbd>{display.key.toUpperCase()}</Kbd>
                </Button>
              );
            })}
          </div>
        ) : (
          <p className={styles.secondary}>Only admins can resolve work items. Ask an admin to decide this one.</p>
        )
      ) : null}
      {item.kind === 'unattributed_inbound' ? (
        <InboundDetail item={item} />
      ) : item.kind === 'poison_webhook' ? (
        <PoisonDetail item={item} />
      ) : item.kind === 'alert' ? (
        <AlertDetail item={item} />
      ) : item.kind === 'waiting_customer' ? (
        <Section title="Conversation">
          <Link href={`/conversations/${item.conversation_id}`} className={styles.link}>
            Open the conversation
          </Link>
        </Section>
      ) : (
        <MessageDetail item={item} />
      )}
    </aside>
  );
}

function titleOf(item: WorkItem): string {
  switch (item.kind) {
    case 'unattributed_inbound':
      return `Reply from ${item.inbound.contact_name ?? senderNumber(item.inbound) ?? 'an unknown customer'}`;
    case 'poison_webhook':
      return 'Webhook delivery';
    case 'alert':
      return item.alert.title;
    case 'waiting_customer':
      return `${item.contact.name ?? item.contact.wa_id ?? 'A customer'} is waiting`;
    default:
      return `${item.message.purpose} to ${item.message.to}`;
  }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.detailSection}>
      <h3 className={styles.detailHeading}>{title}</h3>
      {children}
    </section>
  );
}

/** The last error in words, its code, and Meta's page for the code. */
export function LastError({ error }: { error: Pick<RowError, 'code' | 'title'> & Partial<RowError> }) {
  const words = errorWords(error);
  return (
    <div className={styles.lastError}>
      <p>{words.words}</p>
      {words.hint ? <p className={styles.secondary}>{words.hint}</p> : null}
      <p className={styles.secondary}>
        {words.code ? (
          <>
            Code <span className={styles.mono}>{words.code}</span>
            {error.title && words.known ? <> · Meta: “{error.title}”</> : null}
          </>
        ) : (
          'No code'
        )}
        {isMetaCode(error.code) ? (
          <>
            {' · '}
            <a href={META_ERROR_CODES_URL} target="_blank" rel="noreferrer noopener" className={styles.link}>
              Meta’s error codes<span className="visually-hidden"> (opens a new tab)</span>
            </a>
          </>
        ) : null}
      </p>
      {error.details ? <p className={styles.secondary}>{error.details}</p> : null}
    </div>
  );
}

function MessageDetail({ item }: { item: MessageWorkItem }) {
  const history = useQuery(messageHistoryQuery(item.kind, item.id));
  const statuses = useQuery(messageStatusesQuery(item.kind, item.id));
  const error = item.last_error ?? item.message.last_error;
  const state = outboundState(item.message.state);
  return (
    <>
      <Section title="Last error">{error ? <LastError error={error} /> : <p className={styles.secondary}>No error recorded.</p>}</Section>
      <Section title="Message">
        <dl className={styles.facts}>
          <dt>State</dt>
          <dd>{state.word}</dd>
          <dt>Attempts</dt>
          <dd>{item.attempts}</dd>
          <dt>Dedupe key</dt>
          <dd className={styles.mono}>{item.message.dedupe_key}</dd>
          <dt>Number</dt>
          <dd className={styles.mono}>{item.message.phone_number_id ?? 'default'}</dd>
          {item.message.wamid ? (
            <>
              <dt>WhatsApp id</dt>
              <dd className={styles.mono}>{item.message.wamid}</dd>
            </>
          ) : null}
        </dl>
        {item.conversation_id ? (
          <Link href={`/conversations/${item.conversation_id}`} className={styles.link}>
            Open the conversation
          </Link>
        ) : null}
      </Section>
      <Section title="Status webhooks">
        {statuses.isPending ? (
          <p className={styles.secondary}>Loading…</p>
        ) : statuses.isError ? (
          <p className={styles.secondary}>Could not load the statuses.</p>
        ) : statuses.data.data.length === 0 ? (
          <p>None arrived: WhatsApp has not said it was sent or delivered.</p>
        ) : (
          <ol className={styles.timeline}>
            {statuses.data.data.map((s, i) => (
              <li key={i}>
                <strong>{s.status}</strong> <Time past at={s.occurred_at ?? s.received_at} />
                {s.applied ? <span className={styles.secondary}> · {s.applied}</span> : null}
              </li>
            ))}
          </ol>
        )}
      </Section>
      <Section title="Timeline">
        {history.isPending ? (
          <p className={styles.secondary}>Loading the audit trail…</p>
        ) : history.isError ? (
          <p className={styles.secondary}>Could not load the audit trail.</p>
        ) : (
          <ol className={styles.timeline} aria-label="Audit trail">
            {history.data.data.map((entry, i) => {
              const note = typeof entry.details?.note === 'string' ? entry.details.note : null;
              return (
                <li key={i}>
                  <span>
                    <strong>{entry.actor_name}</strong> {entry.from_state ? `${entry.from_state} → ${entry.to_state}` : entry.to_state}
                  </span>
                  <span className={styles.secondary}>
                    <Time past at={entry.at} /> · {entry.reason.replace(/_/g, ' ')}
                  </span>
                  {note ? <blockquote className={styles.note}>{note}</blockquote> : null}
                </li>
              );
            })}
          </ol>
        )}
      </Section>
      <Section title="Payload">
        <pre className={styles.raw} tabIndex={0}>
          {JSON.stringify(item.message.payload, null, 2)}
        </pre>
      </Section>
    </>
  );
}

function InboundDetail({ item }: { item: InboundWorkItem }) {
  const history = useQuery(attributionHistoryQuery(item.id));
  return (
    <>
      <Section title="Message">
        <p>{excerpt(inboundContent(item.inbound), 400)}</p>
        <p className={styles.secondary}>
          Received <Time past at={item.inbound.timestamp ?? item.inbound.created_at} />
          {item.inbound.context_wamid ? (
            <>
              {' '}
              · quotes <span className={styles.mono}>{item.inbound.context_wamid}</span>
            </>
          ) : null}
        </p>
        {item.inbound.conversation_id ? (
          <Link href={`/conversations/${item.inbound.conversation_id}`} className={styles.link}>
            Open the conversation
          </Link>
        ) : null}
      </Section>
      <Section title="Timeline">
        {history.isPending ? (
          <p className={styles.secondary}>Loading the audit trail…</p>
        ) : history.isError ? (
          <p className={styles.secondary}>Could not load the audit trail.</p>
        ) : history.data.data.length === 0 ? (
          <p className={styles.secondary}>Nobody has attributed it yet.</p>
        ) : (
          <ol className={styles.timeline} aria-label="Audit trail">
            {history.data.data.map((entry, i) => (
              <li key={i}>
                <span>
                  <strong>{actorName(entry.actor, item)}</strong> attributed it {attributionTarget(entry.after)}
                </span>
                <span className={styles.secondary}>
                  <Time past at={entry.at} />
                </span>
                {entry.note ? <blockquote className={styles.note}>{entry.note}</blockquote> : null}
              </li>
            ))}
          </ol>
        )}
      </Section>
      <Section title="Raw payload">
        <pre className={styles.raw} tabIndex={0}>
          {JSON.stringify(item.inbound.raw, null, 2)}
        </pre>
      </Section>
    </>
  );
}

/** The trail names people by id; the item's resolution carries the name of whoever resolved it. */
function actorName(actor: string, item: WorkItem): string {
  if (item.resolution && item.resolution.actor === actor) return item.resolution.actor_name;
  if (actor.startsWith('staff:')) return 'A staff member';
  if (actor.startsWith('api_key:')) return 'An API key';
  return 'Sendbook';
}

function attributionTarget(after: Record<string, unknown>): string {
  if (typeof after.message_id === 'string' && after.message_id) return 'to a message';
  if (typeof after.conversation_id === 'string' && after.conversation_id) return 'to the thread';
  return '';
}

function PoisonDetail({ item }: { item: PoisonWebhookWorkItem }) {
  const delivery = useQuery(deliveryQuery(item.id));
  const error = delivery.data?.delivery.last_error ?? item.last_error;
  const code = error && (typeof error.code === 'string' || typeof error.code === 'number') ? String(error.code) : null;
  const message = error && typeof error.message === 'string' ? error.message : null;
  return (
    <>
      <Section title="Why it could not be processed">
        <p>{message ?? 'No error recorded.'}</p>
        <p className={styles.secondary}>
          {code ? (
            <>
              Code <span className={styles.mono}>{code}</span>
            </>
          ) : null}
        </p>
      </Section>
      <Section title="Timeline">
        <ol className={styles.timeline} aria-label="Audit trail">
          <li>
            <span>
              <strong>Meta</strong> delivered it ({item.delivery.size.toLocaleString('en')} bytes)
            </span>
            <span className={styles.secondary}>
              <Time past at={item.delivery.received_at} />
            </span>
          </li>
          {item.delivery.processed_at ? (
            <li>
              <span>
                <strong>Sendbook</strong> set it aside after {item.attempts} {item.attempts === 1 ? 'attempt' : 'attempts'}
              </span>
              <span className={styles.secondary}>
                <Time past at={item.delivery.processed_at} />
              </span>
            </li>
          ) : null}
        </ol>
      </Section>
      <Section title="Stored body">
        {delivery.isPending ? (
          <p className={styles.secondary}>Loading the stored body…</p>
        ) : delivery.isError ? (
          <p className={styles.secondary}>Could not load the stored body.</p>
        ) : (
          <pre className={styles.raw} tabIndex={0}>
            {pretty(delivery.data.delivery.body)}
          </pre>
        )}
      </Section>
    </>
  );
}

function AlertDetail({ item }: { item: AlertWorkItem }) {
  return (
    <>
      <Section title="Alert">
        <dl className={styles.facts}>
          <dt>From</dt>
          <dd>{item.alert.source}</dd>
          <dt>Key</dt>
          <dd className={styles.mono}>{item.alert.key}</dd>
          <dt>Raised</dt>
          <dd>
            <Time past at={item.alert.raised_at} />
          </dd>
          <dt>Last raised</dt>
          <dd>
            <Time past at={item.alert.last_raised_at} /> ({item.alert.raise_count} {item.alert.raise_count === 1 ? 'time' : 'times'})
          </dd>
        </dl>
      </Section>
      <Section title="Details">
        <pre className={styles.raw} tabIndex={0}>
          {JSON.stringify(item.alert.details, null, 2)}
        </pre>
      </Section>
    </>
  );
}

/** A body as Meta sent it: indented when it is JSON, as it is when it is not (that is often why it is here). */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
