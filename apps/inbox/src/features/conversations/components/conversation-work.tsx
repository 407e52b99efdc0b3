'use client';

import type { Conversation } from '@sendbook/api-contract';
import { useQuery } from '@tanstack/react-query';
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
import { useCurrentStaff } from '@/features/auth/current-staff';
import { teamQuery } from '@/features/conversations/conversations.queries';
import type { useConversationActions } from '@/features/conversations/hooks/use-conversation-actions';
import { OnlineDot } from '@/features/presence/components/online-dot';
import styles from './contact-panel.module.css';

/** Who works the conversation and where it stands, with the buttons to change that: assign, close or reopen, mark seen. */
export function ConversationWork({ conversation, actions }: { conversation: Conversation; actions: ReturnType<typeof useConversationActions> }) {
  const me = useCurrentStaff();
  const team = useQuery(teamQuery);
  const mine = conversation.assignee === me.id;
  const closed = conversation.state === 'closed';

  return (
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
                  <OnlineDot online={member.online} availability={member.availability} name={member.name} />
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
  );
}
