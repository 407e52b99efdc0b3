// Who is there: a staff member's own availability (what they chose), whether they are online (an
// inbox tab open, give or take a grace period), and who is looking at a thread or typing in it.
// Redis holds the moments; these rules read them.

export const AVAILABILITIES = ['available', 'busy', 'away'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** Online: a tab was heard from within the grace period (a reload or a flaky network is not "offline"). */
export function isOnline(lastSeenMs: number | null, nowMs: number, graceMs: number): boolean {
  return lastSeenMs !== null && nowMs - lastSeenMs <= graceMs;
}

/** What someone's tabs last said about a thread: viewing until, typing until (ms). */
export interface ViewerMark {
  readonly staffId: string;
  readonly viewingUntil: number;
  readonly typingUntil: number | null;
}

export interface Viewer {
  readonly staffId: string;
  readonly typing: boolean;
  /** Until when this holds without a further word from their tab (ISO, for clients to expire it). */
  readonly until: string;
}

/** The people in a thread now, typing first, then by id (a stable order, so "nothing changed" is an equal list). */
export function viewersNow(marks: readonly ViewerMark[], nowMs: number): Viewer[] {
  return marks
    .filter((m) => m.viewingUntil > nowMs)
    .map((m) => ({ staffId: m.staffId, typing: m.typingUntil !== null && m.typingUntil > nowMs, until: new Date(m.viewingUntil).toISOString() }))
    .sort((a, b) => Number(b.typing) - Number(a.typing) || a.staffId.localeCompare(b.staffId));
}

/** Whether two lists of viewers say the same (who, and who types): only a change is worth telling everyone. */
export function sameViewers(a: readonly Viewer[], b: readonly Viewer[]): boolean {
  return a.length === b.length && a.every((v, i) => v.staffId === b[i]!.staffId && v.typing === b[i]!.typing);
}
