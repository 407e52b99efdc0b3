/**
 * The period of an export: rows with `since <= created_at < until`. Both are ISO 8601 times with
 * their offset (`Z` or `+02:00`): a time without one would be read in whatever zone the server
 * runs in, so it is refused rather than guessed.
 */
export interface ExportPeriod {
  /** As given (validated): PostgreSQL reads it to the microsecond, where a JS Date keeps milliseconds. */
  readonly since: string;
  readonly until: string;
}

export interface FieldProblem {
  readonly field: string;
  readonly message: string;
}

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The period asked for, or each field's problem (`since`, `until`), as a 400 names them. */
export function parseExportPeriod(since: unknown, until: unknown): { ok: true; period: ExportPeriod } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const at = (field: string, value: unknown): number | null => {
    if (value === undefined || value === null || value === '') {
      problems.push({ field, message: 'is required: an ISO 8601 time with its offset, e.g. 2026-01-01T00:00:00Z' });
      return null;
    }
    if (typeof value !== 'string' || !ISO_WITH_OFFSET.test(value)) {
      problems.push({ field, message: 'must be an ISO 8601 time with its offset, e.g. 2026-01-01T00:00:00Z or 2026-01-01T02:00:00+02:00' });
      return null;
    }
    const ms = Date.parse(value);
    if (Number.isNaN(ms) || !realCalendarTime(value)) {
      problems.push({ field, message: 'is not a real time' });
      return null;
    }
    return ms;
  };
  const from = at('since', since);
  const to = at('until', until);
  if (from !== null && to !== null && !(to > from || (to === from && subMillisecondAfter(since as string, until as string)))) {
    problems.push({ field: 'until', message: 'must be after since' });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, period: { since: since as string, until: until as string } };
}

/** Date.parse rolls 2026-02-30 over into March; a calendar date that does not exist is refused instead. */
function realCalendarTime(value: string): boolean {
  const [, y, m, d, hh, mm, ss] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value)!;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return (
    date.getUTCFullYear() === Number(y) &&
    date.getUTCMonth() === Number(m) - 1 &&
    date.getUTCDate() === Number(d) &&
    Number(hh) < 24 &&
    Number(mm) < 60 &&
    Number(ss ?? 0) < 60
  );
}

/** Within one millisecond, the digits beyond it decide (2026-…00.0001Z is after 2026-…00.0000Z). */
function subMillisecondAfter(since: string, until: string): boolean {
  const micros = (v: string) => Number((/\.(\d{1,6})/.exec(v)?.[1] ?? '').padEnd(6, '0').slice(3));
  return micros(until) > micros(since);
}

/** A file name for the period: its UTC ends, compact and safe on every file system. */
export function exportFileName(kind: string, period: ExportPeriod, extension: string): string {
  const stamp = (v: string) =>
    new Date(v)
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z')
      .replace(/[-:]/g, '');
  return `${kind}-${stamp(period.since)}-${stamp(period.until)}.${extension}`;
}
