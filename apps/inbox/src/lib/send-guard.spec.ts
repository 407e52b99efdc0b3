import type { Inbound, Message, MessageEcho, Note, TimelineEntry } from '@sendbook/api-contract';
import { arrivalsSince, arrivalsWords, entryKey, hasArrivals, newestKey, SendLatch } from './send-guard';

const at = '2026-12-02T10:00:00Z';
const inbound = (id: string, extra: Partial<Inbound> = {}): TimelineEntry => ({
  direction: 'inbound',
  at,
  inbound: { id, reaction: null, ...extra } as Inbound,
});
const outbound = (id: string, by: string | null, name: string | null = null): TimelineEntry => ({
  direction: 'outbound',
  at,
  message: { id, created_by: by, created_by_name: name } as Message,
});
const note = (id: string): TimelineEntry => ({ direction: 'note', at, note: { id } as Note });

const ME = 'staff:me';

describe('what arrived since the agent started typing', () => {
  const timeline = [
    inbound('1'),
    outbound('2', ME),
    note('3'),
    inbound('4'),
    outbound('5', 'staff:rosa', 'Rosa'),
    outbound('6', 'api_key:k', 'orders'),
    inbound('7', { reaction: { emoji: '👍', message_wamid: 'w', removed: false } }),
  ];

  it('keys entries by direction and id', () => {
    expect(timeline.map(entryKey).slice(0, 3)).toEqual(['in-1', 'out-2', 'note-3']);
    expect(newestKey(timeline)).toBe('in-7');
    expect(newestKey([])).toBeNull();
  });

  it.each([
    ['in-7', 0, []],
    ['note-3', 1, ['Rosa']],
    ['out-5', 0, []],
    ['in-1', 1, ['Rosa']],
  ] as const)('after %s: %d from the customer, colleagues %j (own replies, integrations and reactions do not count)', (baseline, customer, colleagues) => {
    expect(arrivalsSince(timeline, baseline, ME)).toEqual({ customer, colleagues });
  });

  it('counts everything when the thread was empty, and claims nothing when the baseline is not loaded', () => {
    expect(arrivalsSince(timeline, null, ME)).toEqual({ customer: 2, colleagues: ['Rosa'] });
    expect(arrivalsSince(timeline, 'in-404', ME)).toEqual({ customer: 0, colleagues: [] });
  });

  it('a message sent from the WhatsApp Business app meanwhile is someone answering from the phone', () => {
    const fromPhone: TimelineEntry = { direction: 'echo', at, echo: { id: 'e1' } as MessageEcho };
    expect(entryKey(fromPhone)).toBe('echo-e1');
    expect(arrivalsSince([inbound('1'), fromPhone], 'in-1', ME)).toEqual({ customer: 0, colleagues: ['Someone on the phone'] });
    expect(arrivalsWords({ customer: 0, colleagues: ['Someone on the phone'] }, 'Dana')).toBe('Someone on the phone replied since you started typing.');
  });

  it('says it in words', () => {
    expect(hasArrivals({ customer: 0, colleagues: [] })).toBe(false);
    expect(arrivalsWords({ customer: 1, colleagues: [] }, 'Dana')).toBe('Dana wrote a new message since you started typing.');
    expect(arrivalsWords({ customer: 2, colleagues: ['Rosa', 'Ari', 'Lee'] }, 'Dana')).toBe(
      'Dana wrote 2 new messages and Rosa, Ari and Lee replied since you started typing.',
    );
  });
});

describe('one send per press', () => {
  it('refuses a second begin until the first ends', () => {
    const latch = new SendLatch();
    expect(latch.begin()).toBe(true);
    expect(latch.begin()).toBe(false);
    expect(latch.inFlight).toBe(true);
    latch.end();
    expect(latch.begin()).toBe(true);
  });
});
