import type { Conversation } from '@sendbook/api-contract';
import { clockTime, type Instant } from './time';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A span as a countdown or a wait reads in a tight spot: "38s", "4m 12s" (or "4m" without seconds),
 * "3h 5m", "2d 4h". Rounded down: a target is never said to be further away than it is.
 */
export function compactDuration(ms: number, { seconds = false }: { seconds?: boolean } = {}): string {
  const total = Math.floor(Math.max(0, ms) / 1000);
  if (total < MINUTE) return `${total}s`;
  if (total < HOUR) {
    const m = Math.floor(total / MINUTE);
    const s = total % MINUTE;
    return seconds && s > 0 ? `${m}m ${s}s` : `${m}m`;
  }
  if (total < DAY) {
    const h = Math.floor(total / HOUR);
    const m = Math.floor((total % HOUR) / MINUTE);
    return m === 0 ? `${h}h` : `${h}h ${m}m`;
  }
  const d = Math.floor(total / DAY);
  const h = Math.floor((total % DAY) / HOUR);
  return h === 0 ? `${d}d` : `${d}d ${h}h`;
}

export interface ResponseTargetDisplay {
  /** "First response due in 4m 12s", "Reply due in 38s", "Waiting 3m past target", "Customer waiting 5m". */
  readonly text: string;
  /** The element's accessible name: starts with "Response target". */
  readonly label: string;
  /** A tooltip: since when the customer waits, and the target. */
  readonly detail: string;
  /**
   * What a screen reader is told when it changes: the same for the whole of each state ("First
   * response due at 14:35", "The first-response target passed at 14:35"), so a ticking countdown is
   * not read out every second.
   */
  readonly announcement: string;
  /** upcoming: before the target; soon: its last minute; passed: breached or due; untimed: waiting, no target. */
  readonly state: 'upcoming' | 'soon' | 'passed' | 'untimed';
  readonly tone: 'neutral' | 'warning' | 'danger' | 'muted';
  /** The text shows seconds: redraw every second (else every few seconds is enough). */
  readonly everySecond: boolean;
}

/** The last minute before a target: said in a warning tone. */
export const TARGET_SOON_MS = 60_000;

/**
 * Where a waiting customer stands against the team's response target, from `response` against
 * `now` (so a page left open turns "due in 5s" into "past target" without waiting for the server's
 * breach check). Null when nobody is waiting for a reply.
 */
export function describeResponseTarget(conversation: Pick<Conversation, 'response' | 'state'>, now: Instant, timeZone = 'UTC'): ResponseTargetDisplay | null {
  const response = conversation.response;
  if (!response || conversation.state === 'closed') return null;
  const at = new Date(now).getTime();
  const waited = at - Date.parse(response.waiting_since);
  const first = response.waiting_for === 'first_response';
  const what = first ? 'First response' : 'Reply';
  const since = `Customer waiting ${compactDuration(waited)} for ${first ? 'a first response' : 'a reply'}`;
  const due = response.due_at ? Date.parse(response.due_at) : null;
  if (response.breached_at || (due !== null && due <= at)) {
    // From the target itself; from the breach when our clock has not reached the target yet (or none is kept).
    const passedAt = due !== null && due <= at ? due : Date.parse(response.breached_at!);
    const past = at - passedAt;
    const text = `Waiting ${compactDuration(past)} past target`;
    const target = first ? 'first-response' : 'reply';
    return {
      text,
      label: `Response target: ${text}`,
      detail: `${since}; the ${target} target passed`,
      announcement: `The ${target} target passed at ${clockTime(passedAt, timeZone)}`,
      state: 'passed',
      tone: 'danger',
      everySecond: past < MINUTE * 1000,
    };
  }
  if (due === null) {
    const text = `Customer waiting ${compactDuration(waited)}`;
    return {
      text,
      label: `Response target: none; ${text.toLowerCase()}`,
      detail: `${since}; the team has no target for it`,
      announcement: `Customer waiting since ${clockTime(response.waiting_since, timeZone)}; no target`,
      state: 'untimed',
      tone: 'muted',
      everySecond: waited < MINUTE * 1000,
    };
  }
  const left = due - at;
  const text = `${what} due in ${compactDuration(left, { seconds: true })}`;
  const soon = left <= TARGET_SOON_MS;
  return {
    text,
    label: `Response target: ${text}`,
    detail: since,
    announcement: soon ? `${what} due within a minute` : `${what} due at ${clockTime(due, timeZone)}`,
    state: soon ? 'soon' : 'upcoming',
    tone: soon ? 'warning' : 'neutral',
    everySecond: left < HOUR * 1000,
  };
}

/** "Waiting for an agent with room" while automatic assignment finds nobody; null otherwise. */
export function awaitingAssignmentWords(conversation: Pick<Conversation, 'awaiting_assignment_since' | 'assignee' | 'state'>, now: Instant): string | null {
  if (!conversation.awaiting_assignment_since || conversation.assignee || conversation.state === 'closed') return null;
  const waited = new Date(now).getTime() - Date.parse(conversation.awaiting_assignment_since);
  return waited >= MINUTE * 1000 ? `Waiting ${compactDuration(waited)} for an agent with room` : 'Waiting for an agent with room';
}

/** "First response" / "Reply": which target a wait is measured against. */
export function waitingForWords(waitingFor: 'first_response' | 'next_response' | null): string {
  return waitingFor === 'first_response' ? 'First response' : waitingFor === 'next_response' ? 'Reply' : 'Response';
}
