'use client';

import Link from 'next/link';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useClock } from '@/components/clock';
import { ProblemState } from '@/components/problem-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Icon } from '@/components/ui/icon';
import { Loading } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { contactLabel, contactNumber } from '@/lib/message-content';
import { newestKey } from '@/lib/send-guard';
import type { Loaded } from '@/lib/server-api';
import { describeWindow } from '@/lib/window';
import { useCurrentStaff } from '@/features/auth/current-staff';
import { Composer, type ComposerHandle } from '@/features/composer/components/composer';
import { useDraft } from '@/features/composer/hooks/use-draft';
import { useCommands, type PaletteCommand } from '@/features/shell/commands';
import { useKeyBindings } from '@/features/shell/hooks/use-key-bindings';
import type { ConversationDetail } from '../conversations.queries';
import { useConversationActions } from '../hooks/use-conversation-actions';
import { useMarkSeen } from '../hooks/use-mark-seen';
import { useTimeline } from '../hooks/use-timeline';
import { ContactPanel } from './contact-panel';
import { Timeline, type TimelineHandle } from './timeline';
import styles from './thread.module.css';

const NO_BINDINGS: Record<string, () => void> = {};

/**
 * One conversation, three parts: the timeline of both directions, the composer, and the contact
 * panel with what an agent does to the conversation. Every action has a key and a palette entry.
 */
export function Thread({ id, initial }: { id: string; initial: Loaded<ConversationDetail> }) {
  const timeline = useTimeline(id, initial);
  const { query, entries } = timeline;
  const { now, timeZone } = useClock();
  const me = useCurrentStaff();
  const toast = useToast();
  const draft = useDraft(id);
  const actions = useConversationActions(id);
  const composer = useRef<ComposerHandle>(null);
  const log = useRef<TimelineHandle>(null);
  const [details, setDetails] = useState(false);
  useMarkSeen(id, query.data?.conversation.unread_count);

  const conversation = query.data?.conversation;
  const name = conversation ? contactLabel(conversation.contact) : '';
  const number = conversation ? contactNumber(conversation.contact) : null;
  const window = conversation ? describeWindow(conversation, now, timeZone) : null;
  const newest = newestKey(entries);

  const copy = (text: string, what: string) =>
    void navigator.clipboard.writeText(text).then(
      () => toast({ tone: 'success', title: `${what} copied` }),
      () => toast({ tone: 'danger', title: `Could not copy the ${what.toLowerCase()}` }),
    );
  const { loadOlder: load } = timeline;
  const loadOlder = useCallback(() => void load(), [load]);
  const replyToLast = () => {
    const key = log.current?.lastInboundKey();
    if (key) draft.setReplyTo(key, newest);
    composer.current?.focus();
  };

  const bindings = useMemo<Record<string, () => void>>(
    () =>
      conversation
        ? {
            r: () => composer.current?.focus(),
            R: replyToLast,
            a: () => (conversation.assignee === me.id ? undefined : actions.assign(me.id, 'you')),
            e: () => (conversation.state === 'closed' ? actions.reopen() : actions.close()),
            n: () => composer.current?.writeNote(),
            t: () => composer.current?.openTemplates(),
          }
        : NO_BINDINGS,
    // replyToLast reads refs and the draft’s setters, which do not change.
    [conversation, me.id, actions],
  );
  useKeyBindings(bindings);

  const commands = useMemo<PaletteCommand[]>(() => {
    if (!conversation) return [];
    const group = `This conversation (${name})`;
    const list: PaletteCommand[] = [
      { id: 'thread-reply', label: 'Reply', group, hint: 'R', run: () => composer.current?.focus() },
      { id: 'thread-reply-last', label: 'Reply to their last message', group, hint: '⇧R', run: replyToLast },
      { id: 'thread-template', label: 'Send a template…', group, hint: 'T', run: () => composer.current?.openTemplates() },
      { id: 'thread-note', label: 'Write a private note', group, hint: 'N', run: () => composer.current?.writeNote() },
      conversation.assignee === me.id
        ? { id: 'thread-unassign', label: 'Unassign', group, run: () => actions.assign(null, null) }
        : { id: 'thread-assign-me', label: 'Assign to me', group, hint: 'A', run: () => actions.assign(me.id, 'you') },
      conversation.state === 'closed'
        ? { id: 'thread-reopen', label: 'Reopen the conversation', group, hint: 'E', run: actions.reopen }
        : { id: 'thread-close', label: 'Close the conversation', group, hint: 'E', run: actions.close },
      { id: 'thread-seen', label: 'Mark seen', group, run: actions.markSeen },
      {
        id: 'thread-copy-link',
        label: 'Copy link to this conversation',
        group,
        run: () => copy(`${location.origin}/conversations/${conversation.id}`, 'Link'),
      },
    ];
    if (number) list.push({ id: 'thread-copy-number', label: 'Copy number', group, keywords: [number], run: () => copy(number, 'Number') });
    return list;
  }, [conversation, name, number, me.id, actions]);
  useCommands('thread', commands);

  if (query.problem && !query.data) {
    return (
      <div className={styles.empty}>
        <ProblemState
          problem={query.problem}
          onRetry={query.retry}
          retrying={query.isFetching}
          title={query.problem.kind === 'not_found' ? 'No such conversation' : undefined}
        />
      </div>
    );
  }
  if (!query.data || !conversation || !window) {
    return (
      <div className={styles.empty}>
        <Loading label="Loading the conversation…" />
      </div>
    );
  }

  return (
    <div className={styles.layout} data-details={details}>
      <div className={styles.thread}>
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
              <span>
                {conversation.assignee ? `Assigned to ${conversation.assignee === me.id ? 'you' : (conversation.assignee_name ?? 'someone')}` : 'Unassigned'}
              </span>
            </div>
          </div>
          <div className={styles.headerSide}>
            <Badge tone={window.tone} dot title={window.label}>
              {window.open ? `Window ${window.short}` : window.short}
            </Badge>
            {conversation.state === 'closed' ? <Badge tone="muted">Conversation closed</Badge> : null}
            <Button variant="ghost" size="sm" className={styles.detailsToggle} aria-expanded={details} onClick={() => setDetails((d) => !d)}>
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
        <Timeline
          entries={entries}
          contact={name}
          hasOlder={timeline.hasOlder}
          loadingOlder={timeline.loadingOlder}
          olderFailed={timeline.olderFailed}
          onLoadOlder={loadOlder}
          handle={log}
          actions={{
            canReply: true,
            onReply: (item) => {
              draft.setReplyTo(item.key, newest);
              composer.current?.focus();
            },
          }}
        />
        <Composer conversationId={id} contact={name} window={window} entries={entries} draft={draft} handle={composer} />
      </div>
      <ContactPanel conversation={conversation} window={window} purposes={query.data.recent_purposes} actions={actions} onClose={() => setDetails(false)} />
    </div>
  );
}
