import { createSendbookClient, type SendbookClient } from '@sendbook/api-contract';
import { loginHref } from './next-path';
import { problemFrom, type Problem } from './problem';
import { IDEMPOTENCY_HEADER, isMutation, newRequestId } from './request-id';

/**
 * The one way the inbox calls the API: the typed client generated from the API's contract. In the
 * browser it calls the inbox's own origin (`/v1/*` is forwarded to the API), so the session cookie
 * goes along; on the server, lib/server-api.ts forwards the visitor's cookie.
 */
export interface Api {
  readonly client: SendbookClient;
}

/** The shape openapi-fetch answers with. */
export interface ApiResult<T> {
  readonly data?: T;
  readonly error?: unknown;
  readonly response: Response;
}

export interface ApiOptions {
  readonly baseUrl: string;
  readonly fetch: (request: Request) => Promise<Response>;
  readonly headers?: Record<string, string>;
}

export function createApi(options: ApiOptions): Api {
  return { client: createSendbookClient({ baseUrl: options.baseUrl, fetch: options.fetch, headers: options.headers }) };
}

/** An answer that was not a success, as a Problem the UI knows how to show. */
export class ApiError extends Error {
  constructor(readonly problem: Problem) {
    super(`${problem.status} ${problem.code ?? problem.kind}${problem.message ? `: ${problem.message}` : ''}`);
    this.name = 'ApiError';
  }
}

/** The data of a successful answer, else an ApiError (status 0 when there was no answer at all). */
export async function unwrap<R extends ApiResult<unknown>>(call: Promise<R>): Promise<NonNullable<R['data']>> {
  let result: R;
  try {
    result = await call;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(problemFrom(0, null));
  }
  if (result.response.ok) return result.data as NonNullable<R['data']>;
  throw new ApiError(problemOf(result));
}

export function problemOf(result: ApiResult<unknown>): Problem {
  return problemFrom(result.response.status, result.error, result.response.headers.get('retry-after'));
}

/** The Problem behind any error a query or mutation threw. */
export function toProblem(error: unknown): Problem {
  return error instanceof ApiError ? error.problem : problemFrom(0, null);
}

// ---------------------------------------------------------------------------------------------
// In the browser

let browser: Api | null = null;

/** The browser's client: same origin, an idempotency key on every mutation, 401 → sign in again. */
export function browserApi(): Api {
  browser ??= createApi({ baseUrl: window.location.origin, fetch: browserFetch });
  return browser;
}

/** Calls whose 401 means "wrong password" or "already signed out", not "your session ended". */
const OWN_401 = ['/v1/auth/login', '/v1/auth/logout'];

async function browserFetch(request: Request): Promise<Response> {
  // Mutations made through a hook carry their own key (lib/request-id.ts); this is the net for any that do not.
  if (isMutation(request.method) && !request.headers.has(IDEMPOTENCY_HEADER)) request.headers.set(IDEMPOTENCY_HEADER, newRequestId());
  const response = await fetch(request, { credentials: 'same-origin' });
  if (response.status === 401 && !OWN_401.includes(new URL(request.url).pathname)) sessionEnded();
  return response;
}

let leaving = false;

/** The session is gone (expired, signed out elsewhere, deactivated): sign in again, then come back here. */
export function sessionEnded(): void {
  if (leaving) return;
  leaving = true;
  window.location.assign(loginHref(`${window.location.pathname}${window.location.search}`, 'session_ended'));
}
