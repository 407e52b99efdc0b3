import type { Request, Response } from 'express';
import { SESSION_COOKIE } from '../../common/auth/authenticators.js';
import type { AppConfig } from '../../config/config.schema.js';
import type { OpenedSession } from './sessions.service.js';

/**
 * The session cookie: HTTP-only (no script reads it), SameSite=Lax (no other site's form posts
 * it), Secure when served over https (directly or behind a proxy that says so), for the whole site.
 */
export function setSessionCookie(req: Request, res: Response, session: OpenedSession, config: AppConfig): void {
  res.cookie(SESSION_COOKIE, session.token, { httpOnly: true, sameSite: 'lax', secure: secure(req, config), path: '/', expires: session.expiresAt });
}

export function clearSessionCookie(req: Request, res: Response, config: AppConfig): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: secure(req, config), path: '/' });
}

function secure(req: Request, config: AppConfig): boolean {
  if (config.auth.cookieSecure !== 'auto') return config.auth.cookieSecure === 'always';
  return req.secure || req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}

/** The client as the audit trail and the throttle see it (Express's `trust proxy` decides what `req.ip` believes). */
export const clientOf = (req: Request) => ({ ip: req.ip ?? req.socket.remoteAddress ?? 'unknown', userAgent: req.header('user-agent') ?? null });
