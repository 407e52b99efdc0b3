import { TZDate } from '@date-fns/tz';
import { differenceInCalendarDays, differenceInSeconds, format } from 'date-fns';

/**
 * How times read in the inbox. Pure: every function takes `now` and the viewer's time zone, so the
 * server's render and the browser's agree and the specs pin exact words.
 */
export type Instant = Date | string | number;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** An IANA zone the runtime knows, else UTC (a stale or forged cookie must not break rendering). */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone }).format(0);
    return timeZone;
  } catch {
    return 'UTC';
  }
}

const local = (at: Instant, timeZone: string) => new TZDate(new Date(at).getTime(), safeTimeZone(timeZone));

/**
 * "just now", "4 min ago", "3 h ago", "yesterday", "3 days ago", then the date ("12 Nov",
 * "12 Nov 2025"); in the future "in 4 min", "in 3 h", "tomorrow", "in 3 days".
 */
export function relativeTime(at: Instant, now: Instant, timeZone = 'UTC'): string {
  const seconds = differenceInSeconds(new Date(now), new Date(at));
  const future = seconds < 0;
  const abs = Math.abs(seconds);
  if (abs < 45) return future ? 'in a moment' : 'just now';
  if (abs < HOUR) {
    const m = Math.max(1, Math.round(abs / MINUTE));
    return future ? `in ${m} min` : `${m} min ago`;
  }
  const days = differenceInCalendarDays(local(future ? at : now, timeZone), local(future ? now : at, timeZone));
  if (abs < 12 * HOUR || days === 0) {
    const h = Math.floor(abs / HOUR);
    return future ? `in ${h} h` : `${h} h ago`;
  }
  if (days === 1) return future ? 'tomorrow' : 'yesterday';
  if (days < 7) return future ? `in ${days} days` : `${days} days ago`;
  return calendarDate(at, now, timeZone);
}

/** Dense lists: "now", "4 min", "3 h", "Yesterday", "Tue", "12 Nov", "12 Nov 2025". */
export function compactTime(at: Instant, now: Instant, timeZone = 'UTC'): string {
  const seconds = Math.max(0, differenceInSeconds(new Date(now), new Date(at)));
  if (seconds < 45) return 'now';
  if (seconds < HOUR) return `${Math.max(1, Math.round(seconds / MINUTE))} min`;
  const days = differenceInCalendarDays(local(now, timeZone), local(at, timeZone));
  if (days === 0 || seconds < 6 * HOUR) return `${Math.floor(seconds / HOUR)} h`;
  if (days === 1) return 'Yesterday';
  if (days < 7) return format(local(at, timeZone), 'EEE');
  return calendarDate(at, now, timeZone);
}

/** "12 Nov", or "12 Nov 2025" when it is not this year. */
export function calendarDate(at: Instant, now: Instant, timeZone = 'UTC'): string {
  const then = local(at, timeZone);
  return then.getFullYear() === local(now, timeZone).getFullYear() ? format(then, 'd MMM') : format(then, 'd MMM yyyy');
}

/** The time of day a message was sent: "09:05". */
export function clockTime(at: Instant, timeZone = 'UTC'): string {
  return format(local(at, timeZone), 'HH:mm');
}

/** A thread's day separator: "Today", "Yesterday", "Tuesday 2 December", "2 December 2025". */
export function dayLabel(at: Instant, now: Instant, timeZone = 'UTC'): string {
  const then = local(at, timeZone);
  const today = local(now, timeZone);
  const days = differenceInCalendarDays(today, then);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (then.getFullYear() !== today.getFullYear()) return format(then, 'd MMMM yyyy');
  return format(then, 'EEEE d MMMM');
}

/** The same calendar day in the viewer's zone (a thread groups messages by it). */
export function dayKey(at: Instant, timeZone = 'UTC'): string {
  return format(local(at, timeZone), 'yyyy-MM-dd');
}

/** For a `title` or tooltip: "Tue 2 Dec 2026, 09:05:07 (Europe/London)". */
export function absoluteTime(at: Instant, timeZone = 'UTC'): string {
  const zone = safeTimeZone(timeZone);
  return `${format(local(at, zone), 'EEE d MMM yyyy, HH:mm:ss')} (${zone})`;
}

/** A span in words: "less than a minute", "45 min", "3 h 12 min", "1 day 4 h". */
export function durationWords(ms: number): string {
  const seconds = Math.floor(Math.max(0, ms) / 1000);
  if (seconds < MINUTE) return 'less than a minute';
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)} min`;
  if (seconds < DAY) {
    const h = Math.floor(seconds / HOUR);
    const m = Math.floor((seconds % HOUR) / MINUTE);
    return m === 0 ? `${h} h` : `${h} h ${m} min`;
  }
  const d = Math.floor(seconds / DAY);
  const h = Math.floor((seconds % DAY) / HOUR);
  const days = d === 1 ? '1 day' : `${d} days`;
  return h === 0 ? days : `${days} ${h} h`;
}

/** Milliseconds for people: "850 ms", "2.4 s", "3 min 5 s", "1 h 2 min". */
export function latencyWords(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const s = Math.round(ms / 1000);
  if (s < HOUR) return s % MINUTE === 0 ? `${s / MINUTE} min` : `${Math.floor(s / MINUTE)} min ${s % MINUTE} s`;
  return durationWords(ms);
}
