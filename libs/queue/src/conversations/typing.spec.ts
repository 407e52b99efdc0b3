import { decideTyping, typingSlotKey } from './typing.js';

const now = new Date('2026-12-01T10:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);

describe('decideTyping', () => {
  it.each<[string, Date | null, string | null, ReturnType<typeof decideTyping>]>([
    ['inside the window, under the newest message', at(60_000), 'wamid.new', { kind: 'send', wamid: 'wamid.new' }],
    ['a millisecond before the window closes', at(1), 'wamid.new', { kind: 'send', wamid: 'wamid.new' }],
    ['exactly when the window closes', at(0), 'wamid.new', { kind: 'window_closed' }],
    ['after the window closed', at(-1), 'wamid.new', { kind: 'window_closed' }],
    ['the customer never wrote (no window)', null, null, { kind: 'window_closed' }],
    ['an open window with no message of the customer in this thread', at(60_000), null, { kind: 'nothing_to_answer' }],
  ])('%s', (_, windowOpenUntil, newestInboundWamid, expected) => {
    expect(decideTyping({ windowOpenUntil, newestInboundWamid, now })).toEqual(expected);
  });
});

it('a conversation has one typing slot under the run’s Redis prefix', () => {
  expect(typingSlotKey('sendbook', '0b4c8d62-6f3e-4f0a-9a51-2d1f1f1f1f1f')).toBe('sendbook:typing:0b4c8d62-6f3e-4f0a-9a51-2d1f1f1f1f1f');
});
