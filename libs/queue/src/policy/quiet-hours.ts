import { instantAtWallClock, nextDay, wallClockAt, type WallClock } from './zoned-time.js';

/**
 * Quiet hours of one purpose, in the recipient's local time: "HH:MM" 24-hour clock, `start`
 * inclusive, `end` exclusive. `start > end` spans midnight (21:00–08:00); `start === end` is an
 * empty window. `exempt` purposes (transactional) ignore the window.
 */
export interface QuietWindow {
  start: string;
  end: string;
  exempt?: boolean;
}

/** Configuration: `{ marketing: { start: '21:00', end: '08:00' }, otp: { start: '00:00', end: '00:00', exempt: true } }`. */
export type QuietHoursConfig = Readonly<Record<string, QuietWindow>>;

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "21:00" → 1260 minutes after midnight; throws RangeError on anything else (validate config at boot). */
export function parseClock(value: string): number {
  const match = CLOCK.exec(value);
  if (!match) throw new RangeError(`quiet hours: "${value}" is not a HH:MM time (00:00–23:59)`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The window that applies to `purpose`, or null when none is configured or the purpose is exempt. */
export function quietWindowFor(config: QuietHoursConfig, purpose: string): QuietWindow | null {
  const window = Object.hasOwn(config, purpose) ? config[purpose] : undefined;
  return window && !window.exempt ? window : null;
}

/**
 * `notBefore` moved to the end of the quiet period it falls in (the first instant the recipient's
 * clock reads `end`), or unchanged when it is outside the window, the window is empty, missing
 * or exempt. Across midnight: 23:00 → 08:00 the next day, 01:00 → 08:00 the same day. DST: an
 * `end` the clock skips resolves to the jump; one it shows twice to the first showing after
 * `notBefore`.
 */
export function applyQuietHours(notBefore: Date, timeZone: string, window: QuietWindow | null): Date {
  return quietEnd(notBefore, timeZone, window) ?? notBefore;
}

function quietEnd(instant: Date, timeZone: string, window: QuietWindow | null): Date | null {
  if (!window || window.exempt) return null;
  const start = parseClock(window.start) * 60;
  const end = parseClock(window.end) * 60;
  if (start === end) return null;

  const wall = wallClockAt(instant, timeZone);
  const subSecond = (((instant.getTime() % 1000) + 1000) % 1000) / 1000;
  const secondOfDay = wall.hour * 3600 + wall.minute * 60 + wall.second + subSecond;
  const overnight = start > end;
  const quiet = overnight ? secondOfDay >= start || secondOfDay < end : secondOfDay >= start && secondOfDay < end;
  if (!quiet) return null;

  const endDay = overnight && secondOfDay >= start ? nextDay(wall) : wall;
  const endWall: WallClock = { ...endDay, hour: Math.floor(end / 3600), minute: (end % 3600) / 60, second: 0 };
  const first = instantAtWallClock(endWall, timeZone, 'earlier');
  if (first.getTime() > instant.getTime()) return first;
  // Clocks went back and `instant` sits in the repeated hour, after the first showing of `end`.
  const repeat = instantAtWallClock(endWall, timeZone, 'later');
  return repeat.getTime() > instant.getTime() ? repeat : instant;
}
