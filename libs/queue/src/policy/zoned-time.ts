// Wall-clock time in an IANA zone, with Intl only (Node ships full ICU). Pure: the same inputs
// give the same outputs; formatters are cached per zone.

/** A local date and time as a clock on the wall in some zone shows it. `month` is 1–12. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when Intl knows the zone ("Asia/Jerusalem", "UTC"); false for "", "Mars/Base", "+02:00". */
export function isValidTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== 'string' || timeZone.trim() === '') return false;
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** What a wall clock in `timeZone` shows at `instant` (to the second). */
export function wallClockAt(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The wall clock read as if it were UTC, in ms: a number to compare and add to. */
export function wallClockMs(wall: WallClock): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/** The calendar day after `wall`'s day (time of day kept). */
export function nextDay(wall: WallClock): WallClock {
  const d = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + 1));
  return { ...wall, year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Local wall clock (as UTC ms) of an instant, sub-second part kept. */
function localMs(instantMs: number, timeZone: string): number {
  const whole = Math.floor(instantMs / 1000) * 1000;
  return wallClockMs(wallClockAt(new Date(whole), timeZone)) + (instantMs - whole);
}

/**
 * The instant at which a wall clock in `timeZone` shows `wall`.
 * - Ambiguous (clocks go back, the time happens twice): the first occurrence, or the second with
 *   `'later'`.
 * - Skipped (clocks go forward over it): the first instant the clock reads at or past `wall`,
 *   i.e. the transition itself (02:30 on a 02:00→03:00 night gives 03:00 new time).
 * Assumes at most one offset change within a day of `wall`, true of every zone in tzdata.
 */
export function instantAtWallClock(wall: WallClock, timeZone: string, occurrence: 'earlier' | 'later' = 'earlier'): Date {
  const target = wallClockMs(wall);
  const offsetBefore = localMs(target - DAY_MS, timeZone) - (target - DAY_MS);
  const offsetAfter = localMs(target + DAY_MS, timeZone) - (target + DAY_MS);
  const candidates = [...new Set([target - offsetBefore, target - offsetAfter])].sort((a, b) => a - b);
  const exact = candidates.filter((t) => localMs(t, timeZone) === target);
  if (exact.length > 0) return new Date(occurrence === 'earlier' ? exact[0] : exact[exact.length - 1]);

  // A gap: the clock jumps over `target`. Find the first instant whose clock reads >= target;
  // inside one forward jump the local clock only rises, so a binary search on ms is exact.
  let lo = candidates[0]; // clock still before the jump: reads < target
  let hi = candidates[candidates.length - 1]; // clock after the jump: reads > target
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (localMs(mid, timeZone) >= target) hi = mid;
    else lo = mid;
  }
  return new Date(hi);
}
