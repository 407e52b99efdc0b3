import { buildReport, lastClosePerConversation, NO_FIGURES, reportFacts, type Figures, type ReportAuditRow, type ReportRows } from './report-figures.js';
import { startOfLocalDay } from './report-period.js';

const ANA = 'a0000000-0000-4000-8000-000000000001';
const BEN = 'b0000000-0000-4000-8000-000000000002';
const CY = 'c0000000-0000-4000-8000-000000000003';
const SUPPORT = 'd0000000-0000-4000-8000-000000000004';
const SALES = 'e0000000-0000-4000-8000-000000000005';
const ZONE = 'Europe/Berlin';
const PERIOD = { since: startOfLocalDay('2026-03-02', ZONE), until: startOfLocalDay('2026-03-05', ZONE), timeZone: ZONE };

let n = 0;
const row = (action: string, at: string, conversation: string, details: Record<string, unknown>): ReportAuditRow => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  at: new Date(at),
  action,
  subjectId: conversation,
  details,
});
const replied = (at: string, c: string, agent: string, team: string | null, waiting: 'first_response' | 'next_response' | null, waited: number | null) =>
  row('conversation.replied', at, c, {
    agent,
    team_id: team,
    message_id: `m${n}`,
    waiting_for: waiting,
    waited_seconds: waited,
    wall_seconds: waited,
    breached: false,
  });
const closed = (at: string, c: string, assignee: string | null, team: string | null, resolution: number) =>
  row('conversation.closed', at, c, { team_id: team, assignee, opened_at: '2026-03-01T00:00:00Z', resolution_seconds: resolution });
const breached = (at: string, c: string, assignee: string | null, team: string | null) =>
  row('conversation.sla_breached', at, c, { team_id: team, assignee, waiting_for: 'first_response', waiting_since: at, due_at: at });

const figures = (f: Partial<Figures>): Figures => ({ ...NO_FIGURES, ...f });
const rowOf = (report: ReportRows, key: string | null) => report.rows.find((r) => r.key === key)!;
const COUNTS = ['handled', 'replies_sent', 'breaches'] as const;

/** A day of two teams (times UTC; Berlin is UTC+1 in March). */
const DAY: ReportAuditRow[] = [
  replied('2026-03-02T08:00:00Z', 'c1', ANA, SUPPORT, 'first_response', 60),
  replied('2026-03-02T08:10:00Z', 'c1', ANA, SUPPORT, null, null),
  replied('2026-03-02T09:00:00Z', 'c2', ANA, SUPPORT, 'first_response', 300),
  replied('2026-03-02T09:30:00Z', 'c2', ANA, SUPPORT, 'next_response', 120),
  replied('2026-03-02T10:00:00Z', 'c3', BEN, SUPPORT, 'first_response', 900),
  breached('2026-03-02T09:55:00Z', 'c3', BEN, SUPPORT),
  breached('2026-03-02T11:00:00Z', 'c4', null, SUPPORT),
  closed('2026-03-02T12:00:00Z', 'c1', ANA, SUPPORT, 14_400),
  // c2: closed by Ana, reopened, closed by Ben the next day: handled once, by Ben, on the 3rd.
  closed('2026-03-02T13:00:00Z', 'c2', ANA, SUPPORT, 14_400),
  replied('2026-03-03T08:00:00Z', 'c2', BEN, SUPPORT, 'next_response', 30),
  closed('2026-03-03T09:00:00Z', 'c2', BEN, SUPPORT, 90_000),
  // 23:30 UTC on the 3rd is the 4th in Berlin.
  replied('2026-03-03T23:30:00Z', 'c5', CY, SALES, 'first_response', 45),
  closed('2026-03-03T23:40:00Z', 'c5', CY, SALES, 600),
  closed('2026-03-04T10:00:00Z', 'c4', null, SUPPORT, 3_600),
  // Outside the period: not counted.
  replied('2026-03-01T22:59:59Z', 'c1', ANA, SUPPORT, 'first_response', 1),
  closed('2026-03-04T23:00:00Z', 'c3', BEN, SUPPORT, 100),
  // No team.
  replied('2026-03-04T12:00:00Z', 'c6', CY, null, 'first_response', 30),
  // Other actions are not figures.
  row('conversation.assigned', '2026-03-02T08:00:00Z', 'c1', { from: null, to: ANA, team_id: SUPPORT, reason: 'auto' }),
];

