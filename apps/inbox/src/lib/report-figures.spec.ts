import type { AgentReport, ReportFigures, TeamReport } from '@sendbook/api-contract';
import {
  chartSummary,
  customPeriodProblem,
  dayWords,
  isoDuration,
  isEmptyReport,
  namedRows,
  periodWords,
  reportChart,
  reportHref,
  reportQuery,
  reportSelection,
  secondsWords,
  type NamedRow,
} from './report-figures';

const NONE: ReportFigures = {
  handled: 0,
  replies_sent: 0,
  breaches: 0,
  first_response_median_seconds: null,
  first_response_p90_seconds: null,
  next_response_p90_seconds: null,
  resolution_median_seconds: null,
};
const f = (some: Partial<ReportFigures>): ReportFigures => ({ ...NONE, ...some });
const DATES = ['2026-03-03', '2026-03-04', '2026-03-05'];
const row = (name: string, days: Partial<ReportFigures>[], nobody = false): NamedRow => {
  const all = days.map((d, i) => ({ date: DATES[i]!, ...f(d) }));
  return {
    key: nobody ? 'nobody' : name,
    name,
    nobody,
    days: all,
    total: f({ handled: all.reduce((s, d) => s + d.handled, 0), replies_sent: all.reduce((s, d) => s + d.replies_sent, 0) }),
  };
};

