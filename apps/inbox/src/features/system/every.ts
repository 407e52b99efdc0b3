/** An interval in the words an admin reads: "every 5 s", "every 1 h", "on demand". */
export function everyWords(ms: number | null): string {
  if (ms === null) return 'on demand';
  if (ms % 3_600_000 === 0) return `every ${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `every ${ms / 60_000} min`;
  if (ms % 1_000 === 0) return `every ${ms / 1_000} s`;
  return `every ${ms} ms`;
}

/**
 * Whether a periodic task looks stalled: its latest run started more than three intervals ago
 * (a process that should run it is down, or a run hangs). On-demand tasks never are.
 */
export function looksStalled(everyMs: number | null, lastStartedAt: string | null, now: number): boolean {
  if (everyMs === null || lastStartedAt === null) return false;
  return now - Date.parse(lastStartedAt) > 3 * everyMs + 5_000;
}