describe('report figures from the audit trail', () => {
  it('keeps the last close of each conversation (the later id when two share an instant)', () => {
    const a = closed('2026-03-02T10:00:00Z', 'x', ANA, SUPPORT, 1);
    const b = closed('2026-03-02T11:00:00Z', 'x', BEN, SUPPORT, 2);
    const c = closed('2026-03-02T11:00:00Z', 'x', CY, SUPPORT, 3);
    const other = closed('2026-03-02T09:00:00Z', 'y', ANA, SUPPORT, 4);
    expect(lastClosePerConversation([c, a, other, b])).toEqual([c, other]);
    expect(lastClosePerConversation([b, c, a, other])).toEqual([c, other]);
  });

  it('counts what happened within the period only: a close after it leaves the one within it as the last', () => {
    const facts = reportFacts(
      [
        closed('2026-03-02T10:00:00Z', 'x', ANA, SUPPORT, 10),
        closed('2026-03-06T10:00:00Z', 'x', BEN, SUPPORT, 99),
        replied('2026-03-01T12:00:00Z', 'x', ANA, SUPPORT, null, null),
      ],
      PERIOD,
    );
    expect(facts).toEqual([{ kind: 'handled', at: new Date('2026-03-02T10:00:00Z'), agent: ANA, team: SUPPORT, seconds: 10 }]);
  });

  it('by agent: each conversation handled once, by the holder of its last close, on that day; waits and breaches by who they belong to', () => {
    const report = buildReport(DAY, PERIOD, 'agent');
    expect(report.rows.map((r) => r.key).sort()).toEqual([ANA, BEN, CY, null].sort());
    expect(rowOf(report, ANA).total).toEqual(
      figures({
        handled: 1,
        replies_sent: 4,
        first_response_median_seconds: 60,
        first_response_p90_seconds: 300,
        next_response_p90_seconds: 120,
        resolution_median_seconds: 14_400,
      }),
    );
    expect(rowOf(report, BEN).total).toEqual(
      figures({
        handled: 1,
        replies_sent: 2,
        breaches: 1,
        first_response_median_seconds: 900,
        first_response_p90_seconds: 900,
        next_response_p90_seconds: 30,
        resolution_median_seconds: 90_000,
      }),
    );
    expect(rowOf(report, CY).total).toEqual(
      figures({ handled: 1, replies_sent: 2, first_response_median_seconds: 30, first_response_p90_seconds: 45, resolution_median_seconds: 600 }),
    );
    expect(rowOf(report, null).total).toEqual(figures({ handled: 1, breaches: 1, resolution_median_seconds: 3_600 }));
    expect(rowOf(report, BEN).days).toEqual([
      { date: '2026-03-02', ...figures({ replies_sent: 1, breaches: 1, first_response_median_seconds: 900, first_response_p90_seconds: 900 }) },
      { date: '2026-03-03', ...figures({ handled: 1, replies_sent: 1, next_response_p90_seconds: 30, resolution_median_seconds: 90_000 }) },
      { date: '2026-03-04', ...NO_FIGURES },
    ]);
    expect(rowOf(report, CY).days.map((d) => [d.date, d.handled, d.replies_sent])).toEqual([
      ['2026-03-02', 0, 0],
      ['2026-03-03', 0, 0],
      ['2026-03-04', 1, 2],
    ]);
  });

  it('by team: No team for events without one; the overall row is the same by agent and by team', () => {
    const teams = buildReport(DAY, PERIOD, 'team');
    expect(rowOf(teams, SUPPORT).total).toMatchObject({
      handled: 3,
      replies_sent: 6,
      breaches: 2,
      first_response_median_seconds: 300,
      resolution_median_seconds: 14_400,
    });
    expect(rowOf(teams, SALES).total).toMatchObject({ handled: 1, replies_sent: 1 });
    expect(rowOf(teams, null).total).toEqual(figures({ replies_sent: 1, first_response_median_seconds: 30, first_response_p90_seconds: 30 }));
    expect(teams.overall).toEqual(buildReport(DAY, PERIOD, 'agent').overall);
    expect(teams.overall.total).toMatchObject({ handled: 4, replies_sent: 8, breaches: 2 });
  });

  it('adds up: agents’ rows sum to the overall row, and a team’s agents (that team’s facts) to the team’s row, per day and in total', () => {
    const sum = (all: readonly Figures[]) => Object.fromEntries(COUNTS.map((k) => [k, all.reduce((s, f) => s + f[k], 0)]));
    const agents = buildReport(DAY, PERIOD, 'agent');
    const teams = buildReport(DAY, PERIOD, 'team');
    for (const report of [agents, teams]) {
      expect(sum(report.rows.map((r) => r.total))).toEqual(sum([report.overall.total]));
      for (let day = 0; day < 3; day++) expect(sum(report.rows.map((r) => r.days[day]!))).toEqual(sum([report.overall.days[day]!]));
    }
    for (const team of [SUPPORT, SALES]) {
      const ofTeam = buildReport(DAY, PERIOD, 'agent', { teamId: team });
      expect(sum(ofTeam.rows.map((r) => r.total))).toEqual(sum([rowOf(teams, team).total]));
      for (let day = 0; day < 3; day++) expect(sum(ofTeam.rows.map((r) => r.days[day]!))).toEqual(sum([rowOf(teams, team).days[day]!]));
      expect(ofTeam.overall).toEqual({ total: rowOf(teams, team).total, days: rowOf(teams, team).days });
    }
  });

  it('an empty period has every day with zeros, and no rows', () => {
    const report = buildReport([], PERIOD, 'team');
    expect(report.rows).toEqual([]);
    expect(report.overall.days.map((d) => d.date)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04']);
    expect(report.overall.total).toEqual(NO_FIGURES);
  });

  it('ignores what it cannot read: a wait without seconds is a reply but no sample, an unknown waiting_for no wait', () => {
    const report = buildReport(
      [
        replied('2026-03-02T08:00:00Z', 'x', ANA, SUPPORT, 'first_response', null),
        row('conversation.replied', '2026-03-02T09:00:00Z', 'x', { agent: ANA, waiting_for: 'lunch', waited_seconds: 5 }),
      ],
      PERIOD,
      'agent',
    );
    expect(rowOf(report, ANA).total).toEqual(figures({ replies_sent: 2 }));
  });
});
