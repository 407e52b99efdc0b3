/**
 * What a non-2xx answer says about a request, before anything else is read from it.
 *
 * - `rejected`: Meta itself refused it (its `{ "error": {...} }` body): nothing was sent, and the
 *   error code says what next.
 * - `unknown`: something answered that is not Meta's verdict. A 4xx or 5xx without Meta's body
 *   comes from a proxy, gateway or load balancer, which may have passed the request on first; 408
 *   (the server gave up on a request it had begun to read) and 421 (it reached a server that
 *   will not serve it, e.g. over a reused connection) say nothing certain about Meta either.
 *   For a send, treating these as "not sent" would risk a double send.
 */
export type FailedAnswer = 'rejected' | 'unknown';

const UNCERTAIN_STATUSES: ReadonlySet<number> = new Set([408, 421]);

export function classifyFailedAnswer(httpStatus: number, hasGraphErrorBody: boolean): FailedAnswer {
  if (UNCERTAIN_STATUSES.has(httpStatus)) return 'unknown';
  return hasGraphErrorBody ? 'rejected' : 'unknown';
}
