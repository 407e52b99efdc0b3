import { Injectable } from '@nestjs/common';
import { MEDIAN, P90, REPORT_ACTIONS, type FigureCell, type ReportBy, type ReportPeriod } from '@sendbook/queue';
import { ReadDatabase } from '../../database/replica/read-database.js';

interface CellRow {
  all_rows: boolean;
  key: string | null;
  date: string | null;
  handled: string;
  replies_sent: string;
  breaches: string;
  first_response_median: string | null;
  first_response_p90: string | null;
  next_response_p90: string | null;
  resolution_median: string | null;
}

export interface Named {
  readonly id: string;
  readonly name: string;
}

/** A string field of `details` ('' and non-strings as null, as reportFacts reads them). */
const text = (field: string) => `CASE WHEN jsonb_typeof(details -> '${field}') = 'string' THEN NULLIF(details ->> '${field}', '') END`;
/** A number field of `details` (anything else as null). */
const number = (field: string) => `CASE WHEN jsonb_typeof(details -> '${field}') = 'number' THEN (details ->> '${field}')::numeric END`;

/**
 * The reports' one query: the figures of every row (agent or team) per day and in total, and of
 * all rows together, from `audit_events` alone, as GROUPING SETS. It must agree with
 * `buildReport` in libs/queue (test/reports checks it on the same rows): the last close per
 * conversation by (at, id), nearest-rank percentiles (`percentile_disc`), days by the zone's
 * wall clock. Reads the period's rows once, by the `at` index.
 */
const CELLS = `
WITH events AS MATERIALIZED (
  SELECT id, at, action, subject_id, details
  FROM audit_events
  WHERE at >= $1 AND at < $2
    AND subject_type = 'conversation'
    AND action IN ('${REPORT_ACTIONS.replied}', '${REPORT_ACTIONS.breached}', '${REPORT_ACTIONS.closed}')
),
last_closes AS (
  SELECT DISTINCT ON (subject_id) at, details
  FROM events
  WHERE action = '${REPORT_ACTIONS.closed}'
  ORDER BY subject_id, at DESC, id DESC
),
facts AS (
  SELECT at, 'handled' AS kind, ${text('assignee')} AS agent, ${text('team_id')} AS team, NULL::text AS waiting_for, ${number('resolution_seconds')} AS seconds
  FROM last_closes
  UNION ALL
  SELECT at, 'reply', ${text('agent')}, ${text('team_id')}, ${text('waiting_for')}, ${number('waited_seconds')}
  FROM events WHERE action = '${REPORT_ACTIONS.replied}'
  UNION ALL
  SELECT at, 'breach', ${text('assignee')}, ${text('team_id')}, NULL, NULL
  FROM events WHERE action = '${REPORT_ACTIONS.breached}'
),
keyed AS (
  SELECT CASE WHEN $4 = 'agent' THEN agent ELSE team END AS key, to_char(at AT TIME ZONE $3, 'YYYY-MM-DD') AS date, kind, waiting_for, seconds
  FROM facts
  WHERE $5::text IS NULL OR team = $5::text
)
SELECT GROUPING(key) = 1 AS all_rows, key, date,
  count(*) FILTER (WHERE kind = 'handled') AS handled,
  count(*) FILTER (WHERE kind = 'reply') AS replies_sent,
  count(*) FILTER (WHERE kind = 'breach') AS breaches,
  percentile_disc(${MEDIAN / 100}) WITHIN GROUP (ORDER BY seconds) FILTER (WHERE kind = 'reply' AND waiting_for = 'first_response') AS first_response_median,
  percentile_disc(${P90 / 100}) WITHIN GROUP (ORDER BY seconds) FILTER (WHERE kind = 'reply' AND waiting_for = 'first_response') AS first_response_p90,
  percentile_disc(${P90 / 100}) WITHIN GROUP (ORDER BY seconds) FILTER (WHERE kind = 'reply' AND waiting_for = 'next_response') AS next_response_p90,
  percentile_disc(${MEDIAN / 100}) WITHIN GROUP (ORDER BY seconds) FILTER (WHERE kind = 'handled') AS resolution_median
FROM keyed
GROUP BY GROUPING SETS ((key, date), (key), (date), ())`;

const count = (v: string) => Number(v);
const maybe = (v: string | null) => (v === null ? null : Number(v));

/** Reads the audit trail (the audit module's table) and names staff and teams; writes nothing. The replica may serve it all. */
@Injectable()
export class ReportsRepository {
  constructor(private readonly reads: ReadDatabase) {}

  async cells(period: ReportPeriod, by: ReportBy, teamId: string | null): Promise<FigureCell[]> {
    const rows = await this.reads.query<CellRow>(CELLS, [period.since, period.until, period.timeZone, by, teamId]);
    return rows.map((r) => ({
      all: r.all_rows,
      key: r.key,
      date: r.date,
      figures: {
        handled: count(r.handled),
        replies_sent: count(r.replies_sent),
        breaches: count(r.breaches),
        first_response_median_seconds: maybe(r.first_response_median),
        first_response_p90_seconds: maybe(r.first_response_p90),
        next_response_p90_seconds: maybe(r.next_response_p90),
        resolution_median_seconds: maybe(r.resolution_median),
      },
    }));
  }

  /**
   * Staff by the ids the figures name, and the rows wanted without figures: every active agent,
   * or with a team, its members.
   */
  staff(ids: readonly string[], teamId: string | null): Promise<(Named & { listed: boolean })[]> {
    return this.reads.query(
      `SELECT s.id::text AS id, s.name,
              CASE WHEN $2::uuid IS NULL THEN s.active AND s.role = 'agent'
                   ELSE s.active AND EXISTS (SELECT 1 FROM team_members m WHERE m.team_id = $2::uuid AND m.staff_id = s.id) END AS listed
       FROM staff s
       WHERE s.id::text = ANY($1::text[])
          OR ($2::uuid IS NULL AND s.active AND s.role = 'agent')
          OR ($2::uuid IS NOT NULL AND s.active AND s.id IN (SELECT staff_id FROM team_members WHERE team_id = $2::uuid))`,
      [ids, teamId],
    );
  }

  /** Every team (each listed, figures or not). */
  teams(): Promise<Named[]> {
    return this.reads.query(`SELECT id::text AS id, name FROM teams`);
  }
}
