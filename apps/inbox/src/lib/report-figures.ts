import { TZDate } from '@date-fns/tz';
import type { AgentReport, ReportDayFigures, ReportFigures, TeamReport } from '@sendbook/api-contract';
import { format } from 'date-fns';

/**
 * The reports page as plain data: what the URL asks for (Agents or Teams, a period), the period
 * as the API's `since`/`until` in the viewer's zone, rows with their names, durations in words,
 * and the chart's lines and summary. The components only draw.
 */
export type ReportView = 'agents' | 'teams';
export type ReportPeriod = { readonly kind: 'last'; readonly days: 7 | 30 } | { readonly kind: 'custom'; readonly from: string; readonly to: string };
export interface ReportSelection {
  readonly view: ReportView;
  readonly period: ReportPeriod;
}

/** The API's limit (`GET /v1/reports/*`): a period of at most this many days. */
export const MAX_REPORT_DAYS = 92;

export const PERIOD_PRESETS = [
  { key: '7d', days: 7, label: 'Last 7 days' },
  { key: '30d', days: 30, label: 'Last 30 days' },
] as const;

export const DEFAULT_SELECTION: ReportSelection = { view: 'agents', period: { kind: 'last', days: 7 } };

type Search = Readonly<Record<string, string | string[] | undefined>>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date `YYYY-MM-DD` (not 30 February). */
export function isDate(value: string | undefined | null): value is string {
  const m = value ? ISO_DATE.exec(value) : null;
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** Calendar days from `from` to `to`, both counted (1 for one day; 0 or less when `to` is before `from`). */
export function daysInclusive(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** What is wrong with a custom period, in words; null when it is one the API takes. */
export function customPeriodProblem(from: string, to: string): string | null {
  if (!isDate(from) || !isDate(to)) return 'Choose both days.';
  const days = daysInclusive(from, to);
  if (days < 1) return 'The last day comes before the first.';
  if (days > MAX_REPORT_DAYS) return `A report covers at most ${MAX_REPORT_DAYS} days; this is ${days}.`;
  return null;
}

/**
 * The report the URL asks for: `?view=teams`, `?period=30d`, or `?from=2026-03-01&to=2026-03-31`
 * (days in the viewer's zone, both included). Anything else is the default (Agents, last 7 days),
 * with the reason when a custom period was refused.
 */
export function reportSelection(search: Search): { selection: ReportSelection; problem: string | null } {
  const view: ReportView = first(search.view) === 'teams' ? 'teams' : 'agents';
  const from = first(search.from);
  const to = first(search.to);
  if (from !== undefined || to !== undefined) {
    const problem = customPeriodProblem(from ?? '', to ?? '');
    if (!problem) return { selection: { view, period: { kind: 'custom', from: from!, to: to! } }, problem: null };
    return { selection: { view, period: DEFAULT_SELECTION.period }, problem: `That period cannot be shown: ${problem}` };
  }
  const preset = PERIOD_PRESETS.find((p) => p.key === first(search.period));
  return { selection: { view, period: { kind: 'last', days: preset?.days ?? 7 } }, problem: null };
}

/** The page's URL for a selection (the default is plain `/reports`). */
export function reportHref(selection: ReportSelection): string {
  const params = new URLSearchParams();
  if (selection.view === 'teams') params.set('view', 'teams');
  if (selection.period.kind === 'custom') {
    params.set('from', selection.period.from);
    params.set('to', selection.period.to);
  } else if (selection.period.days !== 7) params.set('period', `${selection.period.days}d`);
  const query = params.toString();
  return query ? `/reports?${query}` : '/reports';
}

/** A stable key for a selection (query keys, React keys). */
export function selectionKey(selection: ReportSelection): string {
  const p = selection.period;
  return `${selection.view}:${p.kind === 'last' ? `${p.days}d` : `${p.from}..${p.to}`}`;
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The calendar date in `timeZone` at `at` (ms). */
export function localDate(at: number, timeZone: string): string {
  return format(new TZDate(at, timeZone), 'yyyy-MM-dd');
}

/** The instant a local day begins in `timeZone` (where midnight is skipped, the first instant of that day). */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, timeZone).getTime());
}

