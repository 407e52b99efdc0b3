import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { DomainError } from '../errors/domain-error.js';
import { ErrorCode } from '../errors/error-code.js';

/**
 * Whether a presented API key may call the API. Declared beside the guard and provided by the
 * api-keys module, so the guard depends on no feature module.
 */
export abstract class ApiKeyVerifier {
  abstract isValid(key: string): Promise<boolean>;
}

/** `Authorization: Bearer <api key>` for integrator endpoints. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(private readonly apiKeys: ApiKeyVerifier) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const header = context.switchToHttp().getRequest<Request>().header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match || !(await this.apiKeys.isValid(match[1]!))) {
      throw new DomainError(ErrorCode.Unauthorized, 'a valid API key is required (Authorization: Bearer <key>)');
    }
    return true;
  }
}
