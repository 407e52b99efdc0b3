import type { AssignmentMode } from './business-hours.js';

/**
 * Who gets which waiting conversation. Pure: the caller hands in the members who may take work
 * now (available and online) with how many open conversations each holds, and the backlog oldest
 * first; the plan fills it in that order until nobody has room. PostgreSQL then applies it under a
 * lock, so two processes never plan over the same seats.
 */

export interface Seat {
  readonly staffId: string;
  /** Open conversations they hold now (on any number). */
  readonly open: number;
  /** Their last automatic assignment in this team; null: never. */
  readonly lastAssignedAt: Date | null;
}

export interface Assignment {
  readonly conversationId: string;
  readonly staffId: string;
}

/** A waiting conversation; `not` is a member it must not go to (the assignee it is being taken from). */
export interface Backlogged {
  readonly conversationId: string;
  readonly not?: string | null;
}

type Tally = { staffId: string; open: number; last: number };

/**
 * `round_robin`: the member with room who has gone longest without an assignment (never first);
 * `balanced`: the member with the fewest open conversations, then the same rotation. Ties by id,
 * so a plan is the same whoever computes it.
 */
function better(mode: Exclude<AssignmentMode, 'manual'>, a: Tally, b: Tally): boolean {
  if (mode === 'balanced' && a.open !== b.open) return a.open < b.open;
  if (a.last !== b.last) return a.last < b.last;
  return a.staffId < b.staffId;
}

export function planAssignments(mode: AssignmentMode, seats: readonly Seat[], maxOpen: number, backlog: readonly Backlogged[]): Assignment[] {
  if (mode === 'manual') return [];
  const tallies: Tally[] = seats.map((s) => ({ staffId: s.staffId, open: s.open, last: s.lastAssignedAt?.getTime() ?? -Infinity }));
  // Each assignment in the plan is later than every real one: the rotation moves on within a plan too.
  let tick = Math.max(0, ...tallies.map((t) => (Number.isFinite(t.last) ? t.last : 0))) + 1;
  const plan: Assignment[] = [];
  for (const waiting of backlog) {
    let pick: Tally | null = null;
    for (const t of tallies) if (t.open < maxOpen && t.staffId !== waiting.not && (!pick || better(mode, t, pick))) pick = t;
    if (!pick) {
      // Nobody has room: later conversations wait too (oldest first), unless only `not` made this one wait.
      if (!waiting.not) break;
      continue;
    }
    pick.open += 1;
    pick.last = tick++;
    plan.push({ conversationId: waiting.conversationId, staffId: pick.staffId });
  }
  return plan;
}