/** The API's query for a selection, days in `timeZone`: the last N days from midnight N−1 days ago until now, or whole days. */
export function reportQuery(period: ReportPeriod, now: number, timeZone: string): { since: string; until: string; time_zone: string } {
  if (period.kind === 'custom')
    return {
      since: startOfLocalDay(period.from, timeZone).toISOString(),
      until: startOfLocalDay(addDays(period.to, 1), timeZone).toISOString(),
      time_zone: timeZone,
    };
  const today = localDate(now, timeZone);
  return { since: startOfLocalDay(addDays(today, 1 - period.days), timeZone).toISOString(), until: new Date(now).toISOString(), time_zone: timeZone };
}

/** "Last 7 days", or "3 Mar – 9 Mar 2026". */
export function periodWords(period: ReportPeriod): string {
  if (period.kind === 'last') return `Last ${period.days} days`;
  return period.from === period.to ? dayWords(period.from, true) : `${dayWords(period.from, false)} – ${dayWords(period.to, true)}`;
}

const asLocal = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

/** A report's day: "Tue 3 Mar", with the year when asked ("Tue 3 Mar 2026"). */
export function dayWords(date: string, withYear = false): string {
  return format(asLocal(date), withYear ? 'EEE d MMM yyyy' : 'EEE d MMM');
}

/** A short day for a chart's axis: "3 Mar". */
export function shortDay(date: string): string {
  return format(asLocal(date), 'd MMM');
}

/** Seconds as people read a wait: "45s", "4m 10s", "2h 5m", "1d 4h"; "—" without samples. */
export function secondsWords(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  const s = Math.max(0, Math.round(seconds));
  const two = (a: number, unitA: string, b: number, unitB: string) => (b === 0 ? `${a}${unitA}` : `${a}${unitA} ${b}${unitB}`);
  if (s < 60) return `${s}s`;
  if (s < 3_600) return two(Math.floor(s / 60), 'm', s % 60, 's');
  if (s < 86_400) return two(Math.floor(s / 3_600), 'h', Math.floor((s % 3_600) / 60), 'm');
  return two(Math.floor(s / 86_400), 'd', Math.floor((s % 86_400) / 3_600), 'h');
}

/** The same as an ISO 8601 duration, for `<time dateTime>`: "PT4M10S". */
export function isoDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3_600);
  const m = Math.floor((s % 3_600) / 60);
  const rest = s % 60;
  const time = `${h ? `${h}H` : ''}${m ? `${m}M` : ''}${rest || (!d && !h && !m) ? `${rest}S` : ''}`;
  return `P${d ? `${d}D` : ''}${time ? `T${time}` : ''}`;
}

/** A report's row with its name: the agent or team, or the row of nobody. */
export interface NamedRow {
  readonly key: string;
  readonly name: string;
  /** The Unassigned or No team row. */
  readonly nobody: boolean;
  readonly total: ReportFigures;
  readonly days: readonly ReportDayFigures[];
}

export const NOBODY: Record<ReportView, string> = { agents: 'Unassigned', teams: 'No team' };

export function namedRows(report: AgentReport | TeamReport, view: ReportView): NamedRow[] {
  return report.rows.map((row) => {
    const who = 'agent' in row ? row.agent : 'team' in row ? row.team : null;
    return { key: who?.id ?? 'nobody', name: who?.name ?? NOBODY[view], nobody: who === null, total: row.total, days: row.days };
  });
}

/** Nothing happened in the period: nothing handled, sent or missed. */
export function isEmptyReport(report: AgentReport | TeamReport): boolean {
  const t = report.overall.total;
  return t.handled === 0 && t.replies_sent === 0 && t.breaches === 0;
}

/** The columns of the table and the day breakdown, in order. */
export const FIGURE_COLUMNS = [
  { key: 'handled', label: 'Handled', kind: 'count' },
  { key: 'replies_sent', label: 'Replies sent', kind: 'count' },
  { key: 'first_response_median_seconds', label: 'First response median', kind: 'duration' },
  { key: 'first_response_p90_seconds', label: 'First response p90', kind: 'duration' },
  { key: 'next_response_p90_seconds', label: 'Next response p90', kind: 'duration' },
  { key: 'resolution_median_seconds', label: 'Resolution median', kind: 'duration' },
  { key: 'breaches', label: 'Breaches', kind: 'count' },
] as const satisfies readonly { key: keyof ReportFigures; label: string; kind: 'count' | 'duration' }[];

