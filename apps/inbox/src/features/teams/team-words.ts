import type { Team } from '@sendbook/api-contract';

const MODE_WORDS: Record<Team['assignment']['mode'], string> = { manual: 'Manual', round_robin: 'Round robin', balanced: 'Balanced' };

/** "Balanced, at most 5 open each", then ", reassigned after 15 min" when a silent assignee loses the thread; manual has no cap worth saying. */
export function assignmentWords(a: Team['assignment']): string {
  const mode = a.mode === 'manual' ? MODE_WORDS.manual : `${MODE_WORDS[a.mode]}, at most ${a.max_open} open each`;
  return a.reassign_after_minutes ? `${mode}, reassigned after ${durationWords(a.reassign_after_minutes * 60)} silent` : mode;
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

/** "Out-of-office reply" when one is set: said beside the hours it is sent outside of. */
export function outOfOfficeWords(team: Pick<Team, 'out_of_office' | 'business_hours'>): string | null {
  if (!team.out_of_office) return null;
  return team.business_hours ? 'Out-of-office reply' : 'Out-of-office reply (never sent: no business hours)';
}

/** "Europe/Berlin, 5 days a week, 2 holidays", or "Always open". */
export function hoursWords(hours: Team['business_hours']): string {
  if (!hours) return 'Always open';
  const open = Object.entries(hours.weekly).filter(([, intervals]) => intervals.length > 0);
  const days = open.length === 0 ? 'closed every day' : `${open.length} day${open.length === 1 ? '' : 's'} a week`;
  const holidays = hours.holidays.length === 0 ? '' : `, ${hours.holidays.length} holiday${hours.holidays.length === 1 ? '' : 's'}`;
  return `${hours.time_zone}, ${days}${holidays}`;
}
