import type { Inbound, Message, TimelineEntry } from '@sendbook/api-contract';
import { buildThread } from './thread';

const NOW = '2026-12-02T14:30:00Z';

function outbound(id: string, at: string, overrides: Partial<Message> = {}): TimelineEntry {
  const message = {
    id,
    dedupe_key: id,
    to: '+972501234567',
    purpose: 'order_shipped',
    trigger_ref: null,
    payload: { type: 'text', text: { body: `body of ${id}` } },
    fallback_template: null,
    priority: 0,
    phone_number_id: '1065',
    state: 'delivered',
    attempts: 1,
    wamid: `wamid.${id}`,
    not_before: at,
    created_at: at,
    updated_at: at,
    sending_started_at: at,
    accepted_at: at,
    sent_at: at,
    delivered_at: at,
    read_at: null,
    played_at: null,
    failed_at: null,
    cancelled_at: null,
    last_error: null,
    replies: [],
    rendered: null,
    ...overrides,
  } as Message;
  return { direction: 'outbound', at, message };
}

function inbound(id: string, at: string, overrides: Partial<Inbound> = {}): TimelineEntry {
  const value = {
    id,
    wamid: `wamid.${id}`,
    from: '972501234567',
    from_user_id: null,
    contact_name: 'Ada',
    phone_number_id: '1065',
    type: 'text',
    text: `text of ${id}`,
    choice: null,
    context_wamid: null,
    forwarded: false,
    referred_product: null,
    reaction: null,
    media: null,
    message_id: null,
    conversation_id: 'c1',
    contact_id: 'k1',
    attribution: 'conversation',
    attribution_reason: null,
    errors: null,
    timestamp: at,
    created_at: at,
    raw: {},
    ...overrides,
  } as Inbound;
  return { direction: 'inbound', at, inbound: value };
}

