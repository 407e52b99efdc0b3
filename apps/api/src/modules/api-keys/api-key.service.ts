import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { ApiKeyVerifier } from '../../common/auth/api-key.guard.js';
import { Clock } from '../../common/clock.js';
import { ApiKeyRepository } from './api-key.repository.js';

/** API keys are long random strings, so a plain SHA-256 is enough to keep them unusable at rest. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/**
 * How long a lookup is remembered in this process. REVOCATION DELAY: a revoked key keeps working
 * for up to `VALID_TTL_MS` in each running process (a new key works at once, or within
 * `INVALID_TTL_MS` if it was tried and refused just before it was created).
 */
export const API_KEY_CACHE = {
  VALID_TTL_MS: 30_000,
  /** Refusals are remembered briefly too, so hammering with bad keys does not hammer PostgreSQL. */
  INVALID_TTL_MS: 5_000,
  /** Bounded: a flood of distinct bad keys evicts the oldest entries instead of growing memory. */
  MAX_ENTRIES: 10_000,
} as const;

interface CacheEntry {
  valid: boolean;
  until: number;
}

@Injectable()
export class ApiKeyService implements ApiKeyVerifier {
  /** By key hash, in insertion order (oldest first, for eviction). */
  private readonly cache = new Map<string, CacheEntry>();
  /** Concurrent requests with the same key share one lookup. */
  private readonly inFlight = new Map<string, Promise<boolean>>();

  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly clock: Clock,
  ) {}

  async isValid(key: string): Promise<boolean> {
    if (key.length < 16 || key.length > 512) return false;
    const hash = hashApiKey(key);
    const now = this.clock.now().getTime();
    const cached = this.cache.get(hash);
    if (cached && cached.until > now) return cached.valid;

    const pending = this.inFlight.get(hash);
    if (pending) return pending;
    const lookup = this.lookup(hash, now).finally(() => this.inFlight.delete(hash));
    this.inFlight.set(hash, lookup);
    return lookup;
  }

  ensureBootstrapKey(key: string): Promise<void> {
    return this.keys.insertIfAbsent('bootstrap', hashApiKey(key), key.slice(0, 6));
  }

  private async lookup(hash: string, now: number): Promise<boolean> {
    const valid = (await this.keys.findActiveByHash(hash)) !== null;
    this.cache.delete(hash);
    this.cache.set(hash, { valid, until: now + (valid ? API_KEY_CACHE.VALID_TTL_MS : API_KEY_CACHE.INVALID_TTL_MS) });
    while (this.cache.size > API_KEY_CACHE.MAX_ENTRIES) {
      const oldest = this.cache.keys().next();
      if (oldest.done) break;
      this.cache.delete(oldest.value);
    }
    return valid;
  }
}
