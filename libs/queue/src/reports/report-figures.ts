import { median, p90 } from './percentile.js';
import { localDate, periodDates, type ReportPeriod } from './report-period.js';

/**
 * What the reports count, from the audit trail alone (so a reopened conversation counts once and
 * the agents' and the teams' figures add up). This is the definition: the API computes the same
 * in SQL (modules/reports), and test/reports checks the two agree on the same rows.
 *
 * - handled: distinct conversations closed in the period, each credited once, to the holder
 *   (`details.assignee`, null: Unassigned) and team of its last close in the period, on the day of
 *   that close; resolution median over those closes' `resolution_seconds`.
 * - replies sent: `conversation.replied`, credited to `details.agent`; first response median and
 *   p90 over those with `waiting_for: first_response` (`waited_seconds`), next response p90 over
 *   `next_response`.
 * - breaches: `conversation.sla_breached`, credited to `details.assignee` (null: Unassigned).
 * - a team is always the event's `details.team_id` (null: No team).
 */
export const REPORT_ACTIONS = { replied: 'conversation.replied', breached: 'conversation.sla_breached', closed: 'conversation.closed' } as const;

export type ReportBy = 'agent' | 'team';

export interface Figures {
  readonly handled: number;
  readonly replies_sent: number;
  readonly breaches: number;
  readonly first_response_median_seconds: number | null;
  readonly first_response_p90_seconds: number | null;
  readonly next_response_p90_seconds: number | null;
  readonly resolution_median_seconds: number | null;
}

export const NO_FIGURES: Figures = Object.freeze({
  handled: 0,
  replies_sent: 0,
  breaches: 0,
  first_response_median_seconds: null,
  first_response_p90_seconds: null,
  next_response_p90_seconds: null,
  resolution_median_seconds: null,
});

/** An audit row of a conversation, as the reports read it. */
export interface ReportAuditRow {
  readonly id: string;
  readonly at: Date;
  readonly action: string;
  /** The conversation's id. */
  readonly subjectId: string;
  readonly details: Readonly<Record<string, unknown>> | null;
}

interface FactBase {
  readonly at: Date;
  /** The staff member credited (null: nobody held the conversation). */
  readonly agent: string | null;
  readonly team: string | null;
}

export type ReportFact =
  | (FactBase & { readonly kind: 'handled'; readonly seconds: number | null })
  | (FactBase & { readonly kind: 'reply'; readonly waitingFor: 'first_response' | 'next_response' | null; readonly seconds: number | null })
  | (FactBase & { readonly kind: 'breach' });

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const seconds = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const waitingFor = (v: unknown) => (v === 'first_response' || v === 'next_response' ? v : null);

/** Later first: by time, then by id (as the SQL orders them), so "the last close" is one row even when two share an instant. */
const later = (a: ReportAuditRow, b: ReportAuditRow) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The last close of each conversation among `closes`: a conversation closed, reopened and closed again counts once. */
export function lastClosePerConversation(closes: readonly ReportAuditRow[]): ReportAuditRow[] {
  const last = new Map<string, ReportAuditRow>();
  for (const close of closes) {
    const seen = last.get(close.subjectId);
    if (!seen || later(close, seen) > 0) last.set(close.subjectId, close);
  }
  return [...last.values()];
}

/** The facts the figures count, from the audit rows within `[since, until)` (other rows and actions are left out). */
export function reportFacts(rows: readonly ReportAuditRow[], period: Pick<ReportPeriod, 'since' | 'until'>): ReportFact[] {
  const inPeriod = rows.filter((r) => r.at.getTime() >= period.since.getTime() && r.at.getTime() < period.until.getTime());
  const d = (r: ReportAuditRow) => r.details ?? {};
  const handled = lastClosePerConversation(inPeriod.filter((r) => r.action === REPORT_ACTIONS.closed)).map((r): ReportFact => ({
    kind: 'handled',
    at: r.at,
    agent: text(d(r).assignee),
    team: text(d(r).team_id),
    seconds: seconds(d(r).resolution_seconds),
  }));
  const others = inPeriod.flatMap((r): ReportFact[] => {
    if (r.action === REPORT_ACTIONS.replied)
      return [
        {
          kind: 'reply',
          at: r.at,
          agent: text(d(r).agent),
          team: text(d(r).team_id),
          waitingFor: waitingFor(d(r).waiting_for),
          seconds: seconds(d(r).waited_seconds),
        },
      ];
    if (r.action === REPORT_ACTIONS.breached) return [{ kind: 'breach', at: r.at, agent: text(d(r).assignee), team: text(d(r).team_id) }];
    return [];
  });
  return [...handled, ...others];
}

