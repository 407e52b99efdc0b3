import type { Metadata } from 'next';
import { Health } from '@/features/health/components/health-tiles';
import { fetchMetrics } from '@/features/health/health.queries';
import { healthRange } from '@/lib/chart-series';
import { load } from '@/lib/server-api';

export const metadata: Metadata = { title: 'Health' };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function HealthPage({ searchParams }: { searchParams: Search }) {
  const { range: raw } = await searchParams;
  const range = healthRange(Array.isArray(raw) ? raw[0] : raw);
  return <Health key={range.key} range={range} initial={await load((api) => fetchMetrics(api, range))} />;
}
