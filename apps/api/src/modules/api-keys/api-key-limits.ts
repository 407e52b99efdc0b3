import { DEFAULT_SEND_KEY_MAX_PRIORITY } from '@sendbook/queue';
import type { ApiKeyLimits } from '../../common/auth/principal.js';
import type { ApiKey } from './api-key.entity.js';

/** The limits in force for a key: a `send` key without a priority limit stays below agent replies. */
export function limitsOf(key: Pick<ApiKey, 'scopes' | 'phoneNumberIds' | 'maxPriority' | 'ratePerMinute'>): ApiKeyLimits {
  const sendOnly = !key.scopes.includes('admin');
  return {
    phoneNumberIds: key.phoneNumberIds,
    maxPriority: key.maxPriority ?? (sendOnly ? DEFAULT_SEND_KEY_MAX_PRIORITY : null),
    ratePerMinute: key.ratePerMinute,
  };
}
