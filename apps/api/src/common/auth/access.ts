import { actorOf, type Principal } from './principal.js';

/**
 * What a route needs. A route lists the capabilities that let a caller in (any one suffices);
 * `public` routes need nothing, `session` routes need a signed-in staff member.
 * - `agent`: the inbox's work — conversations, replies, inbound, templates, live events.
 * - `admin`: staff and key management, resolutions, pauses, replays, alerts, metrics.
 * - `send`: an integrator enqueueing and reading its own messages.
 */
export type Capability = 'agent' | 'admin' | 'send';
export type AccessRule = { readonly kind: 'public' } | { readonly kind: 'session' } | { readonly kind: 'capabilities'; readonly any: readonly Capability[] };

/** What a principal can do: agents have `agent`; admins also `admin`; keys what their scopes say (an admin key everything). */
export function capabilitiesOf(principal: Principal): ReadonlySet<Capability> {
  if (principal.kind === 'staff') return new Set<Capability>(principal.role === 'admin' ? ['agent', 'admin'] : ['agent']);
  return new Set<Capability>(principal.scopes.includes('admin') ? ['send', 'agent', 'admin'] : principal.scopes.includes('send') ? ['send'] : []);
}

export type AccessDecision = 'allowed' | 'unauthenticated' | 'forbidden';

export function decideAccess(rule: AccessRule, principal: Principal | null): AccessDecision {
  if (rule.kind === 'public') return 'allowed';
  if (!principal) return 'unauthenticated';
  if (rule.kind === 'session') return principal.kind === 'staff' ? 'allowed' : 'forbidden';
  const has = capabilitiesOf(principal);
  return rule.any.some((c) => has.has(c)) ? 'allowed' : 'forbidden';
}

/** A key that may only send reads only the messages its integration created. */
export function readsOnlyOwnMessages(principal: Principal): boolean {
  return !capabilitiesOf(principal).has('agent');
}

/**
 * Whose messages a caller may read: for a send-only key, the actors of every key of its
 * integration (a rotated key's rows stay visible to the key that replaced it); null: everyone's.
 */
export function ownMessageActors(principal: Principal): readonly string[] | null {
  if (!readsOnlyOwnMessages(principal)) return null;
  return principal.kind === 'api_key' ? principal.integrationKeys.map((id) => `api_key:${id}`) : [actorOf(principal)];
}
