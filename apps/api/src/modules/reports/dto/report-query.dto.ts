import { IsOptional, IsString, IsUUID } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { DEFAULT_REPORT_DAYS, MAX_REPORT_DAYS } from '@sendbook/queue';

/**
 * `GET /v1/reports/{agents,teams}?since=&until=&time_zone=`. Only the shapes are checked here; the
 * period's rules (both or neither, until after since, at most 92 days of the zone, a known zone)
 * are `parseReportPeriod`'s in libs/queue, each problem a 400 naming its field.
 */
export class ReportQueryDto {
  @IsOptional()
  @IsString()
  @JSONSchema({
    type: 'string',
    format: 'date-time',
    description: `Start of the period, inclusive: an ISO 8601 time with its offset. With \`until\`, or neither: then the last ${DEFAULT_REPORT_DAYS} days (from midnight ${DEFAULT_REPORT_DAYS - 1} days ago in \`time_zone\`, until now).`,
  })
  since?: string;

  @IsOptional()
  @IsString()
  @JSONSchema({
    type: 'string',
    format: 'date-time',
    description: `End of the period, exclusive: after \`since\`, at most ${MAX_REPORT_DAYS} days of \`time_zone\` later.`,
  })
  until?: string;

  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'The IANA time zone the days are cut in (e.g. `Europe/Berlin`); default `DEFAULT_TIME_ZONE`.' })
  time_zone?: string;
}

/** The report by agent may keep one team's facts: its agents' figures then add up to that team's row. */
export class AgentReportQueryDto extends ReportQueryDto {
  @IsOptional()
  @IsUUID('all', { message: 'team_id must be a team id' })
  @JSONSchema({ description: 'Only what happened in this team (events whose `team_id` it is): its agents, whose figures add up to the team’s row.' })
  team_id?: string;
}
