// Redis keys of the sending policy. One key per script call, so every script is valid on a
// Redis Cluster too. Ids are the Meta ids (phone_number_id, portfolio id) and wa_id digits.

const PREFIX = 'sendbook:policy';

export const policyKeys = {
  /** TOKEN_BUCKET_LUA: hash { units, at } per business number. */
  bucket: (phoneNumberId: string): string => `${PREFIX}:bucket:${phoneNumberId}`,
  /** PAIR_SLOT_LUA / PAIR_PUSH_LUA: ms when the (number, user) pair is free again. */
  pair: (phoneNumberId: string, waId: string): string => `${PREFIX}:pair:${phoneNumberId}:${waId}`,
  /** TIER_SLOT_LUA: sorted set of wa_id → ms of the latest business-initiated message. `scopeId` from `tierScopeId`. */
  tier: (scopeId: string): string => `${PREFIX}:tier:${scopeId}`,
} as const;
