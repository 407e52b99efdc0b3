import { QUEUE_ITEMS, isCurrent, navItems } from './nav-items';

describe('navigation', () => {
  it('agents get Conversations, Search and Work; admins also Health, Reports, Numbers, Campaigns, Templates, Staff, Event endpoints, Teams, Snippets and System', () => {
    expect(navItems('agent').main.map((i) => i.label)).toEqual(['Conversations', 'Search', 'Work']);
    expect(navItems('agent').admin).toEqual([]);
    expect(navItems('admin').admin.map((i) => [i.label, i.href])).toEqual([
      ['Health', '/health'],
      ['Reports', '/reports'],
      ['Numbers', '/numbers'],
      ['Campaigns', '/campaigns'],
      ['Templates', '/templates'],
      ['Staff', '/settings/staff'],
      ['Event endpoints', '/settings/event-endpoints'],
      ['Teams', '/settings/teams'],
      ['Snippets', '/settings/snippets'],
      ['System', '/settings/system'],
    ]);
  });

  it('everyone, agent or admin, has their profile', () => {
    for (const role of ['agent', 'admin'] as const)
      expect(navItems(role).personal.map((i) => [i.label, i.href])).toEqual([['Profile and notifications', '/settings/profile']]);
  });

  it('every go-to key is distinct', () => {
    const { main, admin, personal } = navItems('admin');
    const keys = [...main, ...admin, ...personal].map((i) => i.goKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('lists one link per queue', () => {
    expect(QUEUE_ITEMS.map((q) => q.href)).toEqual([
      '/work/waiting_customer',
      '/work/stuck_sending',
      '/work/unattributed_inbound',
      '/work/failed',
      '/work/held',
      '/work/poison_webhook',
      '/work/alert',
    ]);
  });

  it.each([
    ['/conversations', '/conversations', true],
    ['/conversations/abc', '/conversations', true],
    ['/conversationsx', '/conversations', false],
    ['/work/failed', '/work', true],
    ['/settings/staff', '/settings', true],
  ])('isCurrent(%s, %s) → %s', (pathname, section, expected) => {
    expect(isCurrent(pathname, section)).toBe(expected);
  });
});
