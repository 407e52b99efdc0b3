import type { ApiKey as ApiKeyResource } from '@sendbook/api-contract';
import { isoTime } from '../../common/iso-time.js';
import type { ApiKey } from './api-key.entity.js';

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
    review,
  };
}
