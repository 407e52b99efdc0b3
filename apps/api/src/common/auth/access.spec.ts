import { capabilitiesOf, decideAccess, ownMessageActors, readsOnlyOwnMessages, type AccessRule } from './access.js';
import { NO_LIMITS, type Principal } from './principal.js';

const agent: Principal = { kind: 'staff', staffId: 's1', sessionId: 'x', role: 'agent', email: 'a@shop.example', name: 'A' };
const admin: Principal = { ...agent, role: 'admin' };
const sender: Principal = {
  kind: 'api_key',
  apiKeyId: 'k1',
  scopes: ['send'],
  name: 'orders',
  integration: 'orders',
  integrationKeys: ['k0', 'k1'],
  limits: NO_LIMITS,
};
const adminKey: Principal = { kind: 'api_key', apiKeyId: 'k2', scopes: ['admin'], name: 'ops', integration: 'ops', integrationKeys: ['k2'], limits: NO_LIMITS };
const noScopes: Principal = { kind: 'api_key', apiKeyId: 'k3', scopes: [], name: 'empty', integration: 'empty', integrationKeys: ['k3'], limits: NO_LIMITS };

const PUBLIC: AccessRule = { kind: 'public' };
const SESSION: AccessRule = { kind: 'session' };
const AGENT: AccessRule = { kind: 'capabilities', any: ['agent'] };
const ADMIN: AccessRule = { kind: 'capabilities', any: ['admin'] };
const SEND_OR_AGENT: AccessRule = { kind: 'capabilities', any: ['send', 'agent'] };

describe('who may call a route', () => {
  it.each([
    [PUBLIC, null, 'allowed'],
    [AGENT, null, 'unauthenticated'],
    [SESSION, null, 'unauthenticated'],
    [SESSION, agent, 'allowed'],
    [SESSION, adminKey, 'forbidden'],
    [AGENT, agent, 'allowed'],
    [AGENT, sender, 'forbidden'],
    [AGENT, adminKey, 'allowed'],
    [ADMIN, agent, 'forbidden'],
    [ADMIN, admin, 'allowed'],
    [ADMIN, sender, 'forbidden'],
    [ADMIN, adminKey, 'allowed'],
    [SEND_OR_AGENT, sender, 'allowed'],
    [SEND_OR_AGENT, agent, 'allowed'],
    [SEND_OR_AGENT, noScopes, 'forbidden'],
  ] as const)('%j for %j: %s', (rule, principal, decision) => {
    expect(decideAccess(rule, principal)).toBe(decision);
  });

  it('gives admins everything agents have, and an admin key everything', () => {
    expect([...capabilitiesOf(admin)].sort()).toEqual(['admin', 'agent']);
    expect([...capabilitiesOf(adminKey)].sort()).toEqual(['admin', 'agent', 'send']);
    expect([...capabilitiesOf(sender)]).toEqual(['send']);
  });

  it('limits a send-only key to its own messages', () => {
    expect(readsOnlyOwnMessages(sender)).toBe(true);
    expect(readsOnlyOwnMessages(adminKey)).toBe(false);
    expect(readsOnlyOwnMessages(agent)).toBe(false);
  });

  it("a send-only key reads the messages of every key of its integration; others read everyone's", () => {
    expect(ownMessageActors(sender)).toEqual(['api_key:k0', 'api_key:k1']);
    expect(ownMessageActors(adminKey)).toBeNull();
    expect(ownMessageActors(agent)).toBeNull();
  });
});
