import { instantAtWallClock, wallClockAt, wallClockMs } from '../policy/zoned-time.js';
import { minutesOf, WEEKDAYS, type BusinessHours } from './business-hours.js';

/**
 * Business hours as instants: response targets count only open time, out-of-office names the
 * closed period a message falls in. Pure; the time zone's rules (DST) come from Intl.
 * No hours (null) means always open.
 */

const DAY_MS = 86_400_000;
/** How far to look for the next (or previous) open stretch: a team closed longer has no hours to count. */
export const SEARCH_DAYS = 400;

export interface OpenSpan {
  readonly start: Date;
  readonly end: Date;
}

/** A closed period: from the end of the last open stretch to the start of the next (null: none within SEARCH_DAYS). */
export interface ClosedPeriod {
  readonly start: Date | null;
  readonly end: Date | null;
}

/** The wall clock in `timeZone` at `at`, as if it were UTC (so date arithmetic on it is plain). */
function wallClock(at: number, timeZone: string): number {
  return wallClockMs(wallClockAt(new Date(at), timeZone));
}

/** The instant the wall clock in `timeZone` shows `wall` (a gap in spring resolves forward, an overlap in autumn to the first). */
function instantOf(wall: number, timeZone: string): number {
  const d = new Date(wall);
  const parts = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: 0 };
  return instantAtWallClock(parts, timeZone).getTime();
}

const isoDateOf = (wallDay: number) => new Date(wallDay).toISOString().slice(0, 10);
/** Monday 0 … Sunday 6, of a wall-clock day. */
const weekdayOf = (wallDay: number) => (new Date(wallDay).getUTCDay() + 6) % 7;

/** The open stretches of one local day (its wall-clock midnight), as instants. */
function spansOfDay(hours: BusinessHours, wallDay: number): OpenSpan[] {
  if (hours.holidays.includes(isoDateOf(wallDay))) return [];
  return hours.weekly[WEEKDAYS[weekdayOf(wallDay)]!].map(([start, end]) => ({
    start: new Date(instantOf(wallDay + minutesOf(start) * 60_000, hours.time_zone)),
    end: new Date(instantOf(wallDay + minutesOf(end) * 60_000, hours.time_zone)),
  }));
}

/** Open stretches from the local day of `from` onwards (merged across midnight), lazily, up to SEARCH_DAYS. */
function* spansForward(hours: BusinessHours, from: Date): Generator<OpenSpan> {
  const firstDay = Math.floor(wallClock(from.getTime(), hours.time_zone) / DAY_MS) * DAY_MS;
  let pending: OpenSpan | null = null;
  for (let d = 0; d <= SEARCH_DAYS; d++)
    for (const span of spansOfDay(hours, firstDay + d * DAY_MS)) {
      if (pending && span.start.getTime() <= pending.end.getTime()) pending = { start: pending.start, end: span.end };
      else {
        if (pending && pending.end > from) yield pending;
        pending = span;
      }
    }
  if (pending && pending.end > from) yield pending;
}

/** Open stretches ending at or before `before`'s local day's end, latest first, up to SEARCH_DAYS back (merged across midnight). */
function* spansBackward(hours: BusinessHours, before: Date): Generator<OpenSpan> {
  const lastDay = Math.floor(wallClock(before.getTime(), hours.time_zone) / DAY_MS) * DAY_MS;
  let pending: OpenSpan | null = null;
  for (let d = 0; d <= SEARCH_DAYS; d++) {
    const day = spansOfDay(hours, lastDay - d * DAY_MS).reverse();
    for (const span of day) {
      if (pending && span.end.getTime() >= pending.start.getTime()) pending = { start: span.start, end: pending.end };
      else {
        if (pending) yield pending;
        pending = span;
      }
    }
  }
  if (pending) yield pending;
}

/** Whether the team is open at `at`. */
export function isOpenAt(hours: BusinessHours | null, at: Date): boolean {
  if (!hours) return true;
  for (const span of spansForward(hours, at)) return span.start <= at;
  return false;
}

/**
 * When `seconds` of open time have passed since `start`: the clock runs only inside business
 * hours. Null when the hours hold no such time within SEARCH_DAYS (a team that never opens).
 */
export function addBusinessSeconds(hours: BusinessHours | null, start: Date, seconds: number): Date | null {
  if (!hours) return new Date(start.getTime() + seconds * 1000);
  let left = seconds * 1000;
  for (const span of spansForward(hours, start)) {
    const from = Math.max(span.start.getTime(), start.getTime());
    const available = span.end.getTime() - from;
    if (left <= available) return new Date(from + left);
    left -= available;
  }
  return null;
}

/** Open time between two instants, in whole seconds (0 when `to` is not after `from`). */
export function businessSecondsBetween(hours: BusinessHours | null, from: Date, to: Date): number {
  if (to <= from) return 0;
  if (!hours) return Math.floor((to.getTime() - from.getTime()) / 1000);
  let ms = 0;
  for (const span of spansForward(hours, from)) {
    if (span.start >= to) break;
    ms += Math.min(span.end.getTime(), to.getTime()) - Math.max(span.start.getTime(), from.getTime());
  }
  return Math.floor(ms / 1000);
}

/**
 * The closed period `at` falls in, or null when the team is open then (or has no hours). Its
 * start names it: the out-of-office reply is sent once per conversation per closed period.
 */
export function closedPeriodAt(hours: BusinessHours | null, at: Date): ClosedPeriod | null {
  if (!hours) return null;
  let next: Date | null = null;
  for (const span of spansForward(hours, at)) {
    if (span.start <= at) return null;
    next = span.start;
    break;
  }
  let previous: Date | null = null;
  for (const span of spansBackward(hours, at))
    if (span.end <= at) {
      previous = span.end;
      break;
    }
  return { start: previous, end: next };
}
