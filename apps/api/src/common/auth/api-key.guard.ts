import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { ApiKeyService } from '../../modules/api-keys/api-key.service.js';
import { DomainError } from '../errors/domain-error.js';
import { ErrorCode } from '../errors/error-code.js';

/** `Authorization: Bearer <api key>` for integrator endpoints. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(private readonly apiKeys: ApiKeyService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const header = context.switchToHttp().getRequest<Request>().header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match || !(await this.apiKeys.isValid(match[1]!))) {
      throw new DomainError(ErrorCode.Unauthorized, 'a valid API key is required (Authorization: Bearer <key>)');
    }
    return true;
  }
}
