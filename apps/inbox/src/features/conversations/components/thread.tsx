'use client';

import type { TimelineEntry } from '@sendbook/api-contract';
import Link from 'next/link';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useClock } from '../../../components/clock';
import { ProblemState } from '../../../components/problem-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu';
import { Icon } from '../../../components/ui/icon';
import { Loading } from '../../../components/ui/skeleton';
import { State } from '../../../components/ui/state';
import { useToast } from '../../../components/ui/toast';
import { contactLabel, contactNumber } from '../../../lib/message-content';
import type { Loaded } from '../../../lib/server-api';
import { buildThread } from '../../../lib/thread';
import { useSeededQuery } from '../../../lib/use-seeded-query';
import { describeWindow } from '../../../lib/window';
import { conversationQuery, fetchOlderTimeline, type ConversationDetail } from '../conversations.queries';
import { useMarkSeen } from '../hooks/use-mark-seen';
import { InboundArticle, NoteArticle, OutboundArticle } from './message-article';
import styles from './thread.module.css';

/** One conversation, read-only for now: who, whether the window is open, and every message with its state. */
export function Thread({ id, initial }: { id: string; initial: Loaded<ConversationDetail> }) {
  const query = useSeededQuery(conversationQuery(id), initial);
  const { now, timeZone } = useClock();
  const toast = useToast();
  useMarkSeen(id, query.data?.conversation.unread_count);

  // The detail carries the newest page; earlier pages are fetched on request and kept here.
  const [older, setOlder] = useState<{ entries: TimelineEntry[]; cursor: string | null } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const cursor = older ? older.cursor : (query.data?.older_cursor ?? null);
  const items = useMemo(() => (query.data ? buildThread(uniqueEntries([...(older?.entries ?? []), ...query.data.timeline]), now, timeZone) : []), [query.data, older, now, timeZone]);

  // Open at the newest message; stay there as messages arrive, unless the agent scrolled up to read.
  const logRef = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const opened = useRef<string | null>(null);
  const keepFromBottom = useRef<number | null>(null);
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    if (keepFromBottom.current !== null) {
      // Earlier messages went in above: keep what the agent was reading where it was.
      log.scrollTop = log.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (opened.current !== id || pinned.current) log.scrollTop = log.scrollHeight;
    opened.current = id;
  }, [id, items.length]);

  const showEarlier = async () => {
    if (!cursor || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await fetchOlderTimeline(id, cursor);
      const log = logRef.current;
      keepFromBottom.current = log ? log.scrollHeight - log.scrollTop : null;
      setOlder((current) => ({ entries: [...page.data, ...(current?.entries ?? [])], cursor: page.older_cursor }));
    } catch {
      toast({ tone: 'danger', title: 'Could not load earlier messages', description: 'Try again in a moment.' });
    } finally {
      setLoadingOlder(false);
    }
  };

  if (query.problem && !query.data) {
    return (
      <div className={styles.empty}>
        <ProblemState problem={query.problem} onRetry={query.retry} retrying={query.isFetching} title={query.problem.kind === 'not_found' ? 'No such conversation' : undefined} />
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className={styles.empty}>
        <Loading label="Loading the conversation…" />
      </div>
    );
  }

  const { conversation } = query.data;
  const name = contactLabel(conversation.contact);
  const number = contactNumber(conversation.contact);
  const window = describeWindow(conversation, now, timeZone);
  const copy = (text: string, what: string) =>
    void navigator.clipboard.writeText(text).then(
      () => toast({ tone: 'success', title: `${what} copied` }),
      () => toast({ tone: 'danger', title: `Could not copy the ${what.toLowerCase()}` }),
    );

  return (
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
            {number && number !== name ? <span>{number}</span> : null}
            {conversation.assignee ? <span>· Assigned to {conversation.assignee_name ?? 'someone'}</span> : null}
          </div>
        </div>
        <div className={styles.headerSide}>
          <Badge tone={window.tone} dot title={window.label}>
            {window.open ? `Window ${window.short}` : window.short}
          </Badge>
          {conversation.state === 'closed' ? <Badge tone="muted">Conversation closed</Badge> : null}
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
      <div
        ref={logRef}
        className={styles.log}
        role="log"
        aria-label="Messages"
        tabIndex={0}
        onScroll={(event) => {
          const log = event.currentTarget;
          pinned.current = log.scrollHeight - log.scrollTop - log.clientHeight < 80;
        }}
      >
        {cursor ? (
          <div className={styles.earlier}>
            <Button size="sm" onClick={() => void showEarlier()} disabled={loadingOlder} busy={loadingOlder}>
              Show earlier messages
            </Button>
          </div>
        ) : null}
        {items.length === 0 ? (
          <State role="status" icon="inbox" title="No messages yet" compact>
            Messages to and from {name} appear here.
          </State>
        ) : (
          items.map((item) =>
            item.kind === 'day' ? (
              <div key={item.key} className={styles.day}>
                <h2>{item.label}</h2>
              </div>
            ) : item.kind === 'inbound' ? (
              <InboundArticle key={item.key} item={item} contact={name} />
            ) : item.kind === 'note' ? (
              <NoteArticle key={item.key} item={item} />
            ) : (
              <OutboundArticle key={item.key} item={item} contact={name} />
            ),
          )
        )}
      </div>
      <footer className={styles.footer} data-open={window.open}>
        <Icon name={window.open ? 'clock' : 'lock'} size={14} />
        {window.open ? <span>{window.label}. You can write to {name} freely until then.</span> : <span>{window.label}. Only an approved template can reach {name} now.</span>}
      </footer>
    </div>
  );
}

/** One entry per message or note, whichever page it came in. */
function uniqueEntries(entries: readonly TimelineEntry[]): TimelineEntry[] {
  const byKey = new Map<string, TimelineEntry>();
  for (const entry of entries) {
    const key = entry.direction === 'inbound' ? `in-${entry.inbound.id}` : entry.direction === 'outbound' ? `out-${entry.message.id}` : `note-${entry.note.id}`;
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}