describe('buildThread', () => {
  it('keeps the API’s order under day separators', () => {
    const items = buildThread(
      [outbound('o1', '2026-12-01T10:00:00Z'), inbound('i1', '2026-12-01T11:00:00Z'), inbound('i2', '2026-12-02T09:00:00Z')],
      NOW,
      'UTC',
    );
    expect(items.map((i) => (i.kind === 'day' ? i.label : i.key))).toEqual(['Yesterday', 'out-o1', 'in-i1', 'Today', 'in-i2']);
  });

  it('does not re-sort a reply whose whole-second timestamp is earlier than the message it answers', () => {
    const template = outbound('o1', '2026-12-02T09:00:00.700Z');
    const reply = inbound('i1', '2026-12-02T09:00:00Z', { context_wamid: 'wamid.o1' });
    expect(buildThread([template, reply], NOW).map((i) => i.key)).toEqual(['day-2026-12-02', 'out-o1', 'in-i1']);
  });

  it('separates days in the viewer’s zone', () => {
    const items = buildThread([outbound('o1', '2026-12-01T21:00:00Z'), inbound('i1', '2026-12-01T23:00:00Z')], NOW, 'Asia/Jerusalem');
    expect(items.filter((i) => i.kind === 'day').map((i) => (i.kind === 'day' ? i.label : ''))).toEqual(['Yesterday', 'Today']);
  });

  it.each([
    ['a reply attributed to the message', { message_id: 'o1' }, { text: 'body of o1', author: 'business', found: true, target: 'out-o1' }],
    ['a reply quoting it by wamid', { context_wamid: 'wamid.o1' }, { text: 'body of o1', author: 'business', found: true, target: 'out-o1' }],
    ['a reply quoting the customer’s own message', { context_wamid: 'wamid.i0' }, { text: 'text of i0', author: 'customer', found: true, target: 'in-i0' }],
    [
      'a reply quoting something older',
      { context_wamid: 'wamid.gone' },
      { text: 'A message that is not in this thread', author: null, found: false, target: null, wanted: 'wamid.gone' },
    ],
    [
      'a reply attributed to a message not loaded',
      { message_id: 'o-old' },
      { text: 'A message that is not in this thread', author: null, found: false, target: null, wanted: 'id:o-old' },
    ],
    [
      'a reaction to a message not loaded',
      { type: 'reaction', text: null, reaction: { message_wamid: 'wamid.gone', emoji: '❤️', removed: false } },
      { text: 'A message that is not in this thread', author: null, found: false, target: null, wanted: 'wamid.gone' },
    ],
    ['a plain message', {}, null],
  ])('%s', (_what, overrides, quote) => {
    const items = buildThread(
      [inbound('i0', '2026-12-02T08:00:00Z'), outbound('o1', '2026-12-02T09:00:00Z'), inbound('i1', '2026-12-02T10:00:00Z', overrides)],
      NOW,
    );
    const item = items.find((i) => i.key === 'in-i1');
    expect(item && item.kind === 'inbound' ? item.quote : 'missing').toEqual(quote);
  });

  it('private notes sit among the messages, in time order', () => {
    const note: TimelineEntry = {
      direction: 'note',
      at: '2026-12-02T09:30:00Z',
      note: { id: 'n1', text: 'Called the courier', author: 'staff:1', author_name: 'Grace', created_at: '2026-12-02T09:30:00Z' },
    };
    const items = buildThread([outbound('o1', '2026-12-02T09:00:00Z'), note, inbound('i1', '2026-12-02T10:00:00Z', { context_wamid: 'wamid.o1' })], NOW);
    expect(items.map((i) => i.key)).toEqual(['day-2026-12-02', 'out-o1', 'note-n1', 'in-i1']);
  });

  it('an agent reply quotes the customer message it answers', () => {
    const reply = outbound('o2', '2026-12-02T11:00:00Z', { payload: { type: 'text', text: { body: 'On its way' }, context: { message_id: 'wamid.i1' } } });
    const items = buildThread([inbound('i1', '2026-12-02T10:00:00Z'), reply], NOW);
    const item = items.find((i) => i.key === 'out-o2');
    expect(item && item.kind === 'outbound' ? item.quote : null).toEqual({ text: 'text of i1', author: 'customer', found: true, target: 'in-i1' });
  });

  it('a reaction sits on the message it reacts to; the latest wins and a removal clears it', () => {
    const react = (id: string, emoji: string | null) =>
      inbound(id, '2026-12-02T10:00:00Z', { type: 'reaction', text: null, reaction: { message_wamid: 'wamid.o1', emoji, removed: emoji === null } });
    const on = (entries: TimelineEntry[]) => {
      const items = buildThread([outbound('o1', '2026-12-02T09:00:00Z'), ...entries], NOW);
      const item = items.find((i) => i.key === 'out-o1');
      return { keys: items.map((i) => i.key), reactions: item && item.kind === 'outbound' ? item.reactions : null };
    };
    expect(on([react('r1', '👍')])).toEqual({ keys: ['day-2026-12-02', 'out-o1'], reactions: ['👍'] });
    expect(on([react('r1', '👍'), react('r2', '❤️')]).reactions).toEqual(['❤️']);
    expect(on([react('r1', '👍'), react('r2', null)]).reactions).toEqual([]);
  });

  it('a button pressed on a template quotes the template and shows the choice', () => {
    const template = outbound('o1', '2026-12-02T09:00:00Z', {
      payload: { type: 'template', template: { name: 'order_shipped', language: { code: 'en' } } },
      rendered: {
        header: null,
        body: 'Your order ships Friday.',
        footer: null,
        media: null,
        buttons: [{ type: 'QUICK_REPLY', text: 'Track it', value: null }],
        cards: [],
        text: 'Your order ships Friday.',
      },
    });
    const pressed = inbound('i1', '2026-12-02T09:05:00Z', {
      type: 'button',
      text: 'Track it',
      choice: { id: 'track', title: 'Track it' },
      context_wamid: 'wamid.o1',
      message_id: 'o1',
    });
    const item = buildThread([template, pressed], NOW).find((i) => i.key === 'in-i1');
    expect(item && item.kind === 'inbound' ? [item.content.choice, item.quote?.text] : null).toEqual(['Track it', 'Your order ships Friday.']);
  });
});
