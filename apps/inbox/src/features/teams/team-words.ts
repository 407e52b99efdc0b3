import type { Team } from '@sendbook/api-contract';

const MODE_WORDS: Record<Team['assignment']['mode'], string> = { manual: 'Manual', round_robin: 'Round robin', balanced: 'Balanced' };

/** "Balanced, at most 5 open each"; manual has no cap worth saying. */
export function assignmentWords(a: Team['assignment']): string {
  return a.mode === 'manual' ? MODE_WORDS.manual : `${MODE_WORDS[a.mode]}, at most ${a.max_open} open each`;
}

/** 300 → "5 min", 5400 → "1 h 30 min", null → "none". */
export function durationWords(seconds: number | null): string {
  if (seconds === null) return 'none';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${Math.max(1, minutes)} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

export function targetsWords(t: Team['targets']): string {
  return `First ${durationWords(t.first_response_seconds)} · next ${durationWords(t.next_response_seconds)}`;
}

/** "Europe/Berlin, Mon–Fri 09:00–17:00, 2 holidays", or "Always open". */
export function hoursWords(hours: Team['business_hours']): string {
  if (!hours) return 'Always open';
  const open = Object.entries(hours.weekly).filter(([, intervals]) => intervals.length > 0);
  const days = open.length === 0 ? 'closed every day' : `${open.length} day${open.length === 1 ? '' : 's'} a week`;
  const holidays = hours.holidays.length === 0 ? '' : `, ${hours.holidays.length} holiday${hours.holidays.length === 1 ? '' : 's'}`;
  return `${hours.time_zone}, ${days}${holidays}`;
}
