'use client';

import type { Conversation, RecentPurpose } from '@sendbook/api-contract';
import { useQuery } from '@tanstack/react-query';
import { useClock } from '@/components/clock';
import { Time } from '@/components/time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Icon } from '@/components/ui/icon';
import { contactLabel, contactNumber } from '@/lib/message-content';
import { outboundState } from '@/lib/message-state';
import { clockTime } from '@/lib/time';
import type { WindowDisplay } from '@/lib/window';
import { useCurrentStaff } from '@/features/auth/current-staff';
import { teamQuery } from '../conversations.queries';
import type { useConversationActions } from '../hooks/use-conversation-actions';
import styles from './contact-panel.module.css';
import { MarketingConsent } from './marketing-consent';

/**
 * Who the customer is and where the conversation stands: number, name, their time zone and local
 * time, the window with its time left, whether marketing may reach them, who works it (and the buttons to change that, close or
 * reopen, mark seen), and what we sent them lately, each with the business record behind it.
 */
export function ContactPanel({
  conversation,
  window,
  purposes,
  actions,
  onClose,
}: {
  conversation: Conversation;
  window: WindowDisplay;
  purposes: readonly RecentPurpose[];
  actions: ReturnType<typeof useConversationActions>;
  /** When the panel opens over the thread (narrow screens): how to close it. */
  onClose: () => void;
}) {
  const { now } = useClock();
  const me = useCurrentStaff();
  const team = useQuery(teamQuery);
  const name = contactLabel(conversation.contact);
  const number = contactNumber(conversation.contact);
  const mine = conversation.assignee === me.id;
  const closed = conversation.state === 'closed';

  return (
    <aside className={styles.panel} aria-label="Contact">
      <Button size="sm" variant="ghost" className={styles.close} onClick={onClose}>
        <Icon name="x" size={14} />
        Close details
      </Button>
      <section className={styles.section} aria-labelledby="contact-heading">
        <h2 id="contact-heading" className={styles.heading}>
          Contact
        </h2>
        <dl className={styles.facts}>
          <dt>Name</dt>
          <dd>{conversation.contact.name ?? <span className={styles.muted}>Not shared</span>}</dd>
          <dt>Number</dt>
          <dd className={styles.mono}>{number ?? <span className={styles.muted}>Known by user id only</span>}</dd>
          <dt>Time zone</dt>
          <dd>
            {conversation.time_zone}
            <span className={styles.muted}> · {clockTime(new Date(now).toISOString(), conversation.time_zone)} there now</span>
          </dd>
          <dt>Window</dt>
          <dd>
            <Badge tone={window.tone} dot>
              {window.open ? 'Open' : 'Closed'}
            </Badge>{' '}
            <span className={styles.muted}>{window.label}</span>
          </dd>
          <dt>Marketing</dt>
          <dd>
            <MarketingConsent contact={conversation.contact} />
          </dd>
        </dl>
      </section>

      <section className={styles.section} aria-labelledby="work-heading">
        <h2 id="work-heading" className={styles.heading}>
          Conversation
        </h2>
        <dl className={styles.facts}>
          <dt>Assignee</dt>
          <dd>
            {conversation.assignee ? mine ? `You (${me.name})` : (conversation.assignee_name ?? 'Someone') : <span className={styles.muted}>Nobody yet</span>}
          </dd>
          <dt>State</dt>
          <dd>{closed ? 'Closed' : 'Open'}</dd>
          <dt>Unread</dt>
          <dd>{conversation.unread_count}</dd>
        </dl>
        <div className={styles.actions}>
          {!mine ? (
            <Button size="sm" variant="primary" onClick={() => actions.assign(me.id, 'you')} disabled={actions.busy}>
              <Icon name="user" size={14} />
              Assign to me
            </Button>
          ) : null}
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button size="sm" disabled={actions.busy}>
                Assign to…
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start">
              <DropdownMenuLabel>Hand the conversation to</DropdownMenuLabel>
              {team.isError ? <DropdownMenuItem disabled>Could not load the team</DropdownMenuItem> : null}
              {(team.data ?? [])
                .filter((member) => member.id !== conversation.assignee)
                .map((member) => (
                  <DropdownMenuItem key={member.id} onSelect={() => actions.assign(member.id, member.id === me.id ? 'you' : member.name)}>
                    {member.name}
                    {member.id === me.id ? ' (you)' : ''}
                  </DropdownMenuItem>
                ))}
              {conversation.assignee ? (
                <>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem onSelect={() => actions.assign(null, null)}>Unassign</DropdownMenuItem>
                </>
              ) : null}
            </DropdownMenuContent>
          </DropdownMenu>
          {closed ? (
            <Button size="sm" onClick={actions.reopen} disabled={actions.busy}>
              Reopen conversation
            </Button>
          ) : (
            <Button size="sm" onClick={actions.close} disabled={actions.busy}>
              <Icon name="check" size={14} />
              Close conversation
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={actions.markSeen} disabled={actions.busy || conversation.unread_count === 0}>
            Mark seen
          </Button>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="purposes-heading">
        <h2 id="purposes-heading" className={styles.heading}>
          Recently sent
        </h2>
        {purposes.length === 0 ? (
          <p className={styles.muted}>Nothing sent to {name} yet.</p>
        ) : (
          <ul className={styles.purposes}>
            {purposes.map((purpose) => (
              <li key={purpose.message_id}>
                <span className={styles.purposeName}>{purpose.purpose}</span>
                <span className={styles.purposeMeta}>
                  {purpose.trigger_ref ? (
                    <code title="The business record it was sent for (trigger_ref)">{purpose.trigger_ref}</code>
                  ) : (
                    <span className={styles.muted}>no trigger_ref</span>
                  )}
                </span>
                <span className={styles.purposeMeta}>
                  {outboundState(purpose.state as Parameters<typeof outboundState>[0]).word} · <Time at={purpose.created_at} past />
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </aside>
  );
}
