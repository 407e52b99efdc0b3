import { instantAtWallClock, wallClockAt } from '../policy/zoned-time.js';
import { isTimeZone } from '../teams/business-hours.js';

/**
 * The period a report covers, `[since, until)`, and the time zone its days are cut in. Pure: `now`
 * and the default zone come in as arguments.
 */
export interface ReportPeriod {
  readonly since: Date;
  readonly until: Date;
  readonly timeZone: string;
}

export interface PeriodProblem {
  readonly field: 'since' | 'until' | 'time_zone';
  readonly message: string;
}

/** A report spans at most this many calendar days of its time zone (a quarter, with room for 31-day months). */
export const MAX_REPORT_DAYS = 92;
/** Without `since` and `until`: this many days, today (so far) included. */
export const DEFAULT_REPORT_DAYS = 7;

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|([+-])(\d{2}):?(\d{2}))$/;
const EXAMPLE = '2026-11-30T00:00:00+01:00';

/** An ISO 8601 time with its offset (`Z` or `±hh:mm`); null for anything else, an impossible date (30 February) included. */
export function parseInstant(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const m = ISO_TIME.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  const offsetHours = m[10] === undefined ? 0 : Number(m[10]);
  const offsetMinutes = m[11] === undefined ? 0 : Number(m[11]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 18 || offsetMinutes > 59) return null;
  const millis = m[7] ? Math.floor(Number(`0${m[7]}`) * 1000) : 0;
  const offsetMs = (m[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMs);
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The calendar date (`YYYY-MM-DD`) a wall clock in `timeZone` shows at `instant`. */
export function localDate(instant: Date, timeZone: string): string {
  const wall = wallClockAt(instant, timeZone);
  return isoDate(Date.UTC(wall.year, wall.month - 1, wall.day));
}

const isoDate = (utcMidnightMs: number) => new Date(utcMidnightMs).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return isoDate(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);
}

/** The instant a local day begins in `timeZone` (where midnight is skipped, the first instant of that day). */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return instantAtWallClock({ year, month, day, hour: 0, minute: 0, second: 0 }, timeZone);
}

/** Every local date `[since, until)` touches in `timeZone`, oldest first: the days of a report. */
export function periodDates(period: ReportPeriod): string[] {
  const first = localDate(period.since, period.timeZone);
  const last = localDate(new Date(period.until.getTime() - 1), period.timeZone);
  const dates: string[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/**
 * A report's period from its query (`since`, `until`, `time_zone`) as of `now`: both times or
 * neither (then the last 7 days: from midnight six days ago in the zone until now), `until` after
 * `since`, at most 92 days of the zone. Each problem names its field.
 */
export function parseReportPeriod(
  query: { readonly since?: unknown; readonly until?: unknown; readonly time_zone?: unknown },
  now: Date,
  defaultTimeZone: string,
): { ok: true; period: ReportPeriod } | { ok: false; problems: PeriodProblem[] } {
  const problems: PeriodProblem[] = [];
  const given = (v: unknown) => v !== undefined && v !== '';
  let timeZone = defaultTimeZone;
  if (given(query.time_zone)) {
    if (isTimeZone(query.time_zone)) timeZone = query.time_zone;
    else problems.push({ field: 'time_zone', message: 'must be an IANA time zone name, e.g. Europe/Berlin' });
  }
  if (!given(query.since) && !given(query.until)) {
    if (problems.length > 0) return { ok: false, problems };
    const today = localDate(now, timeZone);
    return { ok: true, period: { since: startOfLocalDay(addDays(today, 1 - DEFAULT_REPORT_DAYS), timeZone), until: now, timeZone } };
  }
  const times = { since: null as Date | null, until: null as Date | null };
  for (const field of ['since', 'until'] as const) {
    const other = field === 'since' ? 'until' : 'since';
    if (!given(query[field])) {
      problems.push({ field, message: `goes with ${other}: give both, or neither for the last ${DEFAULT_REPORT_DAYS} days` });
      continue;
    }
    times[field] = parseInstant(query[field]);
    if (!times[field]) problems.push({ field, message: `must be an ISO 8601 time with its offset, e.g. ${EXAMPLE}` });
  }
  const { since, until } = times;
  if (problems.length === 0 && since && until) {
    if (until.getTime() <= since.getTime()) problems.push({ field: 'until', message: 'must be after since' });
    else if (periodDates({ since, until, timeZone }).length > MAX_REPORT_DAYS)
      problems.push({ field: 'until', message: `must be at most ${MAX_REPORT_DAYS} days (of ${timeZone}) after since` });
  }
  if (problems.length > 0 || !since || !until) return { ok: false, problems };
  return { ok: true, period: { since, until, timeZone } };
}
