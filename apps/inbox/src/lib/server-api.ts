import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { ApiError, createApi, problemOf, type Api, type ApiResult } from './api';
import { apiUrl } from './api-url';
import { loginHref } from './next-path';
import { problemFrom, type Problem } from './problem';
import { PATH_HEADER } from './session';

/** A server render's answer from the API: the data, or what went wrong (plain data, so it can reach client components). */
/**
 * A server render's answer. `at` is when it came (epoch ms): the browser's cache must say the same
 * "updated at" as the HTML did, or the page hydrates with a different time in it.
 */
export type Loaded<T> = { readonly ok: true; readonly data: T; readonly at: number } | { readonly ok: false; readonly problem: Problem };

const SERVER_TIMEOUT_MS = 10_000;

/** The API as the visitor: their cookie forwarded, straight to API_URL (no browser, no Origin). */
export async function serverApi(): Promise<Api> {
  const cookie = (await headers()).get('cookie');
  return createApi({
    baseUrl: apiUrl(),
    headers: cookie ? { cookie } : {},
    fetch: (request) => fetch(request, { cache: 'no-store', signal: AbortSignal.timeout(SERVER_TIMEOUT_MS) }),
  });
}

/** The path and query the visitor asked for (set by src/proxy.ts), for `/login?next=`. */
export async function currentPath(): Promise<string> {
  return (await headers()).get(PATH_HEADER) ?? '/';
}

/**
 * Calls the API for a server render. A 401 means the session ended: the visitor is sent to sign in
 * and brought back here. Anything else that is not a success comes back as a Problem for the page
 * to show (forbidden, not found, unreachable), never thrown: error.tsx only sees a digest in
 * production, so it could not tell them apart.
 */
export async function load<T>(call: (api: Api) => Promise<ApiResult<T>>): Promise<Loaded<NonNullable<T>>> {
  let result: ApiResult<T>;
  try {
    result = await call(await serverApi());
  } catch {
    return { ok: false, problem: problemFrom(0, null) };
  }
  if (result.response.ok) return { ok: true, data: result.data as NonNullable<T>, at: Date.now() };
  const problem = problemOf(result);
  if (problem.kind === 'unauthorized') redirect(loginHref(await currentPath(), 'session_ended'));
  return { ok: false, problem };
}

/** The same for a page that needs several calls (each through `unwrap`): their result, or the first problem. */
export async function loadAll<T>(fetch: (api: Api) => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, data: await fetch(await serverApi()), at: Date.now() };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.problem.kind === 'unauthorized') redirect(loginHref(await currentPath(), 'session_ended'));
    return { ok: false, problem: error.problem };
  }
}
