import type { Principal } from './principal.js';

/**
 * Ports the AuthGuard asks, declared here so the guard depends on no feature module: the
 * api-keys module answers for `Authorization: Bearer` keys, the staff module for session cookies.
 */
export abstract class ApiKeyAuthenticator {
  /** The key's principal, or null for an unknown, revoked or malformed key. */
  abstract authenticate(key: string): Promise<Principal | null>;
  /** Whether the key may make one more request now under its `rate_per_minute`; if not, when it may. */
  abstract admit(principal: Principal & { kind: 'api_key' }): Promise<{ ok: true } | { ok: false; retryAfterMs: number }>;
}

export abstract class SessionAuthenticator {
  /** The session's principal, or null when it is unknown, ended, expired or its person deactivated. */
  abstract authenticate(token: string, now: Date): Promise<Principal | null>;
}

/** The staff session cookie: HTTP-only, SameSite=Lax; set by `POST /v1/auth/login`. */
export const SESSION_COOKIE = 'sendbook_session';

/** Whom a revocation names: a key, a person (every session of theirs) or one session. */
export interface Revocation {
  readonly apiKeyId?: string;
  readonly staffId?: string;
  readonly sessionId?: string;
}

/**
 * Tells every API instance that access ended, so open live-event streams of that key, person or
 * session close at once. Provided by the events module.
 */
export abstract class AccessRevocations {
  abstract revoked(revocation: Revocation): Promise<void>;
}
