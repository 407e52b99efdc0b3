'use client';

import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useClock } from '@/components/clock';
import { Page, PageDescription } from '@/components/page';
import { QueryContent } from '@/components/query-content';
import { Callout } from '@/components/ui/callout';
import { Segmented } from '@/components/ui/segmented';
import { toProblem } from '@/lib/api';
import { isEmptyReport, namedRows, periodWords, reportHref, selectionKey, type ReportSelection, type ReportView } from '@/lib/report-figures';
import type { Loaded } from '@/lib/server-api';
import { reportQueryOptions, type AnyReport } from '../reports.queries';
import { PeriodPicker } from './period-picker';
import { ReportChart } from './report-chart';
import { ReportTable } from './report-table';
import styles from './reports.module.css';

const VIEWS: readonly { value: ReportView; label: string }[] = [
  { value: 'agents', label: 'Agents' },
  { value: 'teams', label: 'Teams' },
];

/**
 * Figures per agent or per team for admins: a period, a chart per day and a table with each row's
 * days. The URL holds the choice (`?view=teams&period=30d`, `?from=&to=`), written with
 * history.replaceState so a change asks only the API; the server render answered the first one.
 */
export function ReportsPage({
  initial,
  initialSelection,
  initialTimeZone,
  problem,
}: {
  initial: Loaded<AnyReport>;
  initialSelection: ReportSelection;
  initialTimeZone: string;
  problem: string | null;
}) {
  const { timeZone } = useClock();
  const [selection, setSelection] = useState(initialSelection);
  const seeded = selectionKey(selection) === selectionKey(initialSelection) && timeZone === initialTimeZone;
  const query = useQuery({
    ...reportQueryOptions(selection, timeZone),
    initialData: seeded && initial.ok ? initial.data : undefined,
    initialDataUpdatedAt: seeded && initial.ok ? initial.at : undefined,
    // A refusal the server render met is shown as it is, until Try again.
    enabled: !seeded || initial.ok,
    retry: seeded && !initial.ok ? false : undefined,
  });
  const [retried, setRetried] = useState(false);
  const failed = query.isError ? toProblem(query.error) : seeded && !initial.ok && !retried ? initial.problem : null;
  const listQuery = {
    problem: failed,
    data: query.data,
    isFetching: query.isFetching,
    retry: () => {
      setRetried(true);
      void query.refetch();
    },
  };
  const report = query.data;
  const rows = useMemo(() => (report ? namedRows(report, selection.view) : []), [report, selection.view]);

  const choose = (next: ReportSelection) => {
    setSelection(next);
    window.history.replaceState(null, '', reportHref(next));
  };

  return (
    <Page title="Reports" subtitle={`${periodWords(selection.period)}, days in ${timeZone}`}>
      <PageDescription>
        Counted from the audit trail, so a conversation closed, reopened and closed again is handled once: by whoever held it at its last close in the period,
        on that day. Response times are business hours; median and p90 are waits that happened (nearest rank).
      </PageDescription>
      <div className={styles.toolbar}>
        <Segmented label="Report by" value={selection.view} options={VIEWS} onChange={(view) => choose({ ...selection, view })} />
        <PeriodPicker period={selection.period} timeZone={timeZone} onChange={(period) => choose({ ...selection, period })} />
      </div>
      {problem ? (
        <Callout tone="warning" title="Showing the last 7 days">
          {problem}
        </Callout>
      ) : null}
      <QueryContent
        query={listQuery}
        loading="Loading the report…"
        isEmpty={report !== undefined && isEmptyReport(report)}
        empty={{
          icon: 'info',
          title: 'Nothing in this period',
          body: 'No conversation was closed, no reply sent and no response target missed. Choose a longer period, or come back when the team has been at work.',
        }}
      >
        {report ? (
          <div className={styles.sections} aria-busy={query.isFetching || undefined}>
            <ReportChart key={`${selectionKey(selection)}:${timeZone}`} rows={rows} dates={report.overall.days.map((d) => d.date)} view={selection.view} />
            <ReportTable rows={rows} overall={report.overall} view={selection.view} />
          </div>
        ) : null}
      </QueryContent>
    </Page>
  );
}