/** The figures of a group of facts. */
export function figuresOf(facts: readonly ReportFact[]): Figures {
  const waits = (kind: 'first_response' | 'next_response') =>
    facts.flatMap((f) => (f.kind === 'reply' && f.waitingFor === kind && f.seconds !== null ? [f.seconds] : []));
  const firstResponse = waits('first_response');
  return {
    handled: facts.filter((f) => f.kind === 'handled').length,
    replies_sent: facts.filter((f) => f.kind === 'reply').length,
    breaches: facts.filter((f) => f.kind === 'breach').length,
    first_response_median_seconds: median(firstResponse),
    first_response_p90_seconds: p90(firstResponse),
    next_response_p90_seconds: p90(waits('next_response')),
    resolution_median_seconds: median(facts.flatMap((f) => (f.kind === 'handled' && f.seconds !== null ? [f.seconds] : []))),
  };
}

/**
 * One group's figures: a row's (`key`: an agent or team id, null for Unassigned or No team) or
 * every row's together (`all`), for one day (`date`) or the whole period (null). The SQL answers
 * with the same cells (GROUPING SETS).
 */
export interface FigureCell {
  readonly all: boolean;
  readonly key: string | null;
  readonly date: string | null;
  readonly figures: Figures;
}

/** Who a fact is credited to in a report by agent or by team. */
export const keyOf = (fact: ReportFact, by: ReportBy): string | null => (by === 'agent' ? fact.agent : fact.team);

/** The cells of a report by agent or team, days cut in `timeZone`. */
export function figureCells(facts: readonly ReportFact[], by: ReportBy, timeZone: string): FigureCell[] {
  const groups = new Map<string, { cell: Omit<FigureCell, 'figures'>; facts: ReportFact[] }>();
  const add = (cell: Omit<FigureCell, 'figures'>, fact: ReportFact) => {
    const id = JSON.stringify([cell.all, cell.key, cell.date]);
    const group = groups.get(id) ?? { cell, facts: [] };
    group.facts.push(fact);
    groups.set(id, group);
  };
  for (const fact of facts) {
    const key = keyOf(fact, by);
    const date = localDate(fact.at, timeZone);
    add({ all: false, key, date }, fact);
    add({ all: false, key, date: null }, fact);
    add({ all: true, key: null, date }, fact);
    add({ all: true, key: null, date: null }, fact);
  }
  return [...groups.values()].map(({ cell, facts: grouped }) => ({ ...cell, figures: figuresOf(grouped) }));
}

export type DayFigures = Figures & { readonly date: string };

export interface ReportRow {
  readonly key: string | null;
  readonly total: Figures;
  /** Every day of the period, oldest first; a day without facts has zeros and nulls. */
  readonly days: readonly DayFigures[];
}

export interface ReportRows {
  readonly rows: readonly ReportRow[];
  /** Every row together (the same in the report by agent and by team). */
  readonly overall: Omit<ReportRow, 'key'>;
}

/**
 * Cells as rows with every day of the period (`dates`). `alsoKeys` are rows wanted even without
 * figures (active agents, every team); rows come in first-seen order, the caller sorts them.
 */
export function reportRows(cells: readonly FigureCell[], dates: readonly string[], alsoKeys: readonly (string | null)[] = []): ReportRows {
  const keys = [...new Set([...cells.filter((c) => !c.all).map((c) => c.key), ...alsoKeys])];
  const byCell = new Map(cells.map((c) => [JSON.stringify([c.all, c.key, c.date]), c.figures]));
  const figures = (all: boolean, key: string | null, date: string | null) => byCell.get(JSON.stringify([all, key, date])) ?? NO_FIGURES;
  const row = (all: boolean, key: string | null) => ({
    total: figures(all, key, null),
    days: dates.map((date) => ({ date, ...figures(all, key, date) })),
  });
  return { rows: keys.map((key) => ({ key, ...row(false, key) })), overall: row(true, null) };
}

/**
 * The whole report from audit rows: the definition the SQL must agree with. `teamId` keeps the
 * facts of one team only (its agents' figures then add up to its row).
 */
export function buildReport(rows: readonly ReportAuditRow[], period: ReportPeriod, by: ReportBy, options: { teamId?: string } = {}): ReportRows {
  const facts = reportFacts(rows, period).filter((f) => options.teamId === undefined || f.team === options.teamId);
  return reportRows(figureCells(facts, by, period.timeZone), periodDates(period));
}
