import type { MetricsReport } from '@sendbook/api-contract';
import { browserApi, unwrap, type Api } from '../../lib/api';

/** Queue health: `GET /v1/metrics` (admins), the last hour by minute. */
export const healthKeys = { report: ['metrics'] as const };

export function fetchMetrics(api: Api) {
  return api.client.GET('/v1/metrics');
}

export const healthQuery = () => ({
  queryKey: healthKeys.report,
  queryFn: (): Promise<MetricsReport> => unwrap(fetchMetrics(browserApi())),
  // Figures are sampled each minute; a glance every 30 s is enough.
  refetchInterval: 30_000,
});
