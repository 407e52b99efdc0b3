'use client';

import { useCallback, useRef, useState } from 'react';
import { useClock } from '@/components/clock';
import { ProblemState } from '@/components/problem-state';
import { Loading } from '@/components/ui/skeleton';
import { contactLabel, contactNumber } from '@/lib/message-content';
import { newestKey } from '@/lib/send-guard';
import type { Loaded } from '@/lib/server-api';
import { describeWindow } from '@/lib/window';
import { useCurrentStaff } from '@/features/auth/current-staff';
import { Composer, type ComposerHandle } from '@/features/composer/components/composer';
import { useDraft } from '@/features/composer/hooks/use-draft';
import type { ConversationDetail } from '@/features/conversations/conversations.queries';
import { useConversationActions } from '@/features/conversations/hooks/use-conversation-actions';
import { useCopy } from '@/features/conversations/hooks/use-copy';
import { useMarkSeen } from '@/features/conversations/hooks/use-mark-seen';
import { useThreadCommands } from '@/features/conversations/hooks/use-thread-commands';
import { useTimeline } from '@/features/conversations/hooks/use-timeline';
import { ContactPanel } from './contact-panel';
import { ThreadHeader } from './thread-header';
import { Timeline, type TimelineHandle } from './timeline';
import styles from './thread.module.css';

/**
 * One conversation, three parts: the timeline of both directions, the composer, and the contact
 * panel with what an agent does to the conversation. Every action has a key and a palette entry.
 */
export function Thread({ id, initial }: { id: string; initial: Loaded<ConversationDetail> }) {
  const timeline = useTimeline(id, initial);
  const { query, entries } = timeline;
  const { now, timeZone } = useClock();
  const me = useCurrentStaff();
  const copy = useCopy();
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

  const { loadOlder: load } = timeline;
  const loadOlder = useCallback(() => void load(), [load]);
  const replyToLast = () => {
    const key = log.current?.lastInboundKey();
    if (key) draft.setReplyTo(key, newest);
    composer.current?.focus();
  };
  useThreadCommands({ conversation, name, number, me: me.id, actions, composer, replyToLast, copy });

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
        <ThreadHeader
          conversation={conversation}
          name={name}
          number={number}
          window={window}
          details={details}
          onToggleDetails={() => setDetails((d) => !d)}
          copy={copy}
        />
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
            reactions: { conversationId: id, windowOpen: window.open },
            onReply: (item) => {
              draft.setReplyTo(item.key, newest);
              composer.current?.focus();
            },
          }}
        />
        <Composer
          conversationId={id}
          contact={name}
          contactInfo={{ name: conversation.contact.name ?? null, phone: number }}
          window={window}
          entries={entries}
          draft={draft}
          handle={composer}
        />
      </div>
      <ContactPanel conversation={conversation} window={window} purposes={query.data.recent_purposes} actions={actions} onClose={() => setDetails(false)} />
    </div>
  );
}
