import type { TimelineEntry } from '@sendbook/api-contract';
import { entryKey } from './send-guard';

/**
 * A thread's timeline held across pages: older pages fetched as the agent scrolls up, and the
 * newest page refetched whenever a live event says the thread changed. Each entry appears once,
 * where it first appeared, in its newest copy; a refetched newest page that does not reach what
 * is held (more arrived than a page holds, say after a long disconnection) leaves a gap that must
 * be fetched before it is joined, so nothing is silently missed.
 */
export function uniqueEntries(entries: readonly TimelineEntry[]): TimelineEntry[] {
  const byKey = new Map<string, TimelineEntry>();
  for (const entry of entries) byKey.set(entryKey(entry), entry);
  return [...byKey.values()];
}

export type Join = { readonly kind: 'joined'; readonly entries: TimelineEntry[] } | { readonly kind: 'gap'; readonly before: string };

/** What to do with a newest page (`timeline`, oldest first, and the cursor before it) given what is held. */
export function joinNewest(
  held: readonly TimelineEntry[],
  newest: { readonly timeline: readonly TimelineEntry[]; readonly older_cursor: string | null },
): Join {
  const first = newest.timeline[0];
  const keys = new Set(held.map(entryKey));
  if (!first || held.length === 0 || keys.has(entryKey(first)) || newest.older_cursor === null)
    return { kind: 'joined', entries: uniqueEntries([...held, ...newest.timeline]) };
  return { kind: 'gap', before: newest.older_cursor };
}

/** Whether a page fetched into a gap reached what is held (so no more pages are needed). */
export function reachesHeld(held: readonly TimelineEntry[], page: readonly TimelineEntry[]): boolean {
  const keys = new Set(held.map(entryKey));
  return page.some((entry) => keys.has(entryKey(entry)));
}
