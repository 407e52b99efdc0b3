import type { Metadata } from 'next';
import { Health } from '../../../../features/health/components/health-tiles';
import { fetchMetrics } from '../../../../features/health/health.queries';
import { load } from '../../../../lib/server-api';

export const metadata: Metadata = { title: 'Health' };

export default async function HealthPage() {
  return <Health initial={await load(fetchMetrics)} />;
}
