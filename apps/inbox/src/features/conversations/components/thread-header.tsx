'use client';

import type { Conversation } from '@sendbook/api-contract';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Icon } from '@/components/ui/icon';
import type { WindowDisplay } from '@/lib/window';
import { useCurrentStaff } from '@/features/auth/current-staff';
import { useQuery } from '@tanstack/react-query';
import { teamQuery } from '@/features/conversations/conversations.queries';
import { OnlineDot } from '@/features/presence/components/online-dot';
import { ThreadViewers } from '@/features/presence/components/thread-viewers';
import { useClock } from '@/components/clock';
import { awaitingAssignmentWords } from '@/lib/response-target';
import { absoluteTime } from '@/lib/time';
import { ResponseTarget } from './response-target';
import { ThreadLabels } from './thread-labels';
import styles from './thread.module.css';

/**
 * Who the thread is with, its team and who works it (or that it waits for an agent with room), the
 * response target's countdown, the window, and what to copy; on narrow screens, the way back and to the details.
 */
export function ThreadHeader({
  conversation,
  name,
  number,
  window,
  details,
  onToggleDetails,
  copy,
}: {
  conversation: Conversation;
  name: string;
  number: string | null;
  window: WindowDisplay;
  /** Whether the contact panel is open over the thread (narrow screens). */
  details: boolean;
  onToggleDetails: () => void;
  copy: (text: string, what: string) => void;
}) {
  const me = useCurrentStaff();
  const team = useQuery(teamQuery);
  const assignee = team.data?.find((m) => m.id === conversation.assignee);
  const { now, timeZone } = useClock();
  const awaiting = awaitingAssignmentWords(conversation, now);
  const waiting = conversation.response !== null && conversation.state !== 'closed';
  return (
    <header className={styles.header}>
      <Button asChild variant="ghost" size="sm" className={styles.back}>
        <Link href="/conversations">
          <Icon name="back" size={14} />
          Conversations
        </Link>
      </Button>
      <div className={styles.identity}>
        <h2 className={styles.contactName}>{name}</h2>
        <div className={styles.contactMeta}>
          {number && number !== name ? <span>{number} ·</span> : null}
          {conversation.team ? (
            <span className={styles.team} title={`Team ${conversation.team.name}`}>
              {conversation.team.name} ·
            </span>
          ) : null}
          {awaiting ? (
            <span className={styles.awaiting} title={`Nobody in the team had room since ${absoluteTime(conversation.awaiting_assignment_since!, timeZone)}`}>
              {awaiting}
            </span>
          ) : (
            <span className={styles.assignee}>
              {assignee && conversation.assignee !== me.id ? (
                <OnlineDot online={assignee.online} availability={assignee.availability} name={assignee.name} />
              ) : null}
              {conversation.assignee ? `Assigned to ${conversation.assignee === me.id ? 'you' : (conversation.assignee_name ?? 'someone')}` : 'Unassigned'}
            </span>
          )}
          <ThreadViewers conversationId={conversation.id} />
        </div>
        <ThreadLabels conversation={conversation} />
      </div>
      <div className={styles.headerSide}>
        <ResponseTarget conversation={conversation} />
        {/* While a customer waits their message keeps the window open for hours: the whole hours say enough beside the countdown. */}
        <Badge tone={window.tone} dot title={window.label}>
          {window.open ? `Window ${waiting ? window.brief : window.short}` : window.short}
        </Badge>
        {conversation.state === 'closed' ? <Badge tone="muted">Conversation closed</Badge> : null}
        <Button variant="ghost" size="sm" className={styles.detailsToggle} aria-expanded={details} onClick={onToggleDetails}>
          Details
        </Button>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="sm" aria-label="More actions">
              ⋯
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {number ? <DropdownMenuItem onSelect={() => copy(number, 'Number')}>Copy number</DropdownMenuItem> : null}
            <DropdownMenuItem onSelect={() => copy(`${location.origin}/conversations/${conversation.id}`, 'Link')}>Copy link</DropdownMenuItem>
            <DropdownMenuItem onSelect={() => copy(conversation.id, 'Conversation ID')}>Copy conversation ID</DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </header>
  );
}
