import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ApiKeyRepository } from './api-key.repository.js';

/** API keys are long random strings, so a plain SHA-256 is enough to keep them unusable at rest. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

@Injectable()
export class ApiKeyService {
  constructor(private readonly keys: ApiKeyRepository) {}

  async isValid(key: string): Promise<boolean> {
    if (key.length < 16 || key.length > 512) return false;
    return (await this.keys.findActiveByHash(hashApiKey(key))) !== null;
  }

  ensureBootstrapKey(key: string): Promise<void> {
    return this.keys.insertIfAbsent('bootstrap', hashApiKey(key), key.slice(0, 6));
  }
}