describe('report figures', () => {
  it.each([
    [null, '—'],
    [0, '0s'],
    [45, '45s'],
    [60, '1m'],
    [250, '4m 10s'],
    [3_600, '1h'],
    [7_500, '2h 5m'],
    [7_559, '2h 5m'],
    [86_400, '1d'],
    [90_000, '1d 1h'],
  ])('%s seconds read "%s"', (seconds, words) => {
    expect(secondsWords(seconds)).toBe(words);
  });

  it.each([
    [250, 'PT4M10S'],
    [0, 'PT0S'],
    [90_000, 'P1DT1H'],
    [3_600, 'PT1H'],
  ])('%i seconds as an ISO duration: %s', (seconds, iso) => {
    expect(isoDuration(seconds)).toBe(iso);
  });

  it('reads the URL: view, a preset, a custom period; anything else is the last 7 days by agent', () => {
    expect(reportSelection({})).toEqual({ selection: { view: 'agents', period: { kind: 'last', days: 7 } }, problem: null });
    expect(reportSelection({ view: 'teams', period: '30d' }).selection).toEqual({ view: 'teams', period: { kind: 'last', days: 30 } });
    expect(reportSelection({ view: 'nonsense', period: '1y' }).selection).toEqual({ view: 'agents', period: { kind: 'last', days: 7 } });
    expect(reportSelection({ from: '2026-03-01', to: '2026-03-31' }).selection.period).toEqual({ kind: 'custom', from: '2026-03-01', to: '2026-03-31' });
    const refused = reportSelection({ view: 'teams', from: '2026-03-31', to: '2026-03-01' });
    expect(refused.selection).toEqual({ view: 'teams', period: { kind: 'last', days: 7 } });
    expect(refused.problem).toBe('That period cannot be shown: The last day comes before the first.');
  });

  it('and writes it back, the default as plain /reports', () => {
    for (const search of [{}, { view: 'teams' }, { period: '30d' }, { view: 'teams', from: '2026-03-01', to: '2026-03-31' }]) {
      const { selection } = reportSelection(search);
      expect(reportSelection(Object.fromEntries(new URL(reportHref(selection), 'http://x').searchParams)).selection).toEqual(selection);
    }
    expect(reportHref({ view: 'agents', period: { kind: 'last', days: 7 } })).toBe('/reports');
    expect(reportHref({ view: 'teams', period: { kind: 'last', days: 30 } })).toBe('/reports?view=teams&period=30d');
  });

  it.each([
    ['2026-03-01', '2026-03-01', null],
    ['2026-01-01', '2026-04-02', null],
    ['2026-01-01', '2026-04-03', 'A report covers at most 92 days; this is 93.'],
    ['2026-03-02', '2026-03-01', 'The last day comes before the first.'],
    ['2026-02-30', '2026-03-01', 'Choose both days.'],
    ['', '2026-03-01', 'Choose both days.'],
  ])('a custom period %s – %s: %s', (from, to, problem) => {
    expect(customPeriodProblem(from, to)).toBe(problem);
  });

  it('asks the API for whole local days: presets from midnight N−1 days ago until now, custom days both included', () => {
    const now = Date.parse('2026-03-31T10:00:00Z');
    expect(reportQuery({ kind: 'last', days: 7 }, now, 'Asia/Jerusalem')).toEqual({
      since: '2026-03-24T22:00:00.000Z',
      until: '2026-03-31T10:00:00.000Z',
      time_zone: 'Asia/Jerusalem',
    });
    // Berlin's clocks go forward on 29 March: the 30th begins at 22:00 UTC, the 1st of March at 23:00.
    expect(reportQuery({ kind: 'custom', from: '2026-03-01', to: '2026-03-29' }, now, 'Europe/Berlin')).toEqual({
      since: '2026-02-28T23:00:00.000Z',
      until: '2026-03-29T22:00:00.000Z',
      time_zone: 'Europe/Berlin',
    });
  });

  it('names the period and its days', () => {
    expect(periodWords({ kind: 'last', days: 30 })).toBe('Last 30 days');
    expect(periodWords({ kind: 'custom', from: '2026-03-01', to: '2026-03-31' })).toBe('Sun 1 Mar – Tue 31 Mar 2026');
    expect(periodWords({ kind: 'custom', from: '2026-03-01', to: '2026-03-01' })).toBe('Sun 1 Mar 2026');
    expect(dayWords('2026-03-05')).toBe('Thu 5 Mar');
  });

  it('names the rows, nobody’s as Unassigned or No team, and tells an empty report', () => {
    const report = {
      since: '',
      until: '',
      time_zone: 'UTC',
      rows: [
        { agent: { id: 'a', name: 'Ana' }, total: f({ handled: 1 }), days: [] },
        { agent: null, total: NONE, days: [] },
      ],
      overall: { total: f({ handled: 1 }), days: [] },
    } satisfies AgentReport;
    expect(namedRows(report, 'agents').map((r) => [r.key, r.name, r.nobody])).toEqual([
      ['a', 'Ana', false],
      ['nobody', 'Unassigned', true],
    ]);
    const teams = { ...report, rows: [{ team: null, total: NONE, days: [] }], overall: { total: NONE, days: [] } } satisfies TeamReport;
    expect(namedRows(teams, 'teams')[0]!.name).toBe('No team');
    expect(isEmptyReport(report)).toBe(false);
    expect(isEmptyReport(teams)).toBe(true);
  });

  it('charts the busiest rows in table order, and says it in words', () => {
    const rows = [
      row('Ana', [{ handled: 1 }, { handled: 3 }, {}]),
      row('Ben', [{ handled: 5 }, {}, {}]),
      row('Cy', [{}, {}, {}]),
      row('Unassigned', [{}, { handled: 1 }, {}], true),
    ];
    const chart = reportChart(rows, DATES, 'handled', 2);
    expect(chart.lines.map((l) => [l.name, l.values])).toEqual([
      ['Ana', [1, 3, 0]],
      ['Ben', [5, 0, 0]],
    ]);
    expect(chart.hidden).toBe(1);
    expect(chartSummary(chart)).toBe('Tue 3 Mar – Thu 5 Mar: Ana 4, Ben 5 in all. Most in a day: Ben, 5 on Tue 3 Mar. 1 more in the table.');
    expect(chartSummary(reportChart(rows, DATES, 'breaches'))).toBe('Tue 3 Mar – Thu 5 Mar: nothing in this period.');
  });

  it('charts durations by the rows that replied most, the slowest day in words', () => {
    const ana = row('Ana', [{ replies_sent: 2, first_response_median_seconds: 250 }, { replies_sent: 1, first_response_median_seconds: 30 }, {}]);
    const slow = { ...ana, total: { ...ana.total, first_response_median_seconds: 30 } };
    const chart = reportChart([slow], DATES, 'first_response_median_seconds');
    expect(chart.lines[0]!.values).toEqual([250, 30, null]);
    expect(chartSummary(chart)).toBe('Tue 3 Mar – Thu 5 Mar: Ana 30s over the period. Slowest day: Ana, 4m 10s on Tue 3 Mar.');
  });
});
