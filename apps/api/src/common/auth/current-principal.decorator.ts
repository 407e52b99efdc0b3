import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { HttpRequest } from '../http/http-types.js';
import type { Principal } from './principal.js';

export type AuthenticatedRequest = HttpRequest & { principal?: Principal };

/** The caller the AuthGuard identified; routes behind an Access rule always have one. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, ctx: ExecutionContext): Principal => {
  const principal = ctx.switchToHttp().getRequest<AuthenticatedRequest>().principal;
  if (!principal) throw new Error('CurrentPrincipal on a route the AuthGuard let through without one (a @Public route?)');
  return principal;
});
