// Same business number → same user: at most one message every `intervalMs` (Meta: 6 s,
// FACTS §5.2), and among one user's due messages: priority (higher first), then not_before,
// then creation.

export const DEFAULT_PAIR_INTERVAL_MS = 6_000;

/** What ordering needs of an outbox row. `id` breaks the last tie so the order is total. */
export interface PacedRow {
  priority: number;
  notBefore: Date;
  createdAt: Date;
  id?: string;
}

/** When the next message to this user may go: `now`, or `intervalMs` after the last one. */
export function nextPairSlot(lastSentAt: Date | null, now: Date, intervalMs: number = DEFAULT_PAIR_INTERVAL_MS): Date {
  assertInterval(intervalMs);
  if (!lastSentAt) return now;
  return new Date(Math.max(now.getTime(), lastSentAt.getTime() + intervalMs));
}

/** Priority desc, then not_before asc, then created asc, then id. */
export function compareForRecipient(a: PacedRow, b: PacedRow): number {
  return (
    b.priority - a.priority ||
    a.notBefore.getTime() - b.notBefore.getTime() ||
    a.createdAt.getTime() - b.createdAt.getTime() ||
    (a.id ?? '').localeCompare(b.id ?? '')
  );
}

/** One user's rows in sending order (a sorted copy). */
export function orderForRecipient<T extends PacedRow>(rows: readonly T[]): T[] {
  return [...rows].sort(compareForRecipient);
}

/** The row to send next to this user at `now`: the first due row in order, or null if none is due. */
export function nextForRecipient<T extends PacedRow>(rows: readonly T[], now: Date): T | null {
  return orderForRecipient(rows.filter((row) => row.notBefore.getTime() <= now.getTime()))[0] ?? null;
}

/**
 * Gives each of one user's rows its slot: the first at the user's next free slot (or its own
 * not_before), each next one `intervalMs` later, choosing at every slot the first row in order
 * among those due by then. A confirmation and a reminder enqueued together: now and now + 6 s.
 * A high-priority row due tomorrow does not hold back a low one due now.
 */
export function planPairSlots<T extends PacedRow>(
  rows: readonly T[],
  { lastSentAt, now, intervalMs = DEFAULT_PAIR_INTERVAL_MS }: { lastSentAt: Date | null; now: Date; intervalMs?: number },
): Array<{ row: T; notBefore: Date }> {
  const remaining = orderForRecipient(rows);
  const plan: Array<{ row: T; notBefore: Date }> = [];
  let slot = nextPairSlot(lastSentAt, now, intervalMs).getTime();
  while (remaining.length > 0) {
    let index = remaining.findIndex((row) => row.notBefore.getTime() <= slot);
    if (index < 0) {
      // Nothing due yet: the slot moves to the earliest not_before, and that row's turn begins.
      slot = Math.min(...remaining.map((row) => row.notBefore.getTime()));
      index = remaining.findIndex((row) => row.notBefore.getTime() <= slot);
    }
    const [row] = remaining.splice(index, 1);
    plan.push({ row, notBefore: new Date(slot) });
    slot += intervalMs;
  }
  return plan;
}

/**
 * The shared pair gate (ADMISSION_LUA keeps `freeAt`, when the pair may send again). Granted when
 * the pair is free at `now`: the slot [now, now + interval) is taken. Not granted: `nextAt` is
 * when it frees (set `not_before`, count no attempt).
 */
export function takePairSlot(freeAt: Date | null, now: Date, intervalMs: number = DEFAULT_PAIR_INTERVAL_MS): { granted: boolean; nextAt: Date; freeAt: Date } {
  assertInterval(intervalMs);
  if (freeAt && freeAt.getTime() > now.getTime()) return { granted: false, nextAt: freeAt, freeAt };
  const next = new Date(now.getTime() + intervalMs);
  return { granted: true, nextAt: next, freeAt: next };
}

/** After 131056: the pair stays shut until at least `now + delayMs` (PAIR_PUSH_LUA). */
export function pushPairSlot(freeAt: Date | null, now: Date, delayMs: number): Date {
  assertInterval(delayMs);
  return new Date(Math.max(freeAt?.getTime() ?? 0, now.getTime() + delayMs));
}

function assertInterval(ms: number): void {
  if (!Number.isInteger(ms) || ms < 1) throw new RangeError(`pair pacing: interval must be a whole number of ms ≥ 1, got ${ms}`);
}
