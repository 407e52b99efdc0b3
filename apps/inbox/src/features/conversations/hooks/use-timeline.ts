'use client';

import type { TimelineEntry } from '@sendbook/api-contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { joinNewest, reachesHeld, uniqueEntries } from '@/lib/timeline-pages';
import type { Loaded } from '@/lib/server-api';
import { useSeededQuery } from '@/lib/use-seeded-query';
import { conversationQuery, fetchOlderTimeline, type ConversationDetail } from '../conversations.queries';

/**
 * A thread's timeline across pages. The detail query carries the newest page and is refetched
 * when live events say the thread changed; older pages are fetched as the agent scrolls up and kept
 * here. When more arrived between two refetches than one page holds (a long disconnection), the
 * pages in between are fetched too, so nothing is missed; every entry appears once, in its
 * newest copy, in the API's order.
 */
export interface Timeline {
  readonly query: ReturnType<typeof useSeededQuery<ConversationDetail>>;
  readonly entries: readonly TimelineEntry[];
  /** Whether there is anything older to load. */
  readonly hasOlder: boolean;
  readonly loadingOlder: boolean;
  readonly olderFailed: boolean;
  loadOlder(): Promise<void>;
}

const MAX_GAP_PAGES = 20;

export function useTimeline(id: string, initial: Loaded<ConversationDetail>): Timeline {
  const query = useSeededQuery(conversationQuery(id), initial);
  // Every entry seen so far (older pages and each newest page), and the cursor before the oldest.
  const [held, setHeld] = useState<{ entries: TimelineEntry[]; cursor: string | null } | null>(null);
  const heldRef = useRef(held);
  heldRef.current = held;
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderFailed, setOlderFailed] = useState(false);
  const busy = useRef(false);
  const newest = query.data;
  const cursor = held ? held.cursor : (newest?.older_cursor ?? null);

  useEffect(() => {
    if (!newest) return;
    const current = heldRef.current;
    if (!current) {
      setHeld({ entries: newest.timeline, cursor: newest.older_cursor });
      return;
    }
    const fold = (gap: TimelineEntry[]) => setHeld((c) => (c ? { entries: uniqueEntries([...c.entries, ...gap, ...newest.timeline]), cursor: c.cursor } : c));
    const join = joinNewest(current.entries, newest);
    if (join.kind === 'joined') {
      fold([]);
      return;
    }
    // More arrived than one page holds: fetch back until the pages meet what we hold.
    let cancelled = false;
    void (async () => {
      const gap: TimelineEntry[] = [];
      let before: string | null = join.before;
      for (let i = 0; before && i < MAX_GAP_PAGES; i += 1) {
        const page: Awaited<ReturnType<typeof fetchOlderTimeline>> | null = await fetchOlderTimeline(id, before).catch(() => null);
        if (cancelled) return;
        if (!page) break;
        gap.unshift(...page.data);
        if (reachesHeld(current.entries, page.data)) break;
        before = page.older_cursor;
      }
      if (!cancelled) fold(gap);
    })();
    return () => {
      cancelled = true;
    };
  }, [id, newest]);

  const loadOlder = useCallback(async () => {
    const from = heldRef.current?.cursor;
    if (!from || busy.current) return;
    busy.current = true;
    setLoadingOlder(true);
    setOlderFailed(false);
    try {
      const page = await fetchOlderTimeline(id, from);
      setHeld((current) => (current ? { entries: uniqueEntries([...page.data, ...current.entries]), cursor: page.older_cursor } : current));
    } catch {
      setOlderFailed(true);
    } finally {
      busy.current = false;
      setLoadingOlder(false);
    }
  }, [id]);

  const entries = useMemo(() => (newest ? uniqueEntries([...(held?.entries ?? []), ...newest.timeline]) : []), [newest, held]);
  return { query, entries, hasOlder: cursor !== null, loadingOlder, olderFailed, loadOlder };
}
