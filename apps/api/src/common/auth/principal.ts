import type { SenderLimits } from '@sendbook/queue';

/**
 * Who is calling: a staff member through a session cookie, or an integrator through an API key.
 * The global AuthGuard puts one on every request that is not public (`request.principal`).
 */
export type StaffRole = 'agent' | 'admin';
export const STAFF_ROLES: readonly StaffRole[] = ['agent', 'admin'];

/** `send`: enqueue and read its own messages. `admin`: everything an admin may. */
export type ApiKeyScope = 'send' | 'admin';
export const API_KEY_SCOPES: readonly ApiKeyScope[] = ['send', 'admin'];

export type Principal =
  | { readonly kind: 'staff'; readonly staffId: string; readonly sessionId: string; readonly role: StaffRole; readonly email: string; readonly name: string }
  /** `integrationKeys`: the ids of every key of its integration, itself and those it replaced included. */
  | {
      readonly kind: 'api_key';
      readonly apiKeyId: string;
      readonly scopes: readonly ApiKeyScope[];
      readonly name: string;
      readonly integration: string;
      readonly integrationKeys: readonly string[];
      readonly limits: ApiKeyLimits;
    };

/** What an admin limited a key to (in force: a `send` key's default priority limit filled in). */
export interface ApiKeyLimits extends SenderLimits {
  /** Requests per minute; null: no limit. */
  readonly ratePerMinute: number | null;
}

/** No limits: staff, and keys made before limits existed or without any. */
export const NO_LIMITS: ApiKeyLimits = { phoneNumberIds: null, maxPriority: null, ratePerMinute: null };

/** How audit trails name the principal: `staff:<id>` or `api_key:<id>`. */
export function actorOf(principal: Principal): string {
  return principal.kind === 'staff' ? `staff:${principal.staffId}` : `api_key:${principal.apiKeyId}`;
}
