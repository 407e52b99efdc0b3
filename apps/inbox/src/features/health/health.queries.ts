import type { MetricsReport } from '@sendbook/api-contract';
import { browserApi, unwrap, type Api } from '@/lib/api';
import { healthRange, type HealthRange } from '@/lib/chart-series';

/** Queue health: `GET /v1/metrics` (admins) over a chosen range, bucketed so a chart has a few hundred points at most. */
export const healthKeys = { report: ['metrics'] as const, range: (range: HealthRange['key']) => ['metrics', range] as const };

export function fetchMetrics(api: Api, range: HealthRange = healthRange('1h'), now = Date.now()) {
  return api.client.GET('/v1/metrics', { params: { query: { bucket: range.bucket, since: new Date(now - range.ms).toISOString() } } });
}

export const healthQuery = (range: HealthRange = healthRange('1h')) => ({
  queryKey: healthKeys.range(range.key),
  queryFn: (): Promise<MetricsReport> => unwrap(fetchMetrics(browserApi(), range)),
  // Figures are sampled each minute; a glance every 30 s is enough.
  refetchInterval: 30_000,
});
