/**
 * What went wrong with a call to the API, in one shape for every page: its kind (what the UI does
 * about it), the API's error code and message, and how long to wait when throttled. Status 0
 * means the request never got an answer (network down, inbox server gone).
 */
export type ProblemKind = 'unauthorized' | 'forbidden' | 'not_found' | 'throttled' | 'invalid' | 'conflict' | 'unreachable' | 'server';

export interface Problem {
  readonly kind: ProblemKind;
  readonly status: number;
  /** The API's `error` code (`invalid_credentials`, `forbidden`, `window_closed`, …). */
  readonly code: string | null;
  /** The API's own message, when it sent one. */
  readonly message: string | null;
  readonly retryAfterSeconds: number | null;
}

/** The inbox's own answer when it could not reach the API (see lib/api-proxy.ts). */
export const API_UNREACHABLE = 'api_unreachable';

export function problemFrom(status: number, body: unknown, retryAfter: string | null = null, now: number = Date.now()): Problem {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = typeof record.error === 'string' ? record.error : null;
  const message = typeof record.message === 'string' ? record.message : null;
  // The header first; the API also says it in the body of a 429 (`retry_after_seconds`).
  const wait =
    retryAfterSeconds(retryAfter, now) ?? (typeof record.retry_after_seconds === 'number' ? Math.max(0, Math.ceil(record.retry_after_seconds)) : null);
  return { kind: kindOf(status, code), status, code, message, retryAfterSeconds: wait };
}

function kindOf(status: number, code: string | null): ProblemKind {
  if (status === 0 || code === API_UNREACHABLE) return 'unreachable';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'throttled';
  if (status === 409) return 'conflict';
  if (status === 400 || status === 413 || status === 422) return 'invalid';
  // A gateway in front of the API (or Next's own) answering for it: the API itself did not.
  if ((status === 502 || status === 503 || status === 504) && code === null) return 'unreachable';
  return 'server';
}

/** `Retry-After` as whole seconds from now: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(header: string | null | undefined, now: number = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** "30 s", "2 min", "1 min 5 s": a wait, short. */
export function waitWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  const rest = s % 60;
  return rest === 0 ? `${m} min` : `${m} min ${rest} s`;
}

/** A heading for an error state: what the person sees instead of the page. */
export function problemTitle(problem: Pick<Problem, 'kind'>): string {
  switch (problem.kind) {
    case 'unauthorized':
      return 'Your session has ended';
    case 'forbidden':
      return "You don't have access to this page";
    case 'not_found':
      return 'Not found';
    case 'throttled':
      return 'Too many requests';
    case 'unreachable':
      return 'The API is unreachable';
    case 'invalid':
    case 'conflict':
      return 'The API refused the request';
    case 'server':
      return 'The API had a problem';
  }
}

/** A sentence under the heading: what it means and what to do. */
export function problemDetail(problem: Problem): string {
  switch (problem.kind) {
    case 'unauthorized':
      return 'Sign in again to continue.';
    case 'forbidden':
      return 'This page is for admins. Ask an admin if you need it.';
    case 'not_found':
      return problem.message ?? 'It may have been removed, or the link is wrong.';
    case 'throttled':
      return problem.retryAfterSeconds === null ? 'Wait a moment, then try again.' : `Try again in ${waitWords(problem.retryAfterSeconds)}.`;
    case 'unreachable':
      return 'The inbox could not reach the Sendbook API. Check that it is running, then try again.';
    case 'invalid':
    case 'conflict':
      return problem.message ?? `HTTP ${problem.status}${problem.code ? ` (${problem.code})` : ''}.`;
    case 'server':
      return `The API answered HTTP ${problem.status}${problem.code ? ` (${problem.code})` : ''}. Try again; if it keeps happening, check the API's logs.`;
  }
}

/** What the sign-in form says when signing in did not work. */
export function signInMessage(problem: Problem): string {
  // The API answers invalid_credentials alike for an unknown email and a wrong password: so do we.
  if (problem.kind === 'unauthorized') return 'Wrong email or password.';
  if (problem.kind === 'throttled') {
    return problem.retryAfterSeconds === null
      ? 'Too many attempts. Wait a moment, then try again.'
      : `Too many attempts. Try again in ${waitWords(problem.retryAfterSeconds)}.`;
  }
  if (problem.kind === 'unreachable') return 'The API is unreachable. Check that Sendbook is running, then try again.';
  if (problem.kind === 'invalid') return 'Enter your email address and password.';
  if (problem.kind === 'forbidden') return 'This account cannot sign in here.';
  if (problem.kind === 'not_found') return 'This API does not offer sign-in yet. Update Sendbook, then try again.';
  return `Signing in failed: the API answered HTTP ${problem.status}. Try again in a moment.`;
}
