import { headerOf, type HttpReply, type HttpRequest } from '../../common/http/http-types.js';
import { SESSION_COOKIE } from '../../common/auth/authenticators.js';
import type { AppConfig } from '../../config/config.schema.js';
import type { OpenedSession } from './sessions.service.js';

/**
 * The session cookie: HTTP-only (no script reads it), SameSite=Lax (no other site's form posts
 * it), Secure when served over https (directly or behind a proxy that says so), for the whole site.
 */
export function setSessionCookie(req: HttpRequest, res: HttpReply, session: OpenedSession, config: AppConfig): void {
  res.header('Set-Cookie', sessionCookie(encodeURIComponent(session.token), session.expiresAt, secure(req, config)));
}

export function clearSessionCookie(req: HttpRequest, res: HttpReply, config: AppConfig): void {
  res.header('Set-Cookie', sessionCookie('', new Date(0), secure(req, config)));
}

/** `Set-Cookie` for the session: the attributes above; an expiry in the past deletes it. */
function sessionCookie(value: string, expires: Date, overHttps: boolean): string {
  return `${SESSION_COOKIE}=${value}; Path=/; Expires=${expires.toUTCString()}; HttpOnly${overHttps ? '; Secure' : ''}; SameSite=Lax`;
}

function secure(req: HttpRequest, config: AppConfig): boolean {
  if (config.auth.cookieSecure !== 'auto') return config.auth.cookieSecure === 'always';
  return req.protocol === 'https' || headerOf(req, 'x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}

/** The client as the audit trail and the throttle see it (TRUST_PROXY decides what `req.ip` believes). */
export const clientOf = (req: HttpRequest) => ({ ip: req.ip || req.socket.remoteAddress || 'unknown', userAgent: headerOf(req, 'user-agent') ?? null });
