import { inviteLinkState, type InviteHolder } from './invite-link.js';

const now = new Date('2026-12-04T12:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const holder = (over: Partial<InviteHolder> = {}): InviteHolder => ({ active: true, inviteExpiresAt: at(60_000), inviteUsedAt: null, ...over });

describe('inviteLinkState', () => {
  it.each<[string, InviteHolder | null, ReturnType<typeof inviteLinkState>]>([
    ['an unused link before it expires works', holder(), 'valid'],
    ['no one holds it', null, 'unknown'],
    ['used once', holder({ inviteUsedAt: at(-1_000) }), 'used'],
    ['used, and since expired: still says used', holder({ inviteUsedAt: at(-1_000), inviteExpiresAt: at(-1) }), 'used'],
    ['past its time', holder({ inviteExpiresAt: now }), 'expired'],
    ['the person was deactivated', holder({ active: false }), 'deactivated'],
  ])('%s', (_name, staff, state) => {
    expect(inviteLinkState(staff, now)).toBe(state);
  });
});
