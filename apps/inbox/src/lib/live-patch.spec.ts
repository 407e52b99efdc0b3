import type { TimelineEntry } from '@sendbook/api-contract';
import { tickEvent, withTick } from './live-patch';

const outbound = (id: string, state: string) => ({ direction: 'outbound', at: '2026-12-02T10:00:00Z', message: { id, state } }) as unknown as TimelineEntry;
const inbound = { direction: 'inbound', at: '2026-12-02T10:00:01Z', inbound: { id: 'in-1' } } as unknown as TimelineEntry;

describe('tickEvent', () => {
  it.each([
    [
      { message_id: 'm1', state: 'read' },
      { messageId: 'm1', state: 'read' },
    ],
    [
      { message_id: 'm1', state: 'accepted', previous_state: 'sending' },
      { messageId: 'm1', state: 'accepted' },
    ],
    // A failure waits for the refetch, which brings the reason in words.
    [{ message_id: 'm1', state: 'failed' }, null],
    [{ message_id: 'm1', state: 'queued' }, null],
    [{ message_id: 'm1', state: 'cancelled' }, null],
    [{ state: 'read' }, null],
    ['read', null],
    [null, null],
  ])('%j → %j', (data, tick) => {
    expect(tickEvent(data)).toEqual(tick);
  });
});

describe('withTick', () => {
  const thread = { conversation: { id: 'c1' }, timeline: [outbound('m1', 'sent'), inbound, outbound('m2', 'delivered')] };

  it('moves that message forward and keeps every other entry as it was', () => {
    const next = withTick(thread, { messageId: 'm1', state: 'read' });
    expect(next).not.toBe(thread);
    expect(next.timeline.map((e) => (e.direction === 'outbound' ? e.message.state : e.direction))).toEqual(['read', 'inbound', 'delivered']);
    expect(next.timeline[1]).toBe(thread.timeline[1]);
    expect(next.timeline[2]).toBe(thread.timeline[2]);
    expect(next.conversation).toBe(thread.conversation);
  });

  it('never moves a tick back: a late delivered after read changes nothing', () => {
    const read = withTick(thread, { messageId: 'm1', state: 'read' });
    expect(withTick(read, { messageId: 'm1', state: 'delivered' })).toBe(read);
  });

  it('a message the thread does not hold, or a state it already shows, is the same object', () => {
    expect(withTick(thread, { messageId: 'other', state: 'read' })).toBe(thread);
    expect(withTick(thread, { messageId: 'm2', state: 'delivered' })).toBe(thread);
  });
});
