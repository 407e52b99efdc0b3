import type { NotificationSettings } from '@sendbook/api-contract';
import { handoverOf, arrivalOf, inViews, noticeFor, openConversationOf, permissionWords, tabTitle, unreadInViews, type Arrival, type Watching } from './notify';

const ME = 'staff-me';
const OTHER = 'staff-other';
const inbound = (over: Record<string, unknown> = {}) => ({
  inbound_id: 'in-1',
  wamid: 'wamid.1',
  type: 'text',
  direction: 'inbound',
  conversation_id: 'c-1',
  assignee: null,
  attribution: 'conversation',
  message_id: null,
  ...over,
});

describe('arrivalOf', () => {
  it('reads a customer’s new message from inbound.created', () => {
    expect(arrivalOf('inbound.created', inbound({ assignee: ME }))).toEqual({ inboundId: 'in-1', conversationId: 'c-1', assignee: ME });
  });

  it.each([
    ['an agent’s own reply', 'conversation.changed', { conversation_id: 'c-1', change: 'reply', direction: 'outbound', by: `staff:${ME}` }],
    ['another agent’s reply', 'conversation.changed', { conversation_id: 'c-1', change: 'reply', direction: 'outbound', by: `staff:${OTHER}` }],
    ['a note', 'conversation.changed', { conversation_id: 'c-1', change: 'note', by: `staff:${OTHER}` }],
    ['an assignment', 'conversation.changed', { conversation_id: 'c-1', change: 'updated', assignee: ME }],
    ['a delivery tick', 'message.status', { message_id: 'm-1', state: 'delivered' }],
    ['an inbound.created that says outbound', 'inbound.created', inbound({ direction: 'outbound' })],
    ['Meta’s system notice', 'inbound.created', inbound({ type: 'system' })],
    ['an event without a thread', 'inbound.created', inbound({ conversation_id: null })],
    ['no data', 'inbound.created', null],
    ['a reset', 'reset', {}],
  ])('is null for %s', (_name, type, data) => {
    expect(arrivalOf(type, data)).toBeNull();
  });

  it('reads an event from an API without direction or assignee as an unassigned inbound message', () => {
    const { direction: _d, assignee: _a, ...older } = inbound();
    expect(arrivalOf('inbound.created', older)).toEqual({ inboundId: 'in-1', conversationId: 'c-1', assignee: null });
  });
});

describe('handoverOf', () => {
  const me = 'staff-me';
  it('reads a thread handed to me by automatic assignment or by someone else', () => {
    expect(handoverOf('conversation.changed', { conversation_id: 'c1', change: 'assigned', assignee: me, reason: 'auto' }, me)).toEqual({
      conversationId: 'c1',
      reason: 'auto',
    });
    expect(handoverOf('conversation.changed', { conversation_id: 'c1', change: 'assigned', assignee: me, reason: 'by_hand', by: 'staff:other' }, me)).toEqual({
      conversationId: 'c1',
      reason: 'by_hand',
    });
  });

  it('ignores my own taking of a thread, other people’s threads and other changes', () => {
    expect(
      handoverOf('conversation.changed', { conversation_id: 'c1', change: 'assigned', assignee: me, reason: 'by_hand', by: `staff:${me}` }, me),
    ).toBeNull();
    expect(
      handoverOf('conversation.changed', { conversation_id: 'c1', change: 'assigned', assignee: me, reason: 'replied', by: `staff:${me}` }, me),
    ).toBeNull();
    expect(handoverOf('conversation.changed', { conversation_id: 'c1', change: 'assigned', assignee: 'someone', reason: 'auto' }, me)).toBeNull();
    expect(handoverOf('conversation.changed', { conversation_id: 'c1', change: 'seen' }, me)).toBeNull();
    expect(handoverOf('inbound.created', { conversation_id: 'c1', change: 'assigned', assignee: me }, me)).toBeNull();
  });
});

describe('inViews', () => {
  it.each([
    [null, ['mine', 'unassigned'], true],
    [ME, ['mine', 'unassigned'], true],
    [OTHER, ['mine', 'unassigned'], false],
    [null, ['mine'], false],
    [ME, ['unassigned'], false],
    [OTHER, ['all'], true],
    [null, ['all'], true],
    [OTHER, ['mine', 'all'], true],
  ] as const)('assignee %s, views %j → %s', (assignee, views, expected) => {
    expect(inViews(assignee, ME, views)).toBe(expected);
  });
});

