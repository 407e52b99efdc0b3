import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { Clock } from '../clock.js';
import { DomainError } from '../errors/domain-error.js';
import { ErrorCode } from '../errors/error-code.js';
import { decideAccess, type AccessRule } from './access.js';
import { ACCESS_KEY, DEFAULT_ACCESS } from './access.decorator.js';
import { ApiKeyAuthenticator, SESSION_COOKIE, SessionAuthenticator } from './authenticators.js';
import type { AuthenticatedRequest } from './current-principal.decorator.js';
import type { Principal } from './principal.js';
import { headerOf } from '../http/http-types.js';
import { cookieValue, isSameSiteRequest } from './request-origin.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every HTTP route passes here (APP_GUARD): it needs an API key or a staff session unless it is
 * @Public, and the caller's capabilities must meet its Access rule (admin-only when it has none).
 * Answers 401 (who are you?) or 403 with an error code, never a redirect; the inbox decides what
 * a person sees.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeyAuthenticator,
    private readonly sessions: SessionAuthenticator,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]) ?? DEFAULT_ACCESS;
    if (rule.kind === 'public') return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const principal = await this.identify(request);
    if (principal?.kind === 'api_key' && principal.limits.ratePerMinute !== null) {
      const admitted = await this.apiKeys.admit(principal);
      if (!admitted.ok) {
        const seconds = Math.ceil(admitted.retryAfterMs / 1000);
        throw new DomainError(
          ErrorCode.RateLimited,
          `this API key may make ${principal.limits.ratePerMinute} requests a minute; try again in ${seconds} s`,
          { retry_after_seconds: seconds },
          { 'Retry-After': String(seconds) },
        );
      }
    }
    const decision = decideAccess(rule, principal);
    if (decision === 'unauthenticated') throw new DomainError(ErrorCode.Unauthorized, 'sign in, or send an API key (Authorization: Bearer <key>)');
    if (decision === 'forbidden')
      throw DomainError.forbidden(principal?.kind === 'staff' ? `the ${principal.role} role does not allow this` : "this API key's scopes do not allow this");
    if (principal!.kind === 'staff' && !SAFE_METHODS.has(request.method) && !this.sameSite(request)) {
      throw new DomainError(ErrorCode.CrossSiteRequest, 'a request with a session cookie from another site was refused');
    }
    request.principal = principal!;
    return true;
  }

  /** A Bearer key if one is sent (a wrong one is not excused by a cookie), else the session cookie. */
  private async identify(request: AuthenticatedRequest): Promise<Principal | null> {
    const authorization = headerOf(request, 'authorization');
    if (authorization !== undefined) {
      const key = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
      return key ? this.apiKeys.authenticate(key) : null;
    }
    const token = cookieValue(headerOf(request, 'cookie'), SESSION_COOKIE);
    return token ? this.sessions.authenticate(token, this.clock.now()) : null;
  }

  private sameSite(request: AuthenticatedRequest): boolean {
    return isSameSiteRequest(
      {
        origin: headerOf(request, 'origin'),
        referer: headerOf(request, 'referer'),
        host: headerOf(request, 'host'),
        forwardedHost: headerOf(request, 'x-forwarded-host'),
      },
      this.config.auth.allowedOrigins,
    );
  }
}
