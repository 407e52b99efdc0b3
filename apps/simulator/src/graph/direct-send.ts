import type { JsonRecord } from '../core/guards.js';
import { reject } from './graph-rejection.js';

/** A Direct Send message's own fields, as Meta's beta reference describes them. */
export interface DirectSend {
  category: 'utility' | 'authentication';
  ttlSeconds: number | null;
}

const TTL_BOUNDS = { utility: [30, 43_200], authentication: [30, 900] } as const;

/**
 * Meta's checks of `category` and `ttl_seconds` on `POST /messages` (Direct Send, 2026 beta): a
 * TTL without Direct Send, an unknown category, a TTL out of the category's bounds and an account
 * without access are all error 100, answered synchronously; authentication goes to phone numbers
 * only (131062). Null for an ordinary send.
 */
export function directSendOf(body: JsonRecord, type: string, byRecipient: boolean, enabled: boolean): DirectSend | null {
  if (body.category === undefined) {
    if (body.ttl_seconds !== undefined)
      reject(100, 'The request included one or more unsupported or misspelled parameters: ttl_seconds is only supported with Direct Send.');
    return null;
  }
  const category = body.category;
  if (category !== 'utility' && category !== 'authentication') reject(100, 'Param category must be one of {UTILITY, AUTHENTICATION}.');
  if (!enabled) reject(100, "Direct Send isn't enabled for this account.");
  if (type !== 'text' && type !== 'interactive') reject(100, `Direct Send does not support messages of type ${type}.`);
  if (category === 'authentication' && byRecipient) reject(131062, 'BSUID recipients are not supported for authentication messages.');
  let ttlSeconds: number | null = null;
  if (body.ttl_seconds !== undefined) {
    const ttl = body.ttl_seconds;
    const [min, max] = TTL_BOUNDS[category];
    if (typeof ttl !== 'number' || !Number.isInteger(ttl)) reject(100, 'Param ttl_seconds must be an integer.');
    if (ttl > max) reject(100, `The time-to-live value must be lower than or equal to ${max}.`);
    if (ttl < min) reject(100, `The time-to-live value must be higher than or equal to ${min}.`);
    ttlSeconds = ttl;
  }
  return { category, ttlSeconds };
}
