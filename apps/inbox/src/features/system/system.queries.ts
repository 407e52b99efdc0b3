import { browserApi, unwrap, type Api } from '@/lib/api';

/** Everything that runs in the background (admins): `GET /v1/system/jobs`, with each task's latest run. */
export const systemKeys = { jobs: ['system', 'jobs'] as const };

export function fetchBackgroundWork(api: Api) {
  return api.client.GET('/v1/system/jobs');
}

export const backgroundWorkQuery = () => ({
  queryKey: systemKeys.jobs,
  queryFn: () => unwrap(fetchBackgroundWork(browserApi())),
  // Tasks run every few seconds; a quarter-minute is fresh enough to see one stall.
  refetchInterval: 15_000,
});
