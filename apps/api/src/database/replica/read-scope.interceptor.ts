import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { catchError, concatMap, from, map, throwError, type Observable } from 'rxjs';
import type { AuthenticatedRequest } from '../../common/auth/current-principal.decorator.js';
import { actorOf } from '../../common/auth/principal.js';
import { ReadDatabase } from './read-database.js';
import { runInReadScope } from './read-scope.js';
import { WRITES_NOTHING } from './writes-nothing.decorator.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every HTTP request runs in a read scope (who reads, whether it writes) that ReadDatabase routes
 * by; after a request that may have written, the writer's position is noted before the answer
 * goes, so the very next read of theirs, on any API instance, already waits for it. Runs after
 * the AuthGuard, so the principal is known. Nothing to do without a replica.
 */
@Injectable()
export class ReadScopeInterceptor implements NestInterceptor {
  constructor(
    private readonly reads: ReadDatabase,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http' || !this.reads.enabled) return next.handle();
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const actor = request.principal ? actorOf(request.principal) : null;
    const mutating = !SAFE_METHODS.has(request.method);
    // handle() binds the handler to the async context it is called in: this scope.
    const handled = runInReadScope({ actor, mutating }, () => next.handle());
    if (!mutating || actor === null || this.reflector.getAllAndOverride<boolean>(WRITES_NOTHING, [context.getHandler(), context.getClass()])) return handled;
    // Failed requests too: one may have committed part of its work before failing. noteWrite never throws.
    const noted = () => from(this.reads.noteWrite(actor));
    return handled.pipe(
      concatMap((value) => noted().pipe(map(() => value))),
      catchError((error: unknown) => noted().pipe(concatMap(() => throwError(() => error)))),
    );
  }
}
