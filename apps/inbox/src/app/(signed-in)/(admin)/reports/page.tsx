import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { ReportsPage } from '@/features/reports/components/reports-page';
import { fetchReport } from '@/features/reports/reports.queries';
import { reportSelection } from '@/lib/report-figures';
import { load } from '@/lib/server-api';
import { TIME_ZONE_COOKIE } from '@/lib/session';
import { safeTimeZone } from '@/lib/time';

export const metadata: Metadata = { title: 'Reports' };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function Reports({ searchParams }: { searchParams: Search }) {
  const { selection, problem } = reportSelection(await searchParams);
  // The viewer's zone, as the root layout reads it: the days are theirs.
  const timeZone = safeTimeZone(decoded((await cookies()).get(TIME_ZONE_COOKIE)?.value));
  const initial = await load((api) => fetchReport(api, selection, timeZone));
  return <ReportsPage initial={initial} initialSelection={selection} initialTimeZone={timeZone} problem={problem} />;
}

function decoded(value: string | undefined): string | null {
  try {
    return value === undefined ? null : decodeURIComponent(value);
  } catch {
    return null;
  }
}
