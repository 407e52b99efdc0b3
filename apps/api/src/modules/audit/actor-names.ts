import type { Principal } from '../../common/auth/principal.js';

/** What an actor string says, before its name is looked up. */
export type ParsedActor = { kind: 'staff' | 'api_key'; id: string } | { kind: 'named'; name: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Actors that are not people or keys, in words a person reading a trail understands. */
const SYSTEM_ACTORS: Readonly<Record<string, string>> = {
  worker: 'Sendbook',
  webhook: 'Meta (webhook)',
  system: 'Sendbook',
  sweeper: 'Sendbook',
  anonymous: 'Unknown visitor',
  // Before keys had their own ids, every integrator and admin call was recorded as these.
  api: 'An API key',
  'admin:api': 'An API key',
};

export function parseActor(actor: string): ParsedActor {
  const [kind, id] = actor.split(':', 2) as [string, string | undefined];
  if ((kind === 'staff' || kind === 'api_key') && id && UUID.test(id)) return { kind, id };
  return { kind: 'named', name: SYSTEM_ACTORS[actor] ?? actor };
}

/** A principal's name as a trail shows it (what `AuditService.names` finds for its actor string). */
export function principalName(principal: Principal): string {
  return principal.kind === 'api_key' ? apiKeyName(principal.name) : principal.name;
}

/** How a trail names an API key. */
export const apiKeyName = (name: string): string => `API key “${name}”`;
