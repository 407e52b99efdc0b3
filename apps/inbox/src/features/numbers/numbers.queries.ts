import { browserApi, unwrap, type Api } from '@/lib/api';
import { idempotencyHeaders } from '@/lib/request-id';

/** Business numbers (admins): `GET /v1/numbers` with rate, messaging limit, profile and pauses; pause and resume with a note. */
export const numberKeys = { all: ['numbers'] as const };

export function fetchNumbers(api: Api) {
  return api.client.GET('/v1/numbers');
}

export const numbersQuery = () => ({
  queryKey: numberKeys.all,
  queryFn: () => unwrap(fetchNumbers(browserApi())),
  refetchInterval: 30_000,
});

export function pauseNumber(id: string, note: string, requestId: string) {
  return unwrap(browserApi().client.POST('/v1/numbers/{id}/pause', { params: { path: { id } }, body: { note }, headers: idempotencyHeaders(requestId) }));
}

export function resumeNumber(id: string, note: string, requestId: string) {
  return unwrap(browserApi().client.POST('/v1/numbers/{id}/resume', { params: { path: { id } }, body: { note }, headers: idempotencyHeaders(requestId) }));
}

/** Reads every number's profile from Meta now (verified name, quality, throughput level). */
export function syncNumbers(requestId: string) {
  return unwrap(browserApi().client.POST('/v1/numbers/sync', { headers: idempotencyHeaders(requestId) }));
}
