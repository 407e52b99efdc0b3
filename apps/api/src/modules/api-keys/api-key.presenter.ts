import type { ApiKey as ApiKeyResource } from '@sendbook/api-contract';
import { isoTime } from '../../common/iso-time.js';
import type { ApiKey } from './api-key.entity.js';
import { limitsOf } from './api-key-limits.js';

/** What anyone may see of a key: never the key or its hash, only its first characters. */
export function presentApiKey(k: ApiKey, review: ApiKeyResource['review'] = null): ApiKeyResource {
  return {
    id: k.id,
    name: k.name,
    integration: k.integration,
    prefix: k.keyPrefix,
    scopes: k.scopes,
    created_by: k.createdBy,
    created_at: isoTime(k.createdAt),
    last_used_at: isoTime(k.lastUsedAt),
    revoked_at: isoTime(k.revokedAt),
    expires_at: isoTime(k.expiresAt),
    limits: presentLimits(k),
    review,
  };
}

/** The limits in force (a `send` key's default priority limit shown as the number it is). */
function presentLimits(k: ApiKey): ApiKeyResource['limits'] {
  const limits = limitsOf(k);
  return {
    phone_number_ids: limits.phoneNumberIds ? [...limits.phoneNumberIds] : null,
    max_priority: limits.maxPriority,
    rate_per_minute: limits.ratePerMinute,
  };
}
