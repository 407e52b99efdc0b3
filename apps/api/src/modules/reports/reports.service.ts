import { Inject, Injectable } from '@nestjs/common';
import type { AgentReport, TeamReport } from '@sendbook/api-contract';
import { parseReportPeriod, periodDates, reportRows, type ReportPeriod } from '@sendbook/queue';
import { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import type { AgentReportQueryDto, ReportQueryDto } from './dto/report-query.dto.js';
import { ReportsRepository, type Named } from './reports.repository.js';

const FORMER_STAFF = 'A former staff member';
const DELETED_TEAM = 'A deleted team';

/** Named rows by name (as people read a list), the row of nobody (Unassigned, No team) last. */
function byName<R>(rows: readonly R[], named: (row: R) => Named | null): R[] {
  return [...rows].sort((a, b) => {
    const x = named(a);
    const y = named(b);
    if (!x || !y) return x ? -1 : y ? 1 : 0;
    return x.name.localeCompare(y.name, 'en', { sensitivity: 'base' }) || x.id.localeCompare(y.id);
  });
}

/**
 * Figures per agent and per team, per day and over a period, from the audit trail alone (see
 * libs/queue reports/report-figures.ts for what each figure counts).
 */
@Injectable()
export class ReportsService {
  constructor(
    private readonly repo: ReportsRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async agents(dto: AgentReportQueryDto): Promise<AgentReport> {
    const period = this.period(dto);
    const teamId = dto.team_id ?? null;
    const cells = await this.repo.cells(period, 'agent', teamId);
    const named = cells.flatMap((c) => (!c.all && c.key !== null ? [c.key] : []));
    const staff = await this.repo.staff([...new Set(named)], teamId);
    const report = reportRows(
      cells,
      periodDates(period),
      staff.filter((s) => s.listed).map((s) => s.id),
    );
    const names = new Map(staff.map((s) => [s.id, s.name]));
    const rows = report.rows.map((r) => ({
      agent: r.key === null ? null : { id: r.key, name: names.get(r.key) ?? FORMER_STAFF },
      total: r.total,
      days: [...r.days],
    }));
    return { ...this.present(period), rows: byName(rows, (r) => r.agent), overall: { total: report.overall.total, days: [...report.overall.days] } };
  }

  async teams(dto: ReportQueryDto): Promise<TeamReport> {
    const period = this.period(dto);
    const [cells, teams] = await Promise.all([this.repo.cells(period, 'team', null), this.repo.teams()]);
    const report = reportRows(
      cells,
      periodDates(period),
      teams.map((t) => t.id),
    );
    const names = new Map(teams.map((t) => [t.id, t.name]));
    const rows = report.rows.map((r) => ({
      team: r.key === null ? null : { id: r.key, name: names.get(r.key) ?? DELETED_TEAM },
      total: r.total,
      days: [...r.days],
    }));
    return { ...this.present(period), rows: byName(rows, (r) => r.team), overall: { total: report.overall.total, days: [...report.overall.days] } };
  }

  private period(dto: ReportQueryDto): ReportPeriod {
    const parsed = parseReportPeriod(dto, this.clock.now(), this.config.policy.defaultTimeZone);
    if (!parsed.ok) throw DomainError.validation(parsed.problems);
    return parsed.period;
  }

  private present(period: ReportPeriod) {
    return { since: period.since.toISOString(), until: period.until.toISOString(), time_zone: period.timeZone };
  }
}
