'use client';

import type { TimelineEntry } from '@sendbook/api-contract';
import { useImperativeHandle, useMemo, useRef, type Ref } from 'react';
import { useClock } from '@/components/clock';
import { Icon } from '@/components/ui/icon';
import { State } from '@/components/ui/state';
import { buildThread } from '@/lib/thread';
import { TickMemory } from '@/lib/ticks';
import { useJumpToMessage } from '@/features/conversations/hooks/use-jump-to-message';
import { useLogScroll } from '@/features/conversations/hooks/use-log-scroll';
import { useOpenAtMessage } from '@/features/conversations/hooks/use-open-at-message';
import type { ArticleActions } from './message-article';
import { TimelineRow, type OlderPages, type TimelineRowItem } from './timeline-row';
import styles from './thread.module.css';

/**
 * The thread's messages, both directions, in one virtualised log: only the rows near the view are
 * in the DOM (a 5,000-message thread stays light), older pages load as the agent scrolls up and
 * the row being read stays where it is, new messages follow the view only when it is at the end;
 * otherwise a "new messages" pill says how many came. Quotes jump to the message they answer, and
 * `?message={id}` opens the thread at that message.
 */
export interface TimelineHandle {
  jumpTo(key: string): void;
  /** The newest message from the customer (for "reply to the last message"). */
  lastInboundKey(): string | null;
}

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
  const rows = useMemo<TimelineRowItem[]>(() => [{ kind: 'head', key: 'head' }, ...items], [items]);
  const ticks = useRef(new TickMemory()).current;
  const logRef = useRef<HTMLDivElement>(null);
  const older: OlderPages = { hasOlder, loadingOlder, olderFailed, onLoadOlder };
  const { virtualizer, virtualRows, unseen, toEnd, onScroll } = useLogScroll({ rows, logRef, ...older });
  const { jumpTo, find, highlighted } = useJumpToMessage({ rows, items, virtualizer, logRef, ...older });
  useOpenAtMessage(find);

  useImperativeHandle(
    handle,
    () => ({
      jumpTo,
      lastInboundKey: () => [...items].reverse().find((item) => item.kind === 'inbound')?.key ?? null,
    }),
    [jumpTo, items],
  );

  const articleActions: ArticleActions = { ...actions, onJump: jumpTo, onFind: find, canFind: hasOlder };

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
                  <TimelineRow row={row} contact={contact} older={older} actions={articleActions} ticks={ticks} highlighted={highlighted === row.key} />
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
