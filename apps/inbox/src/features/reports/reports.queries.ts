import type { AgentReport, TeamReport } from '@sendbook/api-contract';
import { browserApi, unwrap, type Api, type ApiResult } from '@/lib/api';
import { reportQuery, selectionKey, type ReportSelection } from '@/lib/report-figures';

/** Reports (admins): `GET /v1/reports/agents` or `/teams` for a period, days cut in the viewer's zone. */
export const reportKeys = { one: (selection: ReportSelection, timeZone: string) => ['reports', selectionKey(selection), timeZone] as const };

export type AnyReport = AgentReport | TeamReport;

export function fetchReport(api: Api, selection: ReportSelection, timeZone: string, now = Date.now()): Promise<ApiResult<AnyReport>> {
  const query = reportQuery(selection.period, now, timeZone);
  return selection.view === 'teams' ? api.client.GET('/v1/reports/teams', { params: { query } }) : api.client.GET('/v1/reports/agents', { params: { query } });
}

export const reportQueryOptions = (selection: ReportSelection, timeZone: string) => ({
  queryKey: reportKeys.one(selection, timeZone),
  queryFn: (): Promise<AnyReport> => unwrap(fetchReport(browserApi(), selection, timeZone)),
  // The figures of a day change as conversations close; a glance a minute is plenty.
  refetchInterval: 60_000,
});
