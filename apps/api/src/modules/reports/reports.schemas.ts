import { arrayOf, dateTime, int, named, nullable, object, str, uuid, type Schema } from '../../contract/schema.js';

const seconds = (description: string): Schema => nullable(int({ minimum: 0, description: `${description}; null without samples` }));

const FIGURES: Record<string, Schema> = {
  handled: int({
    minimum: 0,
    description: 'Conversations closed in the period, each counted once: for the holder and team of its last close in the period, on that day',
  }),
  replies_sent: int({ minimum: 0, description: 'Replies staff sent (`conversation.replied`)' }),
  breaches: int({ minimum: 0, description: 'Response targets missed (`conversation.sla_breached`), for whoever held the conversation then' }),
  first_response_median_seconds: seconds('Median business-hours seconds a customer waited for the first reply'),
  first_response_p90_seconds: seconds('90th percentile (nearest rank) of the same waits'),
  next_response_p90_seconds: seconds('90th percentile (nearest rank) of business-hours seconds a customer waited for a later reply'),
  resolution_median_seconds: seconds('Median seconds from opening to the last close, over the conversations handled'),
};

export const ReportFigures = named('ReportFigures', object(FIGURES, { description: 'The figures of a row, or of all rows, over a whole period or one day.' }));

export const ReportDayFigures = named(
  'ReportDayFigures',
  object(
    { date: str({ format: 'date', description: 'the day (`YYYY-MM-DD`) in the report’s `time_zone`' }), ...FIGURES },
    { description: 'One day’s figures.' },
  ),
);

const days = arrayOf(ReportDayFigures, { description: 'Every day of the period, oldest first; a day without anything has zeros and nulls' });

const Overall = object(
  { total: ReportFigures, days },
  { description: 'Every row together (the same in the report by agent and by team, as each event counts once in each)' },
);

const period = {
  since: dateTime({ description: 'start of the period, inclusive' }),
  until: dateTime({ description: 'end of the period, exclusive' }),
  time_zone: str({ description: 'the IANA time zone the days are cut in' }),
};

const ref = (description: string) => object({ id: uuid(), name: str() }, { description });

export const AgentReportRow = named(
  'AgentReportRow',
  object({
    agent: nullable(ref('the staff member; a former one is named “A former staff member”'), {
      description: 'null: the Unassigned row (conversations closed, and targets missed, while nobody held them)',
    }),
    total: ReportFigures,
    days,
  }),
);

export const TeamReportRow = named(
  'TeamReportRow',
  object({
    team: nullable(ref('the team; a deleted one is named “A deleted team”'), {
      description: 'null: the No team row (events of conversations routed to no team)',
    }),
    total: ReportFigures,
    days,
  }),
);

export const AgentReport = named(
  'AgentReport',
  object({
    ...period,
    rows: arrayOf(AgentReportRow, {
      description: 'Every active agent (or, with `team_id`, every member), and anyone else with figures, by name; Unassigned last',
    }),
    overall: Overall,
  }),
);

export const TeamReport = named(
  'TeamReport',
  object({ ...period, rows: arrayOf(TeamReportRow, { description: 'Every team, and any other with figures, by name; No team last' }), overall: Overall }),
);
