/**
 * A team's business hours: a weekly schedule in the team's time zone, each weekday a list of
 * `[start, end)` intervals as "HH:MM" ("24:00" ends a day), and holidays as ISO dates (closed all
 * day). No hours at all means always open. Pure: response targets and out-of-office read the
 * normalised form this returns.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const ASSIGNMENT_MODES = ['manual', 'round_robin', 'balanced'] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];

/** One open stretch of a day, `[start, end)`. */
export type Interval = readonly [start: string, end: string];

export interface BusinessHours {
  readonly time_zone: string;
  /** Every weekday, an empty list when closed; intervals sorted, apart (touching ones merged). */
  readonly weekly: Readonly<Record<Weekday, readonly Interval[]>>;
  /** Distinct, sorted ISO dates (YYYY-MM-DD) closed all day. */
  readonly holidays: readonly string[];
}

export interface HoursProblem {
  readonly field: string;
  readonly message: string;
}

export const MAX_INTERVALS_PER_DAY = 6;
export const MAX_HOLIDAYS = 366;

const HH_MM = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An IANA time zone name the runtime knows (`Europe/Berlin`, `UTC`); not an offset such as `+02:00`. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone !== '';
  } catch {
    return false;
  }
}

/** Minutes since midnight of an "HH:MM" ("24:00" is 1440). */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
}

function hhmmOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks business hours as given in a request and returns them normalised, or every problem, each
 * naming its field from `path` (`business_hours.weekly.mon[0]`, indexes as the caller wrote them).
 * Refused: an unknown time zone, an unknown weekday, a time that is not "HH:MM", an interval that
 * ends before it starts, intervals of one day that overlap, a holiday that is not a real date.
 */
export function normaliseBusinessHours(input: unknown, path = 'business_hours'): { ok: true; value: BusinessHours } | { ok: false; problems: HoursProblem[] } {
  const problems: HoursProblem[] = [];
  const problem = (field: string, message: string) => problems.push({ field, message });
  if (!isRecord(input)) return { ok: false, problems: [{ field: path, message: 'must be an object with time_zone, weekly and holidays' }] };

  for (const key of Object.keys(input))
    if (!['time_zone', 'weekly', 'holidays'].includes(key)) problem(`${path}.${key}`, 'is not a field of business hours (time_zone, weekly, holidays)');

  if (!isTimeZone(input.time_zone)) problem(`${path}.time_zone`, 'must be an IANA time zone such as Europe/Berlin');

  const weekly = {} as Record<Weekday, Interval[]>;
  for (const day of WEEKDAYS) weekly[day] = [];
  const givenWeekly = input.weekly ?? {};
  if (!isRecord(givenWeekly)) problem(`${path}.weekly`, `must be an object keyed by weekday (${WEEKDAYS.join(', ')})`);
  else
    for (const [day, intervals] of Object.entries(givenWeekly)) {
      const dayPath = `${path}.weekly.${day}`;
      if (!(WEEKDAYS as readonly string[]).includes(day)) {
        problem(dayPath, `is not a weekday (${WEEKDAYS.join(', ')})`);
        continue;
      }
      if (!Array.isArray(intervals)) {
        problem(dayPath, 'must be a list of [start, end] intervals');
        continue;
      }
      if (intervals.length > MAX_INTERVALS_PER_DAY) problem(dayPath, `must have at most ${MAX_INTERVALS_PER_DAY} intervals`);
      const valid: { start: number; end: number; index: number }[] = [];
      intervals.forEach((interval: unknown, index) => {
        const field = `${dayPath}[${index}]`;
        if (!Array.isArray(interval) || interval.length !== 2 || typeof interval[0] !== 'string' || typeof interval[1] !== 'string')
          return problem(field, 'must be ["HH:MM", "HH:MM"]');
        const [start, end] = interval as [string, string];
        if (!HH_MM.test(start) || start === '24:00') return problem(field, `start ${JSON.stringify(start)} is not a time of day "HH:MM" (00:00 to 23:59)`);
        if (!HH_MM.test(end)) return problem(field, `end ${JSON.stringify(end)} is not a time "HH:MM" (00:01 to 24:00)`);
        if (minutesOf(end) <= minutesOf(start)) return problem(field, `ends (${end}) before or when it starts (${start}); an interval stays within one day`);
        valid.push({ start: minutesOf(start), end: minutesOf(end), index });
      });
      valid.sort((a, b) => a.start - b.start || a.end - b.end);
      const merged: { start: number; end: number }[] = [];
      for (let i = 0; i < valid.length; i++) {
        const current = valid[i]!;
        const last = merged[merged.length - 1];
        if (last && current.start < last.end) {
          problem(`${dayPath}[${current.index}]`, `overlaps ${dayPath}[${valid[i - 1]!.index}]`);
          continue;
        }
        if (last && current.start === last.end) last.end = current.end;
        else merged.push({ start: current.start, end: current.end });
      }
      weekly[day as Weekday] = merged.map((m) => [hhmmOf(m.start), hhmmOf(m.end)] as const);
    }

  const holidays = new Set<string>();
  const givenHolidays = input.holidays ?? [];
  if (!Array.isArray(givenHolidays)) problem(`${path}.holidays`, 'must be a list of dates YYYY-MM-DD');
  else {
    if (givenHolidays.length > MAX_HOLIDAYS) problem(`${path}.holidays`, `must have at most ${MAX_HOLIDAYS} dates`);
    givenHolidays.forEach((date: unknown, index) => {
      if (isIsoDate(date)) holidays.add(date);
      else problem(`${path}.holidays[${index}]`, `${JSON.stringify(date)} is not a date YYYY-MM-DD`);
    });
  }

  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { time_zone: input.time_zone as string, weekly, holidays: [...holidays].sort() } };
}