export const CHART_METRICS = [
  { key: 'handled', label: 'Handled', title: 'Conversations handled per day', unit: 'conversations', duration: false },
  { key: 'replies_sent', label: 'Replies', title: 'Replies sent per day', unit: 'replies', duration: false },
  { key: 'breaches', label: 'Breaches', title: 'Response targets missed per day', unit: 'breaches', duration: false },
  { key: 'first_response_median_seconds', label: 'First response', title: 'First response median per day', unit: 'minutes', duration: true },
] as const satisfies readonly { key: keyof ReportFigures; label: string; title: string; unit: string; duration: boolean }[];
export type ChartMetric = (typeof CHART_METRICS)[number]['key'];

export interface ReportChart {
  readonly metric: (typeof CHART_METRICS)[number];
  readonly dates: readonly string[];
  /** One line per row drawn, values in the metric's own unit (seconds for durations). */
  readonly lines: readonly { readonly name: string; readonly values: readonly (number | null)[]; readonly total: number | null }[];
  /** Rows left out of the chart (all of them are in the table). */
  readonly hidden: number;
}

/** Lines for at most `max` rows: the busiest by the metric's total (counts), or by replies sent (durations). */
export function reportChart(rows: readonly NamedRow[], dates: readonly string[], metricKey: ChartMetric, max = 6): ReportChart {
  const metric = CHART_METRICS.find((m) => m.key === metricKey) ?? CHART_METRICS[0];
  const weight = (r: NamedRow) => (metric.duration ? r.total.replies_sent : (r.total[metric.key] ?? 0));
  const drawn = rows
    .filter((r) => r.days.some((d) => (metric.duration ? d[metric.key] !== null : (d[metric.key] ?? 0) > 0)))
    .sort((a, b) => weight(b) - weight(a))
    .slice(0, max);
  const order = new Map(rows.map((r, i) => [r.key, i]));
  drawn.sort((a, b) => order.get(a.key)! - order.get(b.key)!);
  return {
    metric,
    dates,
    lines: drawn.map((r) => ({ name: r.name, values: r.days.map((d) => d[metric.key]), total: r.total[metric.key] })),
    hidden: rows.filter((r) => r.days.some((d) => (metric.duration ? d[metric.key] !== null : (d[metric.key] ?? 0) > 0))).length - drawn.length,
  };
}

/**
 * The chart in words, for those who cannot see it (its title says what it shows): the days, each
 * line's total and the highest day. "Tue 3 Mar – Mon 9 Mar: Ana Agent 5, Ben Agent 3 in all. Most
 * in a day: Ana Agent, 3 on Thu 5 Mar."
 */
export function chartSummary(chart: ReportChart): string {
  const { metric, dates } = chart;
  const span = dates.length === 0 ? 'No days' : dates.length === 1 ? dayWords(dates[0]!) : `${dayWords(dates[0]!)} – ${dayWords(dates[dates.length - 1]!)}`;
  if (chart.lines.length === 0) return `${span}: nothing in this period.`;
  const value = (v: number | null) => (metric.duration ? secondsWords(v) : String(v ?? 0));
  const totals = chart.lines.map((l) => `${l.name} ${value(l.total)}`).join(', ');
  let peak: { name: string; date: string; value: number } | null = null;
  for (const line of chart.lines)
    line.values.forEach((v, i) => {
      if (v !== null && (!peak || v > peak.value)) peak = { name: line.name, date: dates[i]!, value: v };
    });
  const top = peak as { name: string; date: string; value: number } | null;
  const more = chart.hidden > 0 ? ` ${chart.hidden} more in the table.` : '';
  if (metric.duration)
    return `${span}: ${totals} over the period.${top ? ` Slowest day: ${top.name}, ${secondsWords(top.value)} on ${dayWords(top.date)}.` : ''}${more}`;
  return `${span}: ${totals} in all.${top ? ` Most in a day: ${top.name}, ${top.value} on ${dayWords(top.date)}.` : ''}${more}`;
}
