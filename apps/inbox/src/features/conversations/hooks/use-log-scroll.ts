'use client';

import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

const LOAD_OLDER_WITHIN_PX = 600;
const AT_END_PX = 48;

/** What the log needs of a row to place it: its kind (for a first guess at its height) and a stable key. */
export interface LogRow {
  readonly kind: string;
  readonly key: string;
}

/**
 * Where the thread's log is scrolled. Only the rows near the view are in the DOM; it opens at the
 * newest message; new messages follow the view only when it is at the end, otherwise they are
 * counted (`unseen`) for the "new messages" pill; near the top, the page before loads, and
 * prepending it keeps the row being read in place.
 */
export function useLogScroll({
  rows,
  logRef,
  hasOlder,
  loadingOlder,
  olderFailed,
  onLoadOlder,
}: {
  rows: readonly LogRow[];
  logRef: RefObject<HTMLDivElement | null>;
  hasOlder: boolean;
  loadingOlder: boolean;
  olderFailed: boolean;
  onLoadOlder: () => void;
}) {
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
    const added = rows.slice(from + 1).filter((row) => row.kind === 'inbound' || row.kind === 'outbound' || row.kind === 'echo' || row.kind === 'note').length;
    setUnseen((n) => n + added);
  }, [lastKey, rows, virtualizer]);

  const toEnd = () => {
    setUnseen(0);
    virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
  };

  // Whether the agent has scrolled: the first render starts at the top before it scrolls to the
  // newest message, and that is no reason to load older pages.
  const scrolled = useRef(false);
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
  useEffect(() => {
    const log = logRef.current;
    const fits = log !== null && log.scrollHeight <= log.clientHeight + 1;
    if (headInRange && (scrolled.current || fits) && hasOlder && !loadingOlder && !olderFailed) onLoadOlder();
  }, [headInRange, hasOlder, loadingOlder, olderFailed, onLoadOlder, logRef]);

  return { virtualizer, virtualRows, unseen, toEnd, onScroll };
}
