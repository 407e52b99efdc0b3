import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AccessRevocations, ApiKeyAuthenticator } from '../../common/auth/authenticators.js';
import { actorOf, type ApiKeyScope, type Principal } from '../../common/auth/principal.js';
import { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { AuditService } from '../audit/audit.service.js';
import type { ApiKey } from './api-key.entity.js';
import { limitsOf } from './api-key-limits.js';
import { presentApiKey } from './api-key.presenter.js';
import type { UpdateApiKeyDto } from './dto/update-api-key.dto.js';
import { ApiKeyRateLimiter } from './api-key-rate-limiter.js';
import { ApiKeyRepository } from './api-key.repository.js';

/** API keys are long random strings, so a plain SHA-256 is enough to keep them unusable at rest. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** `sk_live_` and 43 characters of 256 random bits. */
export const newApiKey = (): string => `sk_live_${randomBytes(32).toString('base64url')}`;

/**
 * How long a lookup is remembered in this process. A revoked key is refused at once by the
 * instance that revoked it and within `VALID_TTL_MS` by every other (which also drop it as soon
 * as the revocation reaches them over the live-events stream).
 */
export const API_KEY_CACHE = {
  VALID_TTL_MS: 1_000,
  /** Refusals are remembered briefly too, so hammering with bad keys does not hammer PostgreSQL. */
  INVALID_TTL_MS: 1_000,
  /** Bounded: a flood of distinct bad keys evicts the oldest entries instead of growing memory. */
  MAX_ENTRIES: 10_000,
  /** `last_used_at` is written at most this often per key and process. */
  TOUCH_EVERY_MS: 60_000,
} as const;

interface CacheEntry {
  principal: Principal | null;
  until: number;
}

@Injectable()
export class ApiKeyService implements ApiKeyAuthenticator {
  /** By key hash, in insertion order (oldest first, for eviction). */
  private readonly cache = new Map<string, CacheEntry>();
  /** Concurrent requests with the same key share one lookup. */
  private readonly inFlight = new Map<string, Promise<Principal | null>>();
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly rates: ApiKeyRateLimiter,
    private readonly revocations: AccessRevocations,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
  ) {}

  async authenticate(key: string): Promise<Principal | null> {
    if (key.length < 16 || key.length > 512) return null;
    const hash = hashApiKey(key);
    const now = this.clock.now().getTime();
    const cached = this.cache.get(hash);
    const principal = cached && cached.until > now ? cached.principal : await this.lookupOnce(hash, now);
    if (principal?.kind === 'api_key') this.touch(principal.apiKeyId, now);
    return principal;
  }

  admit(principal: Principal & { kind: 'api_key' }) {
    return principal.limits.ratePerMinute === null
      ? Promise.resolve({ ok: true } as const)
      : this.rates.admit(principal.apiKeyId, principal.limits.ratePerMinute);
  }

  ensureBootstrapKey(key: string): Promise<void> {
    return this.keys.insertIfAbsent({ name: 'bootstrap', keyHash: hashApiKey(key), keyPrefix: key.slice(0, 8), scopes: ['admin'], createdBy: 'bootstrap' });
  }

  /** Every key; those a deactivated staff member made say so (`review`), for an admin to decide on. */
  async list() {
    const [keys, orphaned] = await Promise.all([this.keys.list(), this.keys.createdByDeactivatedStaff()]);
    return { data: keys.map((k) => presentApiKey(k, orphaned.has(k.id) ? 'creator_deactivated' : null)) };
  }

  /** A new key, shown once in the answer; only its hash is kept. `expiresAt`: refused from then on. */
  async create(
    name: string,
    scopes: ApiKeyScope[],
    by: Principal | 'cli',
    expiresAt: Date | null = null,
    integration: string = name,
    limits: UpdateApiKeyDto = {},
  ) {
    if (expiresAt && expiresAt.getTime() <= this.clock.now().getTime())
      throw DomainError.validation([{ field: 'expires_at', message: 'must be in the future' }]);
    const key = newApiKey();
    const actor = by === 'cli' ? 'cli' : actorOf(by);
    const created = await this.keys.insert({
      name,
      integration,
      keyHash: hashApiKey(key),
      keyPrefix: key.slice(0, 12),
      scopes: [...new Set(scopes)],
      createdBy: actor,
      expiresAt,
      ...storedLimits(limits),
    });
    await this.audit.record({
      actor,
      action: 'api_key.created',
      subjectType: 'api_key',
      subjectId: created.id,
      details: { name, integration, scopes: created.scopes, expires_at: expiresAt?.toISOString() ?? null, limits: presentApiKey(created).limits },
    });
    return { api_key: presentApiKey(created), key };
  }

  /** New limits, in force within a second on every instance (the lookup cache's lifetime). */
  async updateLimits(id: string, limits: UpdateApiKeyDto, by: Principal) {
    const found = /^[0-9a-f-]{36}$/i.test(id) ? await this.keys.findById(id) : null;
    if (!found) throw DomainError.notFound('API key');
    const changes = storedLimits(limits);
    const updated = Object.keys(changes).length > 0 ? await this.keys.updateLimits(id, changes) : found;
    this.forget(updated);
    await this.audit.record({
      actor: actorOf(by),
      action: 'api_key.limits_changed',
      subjectType: 'api_key',
      subjectId: id,
      details: { before: presentApiKey(found).limits, after: presentApiKey(updated).limits },
    });
    return { api_key: presentApiKey(updated) };
  }

  /** Refused from the next request on: here at once, elsewhere within a second, and its live streams close. */
  async revoke(id: string, by: Principal | 'cli') {
    const found = /^[0-9a-f-]{36}$/i.test(id) ? await this.keys.findById(id) : null;
    if (!found) throw DomainError.notFound('API key');
    const revoked = await this.keys.revoke(id, this.clock.now());
    if (!revoked) throw new DomainError(ErrorCode.InvalidStateTransition, 'this API key is already revoked');
    this.forget(revoked);
    await this.audit.record({
      actor: by === 'cli' ? 'cli' : actorOf(by),
      action: 'api_key.revoked',
      subjectType: 'api_key',
      subjectId: id,
      details: { name: revoked.name },
    });
    await this.revocations.revoked({ apiKeyId: id });
    return { api_key: presentApiKey(revoked) };
  }

  private forget(key: ApiKey): void {
    this.cache.delete(key.keyHash);
  }

  private lookupOnce(hash: string, now: number): Promise<Principal | null> {
    const pending = this.inFlight.get(hash);
    if (pending) return pending;
    const lookup = this.lookup(hash, now).finally(() => this.inFlight.delete(hash));
    this.inFlight.set(hash, lookup);
    return lookup;
  }

  private async lookup(hash: string, now: number): Promise<Principal | null> {
    const row = await this.keys.findActiveByHash(hash);
    const principal: Principal | null = row
      ? {
          kind: 'api_key',
          apiKeyId: row.id,
          scopes: row.scopes,
          name: row.name,
          integration: row.integration,
          integrationKeys: await this.keys.integrationKeys(row.integration),
          limits: limitsOf(row),
        }
      : null;
    this.cache.delete(hash);
    this.cache.set(hash, { principal, until: now + (principal ? API_KEY_CACHE.VALID_TTL_MS : API_KEY_CACHE.INVALID_TTL_MS) });
    while (this.cache.size > API_KEY_CACHE.MAX_ENTRIES) {
      const oldest = this.cache.keys().next();
      if (oldest.done) break;
      this.cache.delete(oldest.value);
    }
    return principal;
  }

  /** Fire and forget: a key's use is worth knowing, not worth a write per request or a failed request. */
  private touch(id: string, now: number): void {
    if (now - (this.touched.get(id) ?? 0) < API_KEY_CACHE.TOUCH_EVERY_MS) return;
    this.touched.set(id, now);
    this.keys.touch(id, new Date(now)).catch((error: unknown) => this.logger.event('warn', 'api_key.touch_failed', { error }));
  }
}

/** The request's limits as columns: only those given (null lifts one), duplicates dropped. */
function storedLimits(limits: UpdateApiKeyDto): Partial<Pick<ApiKey, 'phoneNumberIds' | 'maxPriority' | 'ratePerMinute'>> {
  const out: Partial<Pick<ApiKey, 'phoneNumberIds' | 'maxPriority' | 'ratePerMinute'>> = {};
  if (limits.phone_number_ids !== undefined) out.phoneNumberIds = limits.phone_number_ids === null ? null : [...new Set(limits.phone_number_ids)];
  if (limits.max_priority !== undefined) out.maxPriority = limits.max_priority;
  if (limits.rate_per_minute !== undefined) out.ratePerMinute = limits.rate_per_minute;
  return out;
}
