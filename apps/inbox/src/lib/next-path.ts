/**
 * Where to send someone after they sign in: the `next` query parameter, trusted only when it is a
 * path on this origin. Anything else (another origin, `//evil.example`, `/\evil.example`, a
 * `javascript:` URL, control characters browsers strip, the login page itself, the API's own
 * paths) falls back to the conversations, so `/login?next=` can never be an open redirect or a loop.
 */
export const AFTER_SIGN_IN = '/conversations';

const PROBE_ORIGIN = 'http://inbox.invalid';
const MAX_LENGTH = 2048;

export function safeNextPath(raw: string | null | undefined, fallback: string = AFTER_SIGN_IN): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return fallback;
  // Only a path: one leading slash, never two, never a backslash (browsers read `/\` as `//`).
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return fallback;
  // Tabs and newlines are removed by URL parsers (`/\t/evil` becomes `//evil`); refuse any control character.
  if (hasControlCharacter(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  // An invite link's token is a credential: it never rides along in a `next` that may be logged.
  if (
    isLoginPath(url.pathname) ||
    isInvitePath(url.pathname) ||
    url.pathname === '/v1' ||
    url.pathname.startsWith('/v1/') ||
    url.pathname.startsWith('/_next/')
  )
    return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Why someone is sent to sign in, when it is not simply that they have not yet. */
export type SignInReason = 'session_ended';

/** The sign-in page, remembering where the person was (`/` and the default destination need no `next`). */
export function loginHref(next: string | null | undefined, reason?: SignInReason): string {
  const safe = safeNextPath(next, '');
  const params = new URLSearchParams();
  if (safe !== '' && safe !== '/' && safe !== AFTER_SIGN_IN) params.set('next', safe);
  if (reason) params.set('reason', reason);
  const query = params.toString();
  return query ? `/login?${query}` : '/login';
}

/** `/invite/<token>`: an invite or reset link, opened without a session. */
export function isInvitePath(pathname: string): boolean {
  return pathname === '/invite' || pathname.startsWith('/invite/');
}

export function isLoginPath(pathname: string): boolean {
  return pathname === '/login' || pathname.startsWith('/login/');
}

/** A request's path and query as the person sees it, without Next's internal `_rsc` cache-buster. */
export function visiblePath(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete('_rsc');
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
