'use client';

import type { TimelineEntry } from '@sendbook/api-contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type Ref } from 'react';
import { useClock } from '@/components/clock';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { State } from '@/components/ui/state';
import { buildThread, type ThreadItem } from '@/lib/thread';
import { TickMemory } from '@/lib/ticks';
import { InboundArticle, NoteArticle, OutboundArticle, type ArticleActions } from './message-article';
import styles from './thread.module.css';

/**
 * The thread's messages, both directions, in one virtualised log: only the rows near the view are
 * in the DOM (a 5,000-message thread stays light), older pages load as the agent scrolls up and
 * the row being read stays where it is, new messages follow the view only when it is at the end;
 * otherwise a "new messages" pill says how many came. Quotes jump to the message they answer.
 */
export interface TimelineHandle {
  jumpTo(key: string): void;
  /** The newest message from the customer (for "reply to the last message"). */
  lastInboundKey(): string | null;
}

type Row = { readonly kind: 'head'; readonly key: 'head' } | ThreadItem;

const LOAD_OLDER_WITHIN_PX = 600;
const AT_END_PX = 48;

export function Timeline({
  entries,
  contact,
  hasOlder,
  loadingOlder,
  olderFailed,
  onLoadOlder,
  actions,
  handle,
}: {
  entries: readonly TimelineEntry[];
  contact: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  olderFailed: boolean;
  onLoadOlder: () => void;
  actions: Omit<ArticleActions, 'onJump' | 'onFind' | 'canFind'>;
  handle?: Ref<TimelineHandle>;
}) {
  const { now, timeZone } = useClock();
  // Day labels ("Today") change at midnight, not every clock tick: rebuild on the minute at most.
  const dayNow = Math.floor(now / 60_000) * 60_000;
  const items = useMemo(() => buildThread(entries, dayNow, timeZone), [entries, dayNow, timeZone]);
  const rows = useMemo<Row[]>(() => [{ kind: 'head', key: 'head' }, ...items], [items]);
  const ticks = useRef(new TickMemory()).current;
  const logRef = useRef<HTMLDivElement>(null);
  const [highlighted, setHighlighted] = useState<string | null>(null);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => logRef.current,
    estimateSize: (index) => (rows[index]?.kind === 'day' ? 44 : rows[index]?.kind === 'head' ? 56 : 84),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 6,
    // A chat: prepending older pages keeps the row being read in place; appending follows the end.
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: AT_END_PX,
  });

  // Open at the newest message.
  const opened = useRef(false);
  useLayoutEffect(() => {
    if (opened.current || rows.length <= 1) return;
    opened.current = true;
    virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
  }, [rows.length, virtualizer]);

  // New messages while reading history: count them instead of moving the view.
  const lastKey = rows[rows.length - 1]?.key;
  const seenLast = useRef(lastKey);
  // Whether the view was at the end before the newest render (the virtualiser follows it then).
  const atEnd = useRef(true);
  const [unseen, setUnseen] = useState(0);
  useEffect(() => {
    if (lastKey === seenLast.current) return;
    const before = seenLast.current;
    seenLast.current = lastKey;
    if (atEnd.current) return;
    const from = rows.findIndex((row) => row.key === before);
    const added = rows.slice(from + 1).filter((row) => row.kind === 'inbound' || row.kind === 'outbound' || row.kind === 'note').length;
    setUnseen((n) => n + added);
  }, [lastKey, rows, virtualizer]);

  const toEnd = () => {
    setUnseen(0);
    virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
  };

  const onScroll = () => {
    const log = logRef.current;
    if (!log) return;
    // From the element itself: the virtualiser may not have read this scroll yet.
    atEnd.current = log.scrollHeight - log.scrollTop - log.clientHeight <= AT_END_PX;
    if (log.scrollTop > 0) scrolled.current = true;
    if (log.scrollTop < LOAD_OLDER_WITHIN_PX && hasOlder && !loadingOlder && !olderFailed) onLoadOlder();
    if (unseen > 0 && atEnd.current) setUnseen(0);
  };

  // Near the top (the head row is rendered), load the page before: scrolling up never dead-ends,
  // and a short newest page that leaves the view half empty fills itself.
  const virtualRows = virtualizer.getVirtualItems();
  const headInRange = virtualRows[0]?.index === 0;
  // (Not on the first render, which starts at the top before it scrolls to the newest message.)
  const scrolled = useRef(false);
  useEffect(() => {
    const log = logRef.current;
    const fits = log !== null && log.scrollHeight <= log.clientHeight + 1;
    if (headInRange && (scrolled.current || fits) && hasOlder && !loadingOlder && !olderFailed) onLoadOlder();
  }, [headInRange, hasOlder, loadingOlder, olderFailed, onLoadOlder]);

  const jumpTo = useCallback(
    (key: string) => {
      const index = rows.findIndex((row) => row.key === key);
      if (index < 0) return;
      virtualizer.scrollToIndex(index, { align: 'center' });
      setHighlighted(key);
      // The row renders once it is in range: focus it then, so the keyboard continues from there.
      const focus = (attempt: number) =>
        requestAnimationFrame(() => {
          const element = logRef.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`);
          if (element) element.focus({ preventScroll: true });
          else if (attempt < 10) focus(attempt + 1);
        });
      focus(0);
    },
    [rows, virtualizer],
  );
  // A quote of a message further back: load older pages until it is there, then jump to it.
  const [finding, setFinding] = useState<string | null>(null);
  useEffect(() => {
    if (!finding) return;
    const found = items.find(
      (item) =>
        (item.kind === 'inbound' && item.inbound.wamid === finding) ||
        (item.kind === 'outbound' && (item.message.wamid === finding || `id:${item.message.id}` === finding)),
    );
    if (found) {
      setFinding(null);
      jumpTo(found.key);
    } else if (!hasOlder || olderFailed) setFinding(null);
    else if (!loadingOlder) onLoadOlder();
  }, [finding, items, hasOlder, loadingOlder, olderFailed, onLoadOlder, jumpTo]);

  useEffect(() => {
    if (!highlighted) return;
    const timer = setTimeout(() => setHighlighted(null), 2000);
    return () => clearTimeout(timer);
  }, [highlighted]);

  useImperativeHandle(
    handle,
    () => ({
      jumpTo,
      lastInboundKey: () => [...items].reverse().find((item) => item.kind === 'inbound')?.key ?? null,
    }),
    [jumpTo, items],
  );

  const articleActions: ArticleActions = { ...actions, onJump: jumpTo, onFind: setFinding, canFind: hasOlder };

  return (
    <div className={styles.logWrap}>
      <div ref={logRef} className={styles.log} role="log" aria-label="Messages" tabIndex={0} onScroll={onScroll}>
        {items.length === 0 ? (
          <State role="status" icon="inbox" title="No messages yet" compact>
            Messages to and from {contact} appear here.
          </State>
        ) : (
          <div className={styles.rows} style={{ height: virtualizer.getTotalSize() }}>
            {virtualRows.map((virtualRow) => {
              const row = rows[virtualRow.index]!;
              return (
                <div
                  key={virtualRow.key}
                  ref={virtualizer.measureElement}
                  data-index={virtualRow.index}
                  className={styles.row}
                  style={{ transform: `translateY(${virtualRow.start}px)` }}
                >
                  {row.kind === 'head' ? (
                    <div className={styles.earlier}>
                      {hasOlder ? (
                        <Button size="sm" onClick={onLoadOlder} disabled={loadingOlder} busy={loadingOlder}>
                          {loadingOlder ? 'Loading earlier messages…' : olderFailed ? 'Could not load earlier messages: try again' : 'Show earlier messages'}
                        </Button>
                      ) : (
                        <p className={styles.start}>The start of your conversation with {contact}</p>
                      )}
                    </div>
                  ) : row.kind === 'day' ? (
                    <div className={styles.day}>
                      <h2>{row.label}</h2>
                    </div>
                  ) : row.kind === 'inbound' ? (
                    <InboundArticle item={row} contact={contact} actions={articleActions} highlighted={highlighted === row.key} />
                  ) : row.kind === 'note' ? (
                    <NoteArticle item={row} highlighted={highlighted === row.key} />
                  ) : (
                    <OutboundArticle
                      item={row}
                      contact={contact}
                      state={ticks.show(row.message)}
                      actions={articleActions}
                      highlighted={highlighted === row.key}
                    />
                  )}
                </div>
              );
            })}
          </div>
        )}
      </div>
      {unseen > 0 ? (
        <button type="button" className={styles.pill} onClick={toEnd}>
          <Icon name="chevron" size={14} className={styles.pillIcon} />
          {unseen === 1 ? '1 new message' : `${unseen} new messages`}
        </button>
      ) : null}
    </div>
  );
}
