import type { AssignmentMode, BusinessHours } from './business-hours.js';
import { addBusinessSeconds, closedPeriodAt } from './business-time.js';

/**
 * What a customer's message changes in a thread's bookkeeping: from when they wait for a reply
 * (and against which target), whether it joins the backlog of automatic assignment, and whether an
 * out-of-office reply is owed. Pure; the caller locks the thread and writes what this returns.
 */

export type WaitingFor = 'first_response' | 'next_response';

export interface ThreadWait {
  readonly id: string;
  readonly assignee: string | null;
  readonly waitingSince: Date | null;
  readonly openedAt: Date;
  readonly lastReplyAt: Date | null;
  readonly needsAssigneeSince: Date | null;
}

export interface TeamRules {
  readonly assignmentMode: AssignmentMode;
  readonly firstResponseSeconds: number | null;
  readonly nextResponseSeconds: number | null;
  readonly businessHours: BusinessHours | null;
  readonly outOfOfficeText: string | null;
}

export interface CustomerWaitChange {
  /** Set when the customer starts waiting now; absent when they were waiting already (the first message counts). */
  readonly waiting?: { readonly since: Date; readonly for: WaitingFor; readonly dueAt: Date | null };
  /** Joins the backlog now (unassigned, its team assigns automatically). */
  readonly needsAssigneeSince?: Date;
  /** The dedupe key of the out-of-office reply owed: one per conversation per closed period. */
  readonly outOfOfficeKey?: string;
}

/** A reply since the thread (re)opened makes the next wait a `next_response`. */
export function waitingFor(thread: Pick<ThreadWait, 'openedAt' | 'lastReplyAt'>): WaitingFor {
  return thread.lastReplyAt && thread.lastReplyAt >= thread.openedAt ? 'next_response' : 'first_response';
}

export function outOfOfficeKey(conversationId: string, periodStart: Date | null): string {
  return `out-of-office:${conversationId}:${periodStart ? periodStart.toISOString() : 'never-open'}`;
}

export function customerWrote(thread: ThreadWait, team: TeamRules | null, now: Date): CustomerWaitChange {
  const change: { -readonly [K in keyof CustomerWaitChange]: CustomerWaitChange[K] } = {};
  if (thread.waitingSince === null) {
    const kind = waitingFor(thread);
    const target = kind === 'first_response' ? team?.firstResponseSeconds : team?.nextResponseSeconds;
    change.waiting = { since: now, for: kind, dueAt: target ? addBusinessSeconds(team!.businessHours, now, target) : null };
  }
  if (team && team.assignmentMode !== 'manual' && thread.assignee === null && thread.needsAssigneeSince === null) change.needsAssigneeSince = now;
  if (team?.outOfOfficeText && team.businessHours) {
    const closed = closedPeriodAt(team.businessHours, now);
    if (closed) change.outOfOfficeKey = outOfOfficeKey(thread.id, closed.start);
  }
  return change;
}