describe('noticeFor', () => {
  const settings = (over: Partial<NotificationSettings> = {}): NotificationSettings => ({ sound: true, browser: true, views: ['mine', 'unassigned'], ...over });
  const watching = (over: Partial<Watching> = {}): Watching => ({ openConversationId: null, visible: true, permission: 'granted', ...over });
  const unassigned: Arrival = { inboundId: 'in-1', conversationId: 'c-1', assignee: null };

  it.each([
    ['unassigned, in view: both', unassigned, settings(), watching(), { sound: true, popup: true }],
    ['someone else’s thread, not in view: neither', { ...unassigned, assignee: OTHER }, settings(), watching(), { sound: false, popup: false }],
    ['someone else’s thread with all: both', { ...unassigned, assignee: OTHER }, settings({ views: ['all'] }), watching(), { sound: true, popup: true }],
    ['sound off: the pop-up only', unassigned, settings({ sound: false }), watching(), { sound: false, popup: true }],
    ['browser off: the sound only', unassigned, settings({ browser: false }), watching(), { sound: true, popup: false }],
    ['permission not given: the sound only', unassigned, settings(), watching({ permission: 'default' }), { sound: true, popup: false }],
    ['permission denied: the sound only', unassigned, settings(), watching({ permission: 'denied' }), { sound: true, popup: false }],
    ['no Notification in this browser: the sound only', unassigned, settings(), watching({ permission: 'unsupported' }), { sound: true, popup: false }],
    ['the thread open and visible: neither', unassigned, settings(), watching({ openConversationId: 'c-1' }), { sound: false, popup: false }],
    ['the thread open in a hidden tab: both', unassigned, settings(), watching({ openConversationId: 'c-1', visible: false }), { sound: true, popup: true }],
    ['another thread open: both', unassigned, settings(), watching({ openConversationId: 'c-2' }), { sound: true, popup: true }],
  ])('%s', (_name, arrival, chosen, now, expected) => {
    expect(noticeFor(arrival, ME, chosen, now)).toEqual(expected);
  });
});

describe('unreadInViews', () => {
  const unread = { mine: 2, unassigned: 3, all: 9 };
  it.each([
    [['mine', 'unassigned'], 5],
    [['mine'], 2],
    [['unassigned'], 3],
    [['all'], 9],
    [['mine', 'all'], 9],
  ] as const)('%j → %i', (views, expected) => {
    expect(unreadInViews(unread, views)).toBe(expected);
  });
});

describe('tabTitle', () => {
  it.each([
    ['Conversations · Sendbook', 3, '(3) Conversations · Sendbook'],
    ['Conversations · Sendbook', 0, 'Conversations · Sendbook'],
    ['(3) Conversations · Sendbook', 1, '(1) Conversations · Sendbook'],
    ['(3) Conversations · Sendbook', 0, 'Conversations · Sendbook'],
    ['(12) Ada Lovelace · Sendbook', 120, '(120) Ada Lovelace · Sendbook'],
    ['Sendbook inbox', 1, '(1) Sendbook inbox'],
  ])('%s with %i unread → %s', (title, unread, expected) => {
    expect(tabTitle(title, unread)).toBe(expected);
  });
});

describe('openConversationOf', () => {
  it.each([
    ['/conversations/0b6f3a2e-1111-4222-8333-444455556666', '0b6f3a2e-1111-4222-8333-444455556666'],
    ['/conversations/abc/anything', 'abc'],
    ['/conversations', null],
    ['/work/failed', null],
    ['/settings/profile', null],
  ])('%s → %s', (pathname, expected) => {
    expect(openConversationOf(pathname)).toBe(expected);
  });
});

describe('permissionWords', () => {
  it.each([
    ['granted', /^Allowed/],
    ['denied', /^Blocked.*site settings/],
    ['default', /^Not allowed yet/],
    ['unsupported', /cannot show notifications/],
  ] as const)('%s', (permission, words) => {
    expect(permissionWords(permission)).toMatch(words);
  });
});
