import { NextResponse, type NextRequest } from 'next/server';
import { contentSecurityPolicy, newNonce } from './lib/content-security-policy';
import { isInvitePath, isLoginPath, loginHref, visiblePath } from './lib/next-path';
import { PATH_HEADER, SESSION_COOKIE } from './lib/session';

/**
 * Before any page renders: a visitor without a session cookie goes to `/login?next=<where they
 * were>` at once, without a round trip to the API. Whether the cookie is still valid is the
 * API's call, asked by the signed-in layout (`GET /v1/auth/me`), which redirects the same way.
 * Every page request also carries its visible path in a header, so server code that finds the
 * session gone knows where to send the person back to. Invite and reset links (`/invite/<token>`)
 * are opened without a session, and their token must never travel on in `next`.
 *
 * Every page also gets its own Content-Security-Policy nonce: set on the request, Next reads it
 * back and puts it on its inline scripts; set on the response, the browser runs only those.
 */
export function proxy(request: NextRequest): NextResponse {
  const { pathname, search } = request.nextUrl;
  const path = visiblePath(pathname, search);
  if (!isLoginPath(pathname) && !isInvitePath(pathname) && !request.cookies.has(SESSION_COOKIE)) {
    return NextResponse.redirect(new URL(loginHref(path), request.url));
  }
  const csp = contentSecurityPolicy(newNonce(), { dev: process.env.NODE_ENV === 'development' });
  const headers = new Headers(request.headers);
  headers.set(PATH_HEADER, path);
  headers.set('content-security-policy', csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('content-security-policy', csp);
  return response;
}

export const config = {
  // Pages only: not the API passthrough (/v1), Next's assets, or files with an extension.
  matcher: ['/((?!v1/|v1$|_next/|favicon\\.ico$|.*\\.[a-z0-9]+$).*)'],
};
