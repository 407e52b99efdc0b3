import { Controller, Get, Query } from '@nestjs/common';
import { Access } from '../../common/auth/access.decorator.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { TAGS } from '../../contract/tags.js';
import { AgentReportQueryDto, ReportQueryDto } from './dto/report-query.dto.js';
import { AgentReport, TeamReport } from './reports.schemas.js';
import { ReportsService } from './reports.service.js';

/** What the figures mean, said once for both reports (and in docs/API.md). */
const DEFINITIONS =
  'Counted from the audit trail alone, so a reopened conversation counts once and the reports add up. **Handled**: distinct conversations closed in the period, each once, credited to the holder (and team) of its last close in the period, on that day; **resolution median** over those closes (seconds from opening to that close). **Replies sent**: staff replies, by who wrote them; **first response** median and p90 over the replies a customer was waiting for first, **next response** p90 over the later ones (business-hours seconds). **Breaches**: response targets missed, for whoever held the conversation then. Percentiles are nearest rank (a wait that happened, never an average), null without samples. A team is the team of the conversation when the event happened. Days are cut in `time_zone`. Period: `since` and `until` together (ISO 8601 with an offset; `until` after `since`, at most 92 days of the zone), or neither for the last 7 days; a bad one is a 400 naming it.';

@ApiTag(TAGS.reports)
@Controller('v1/reports')
@Access('admin')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Get('agents')
  @ApiOperation({
    id: 'getAgentReport',
    summary: 'Figures per agent, per day and over a period',
    description: `${DEFINITIONS} One row per agent; conversations closed, and targets missed, while nobody held them make the Unassigned row (\`agent: null\`). With \`team_id\` only that team’s events count, so the rows add up to its row in the report by team.`,
    errors: { 400: 'ValidationFailed' },
    responses: { 200: { description: 'The report.', body: AgentReport } },
  })
  agents(@Query() query: AgentReportQueryDto) {
    return this.reports.agents(query);
  }

  @Get('teams')
  @ApiOperation({
    id: 'getTeamReport',
    summary: 'Figures per team, per day and over a period',
    description: `${DEFINITIONS} One row per team; events of conversations routed to no team make the No team row (\`team: null\`). Each team’s row is the sum of its agents’ rows in \`getAgentReport\` with its \`team_id\` (counts), day by day.`,
    errors: { 400: 'ValidationFailed' },
    responses: { 200: { description: 'The report.', body: TeamReport } },
  })
  teams(@Query() query: ReportQueryDto) {
    return this.reports.teams(query);
  }
}
