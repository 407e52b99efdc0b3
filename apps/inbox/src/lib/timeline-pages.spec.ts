import type { Inbound, Message, TimelineEntry } from '@sendbook/api-contract';
import { joinNewest, reachesHeld, uniqueEntries } from './timeline-pages';

const inbound = (id: string, text = id): TimelineEntry => ({ direction: 'inbound', at: '2026-12-02T10:00:00Z', inbound: { id, text } as Inbound });
const outbound = (id: string, state: Message['state']): TimelineEntry => ({
  direction: 'outbound',
  at: '2026-12-02T10:00:00Z',
  message: { id, state } as Message,
});
const keys = (entries: readonly TimelineEntry[]) =>
  entries.map((e) => (e.direction === 'inbound' ? e.inbound.id : e.direction === 'outbound' ? `${e.message.id}:${e.message.state}` : ''));

describe('a timeline held across pages', () => {
  it('keeps each entry once, where it first appeared, in its newest copy', () => {
    expect(keys(uniqueEntries([inbound('a'), outbound('m', 'sent'), inbound('b'), outbound('m', 'read')]))).toEqual(['a', 'm:read', 'b']);
  });

  it.each([
    ['nothing held yet', [], { timeline: [inbound('c')], older_cursor: 'x' }, ['c']],
    ['the new page overlaps what is held', [inbound('a'), inbound('b')], { timeline: [inbound('b'), inbound('c')], older_cursor: 'x' }, ['a', 'b', 'c']],
    ['the whole thread fits the page', [inbound('a')], { timeline: [inbound('b')], older_cursor: null }, ['a', 'b']],
    ['an empty page', [inbound('a')], { timeline: [], older_cursor: null }, ['a']],
  ])('joins when %s', (_what, held, newest, expected) => {
    const join = joinNewest(held, newest);
    expect(join.kind).toBe('joined');
    expect(join.kind === 'joined' ? keys(join.entries) : null).toEqual(expected);
  });

  it('asks for the pages in between when the newest page does not reach what is held', () => {
    expect(joinNewest([inbound('a'), inbound('b')], { timeline: [inbound('y'), inbound('z')], older_cursor: 'before-y' })).toEqual({
      kind: 'gap',
      before: 'before-y',
    });
    expect(reachesHeld([inbound('a'), inbound('b')], [inbound('c'), inbound('d')])).toBe(false);
    expect(reachesHeld([inbound('a'), inbound('b')], [inbound('b'), inbound('c')])).toBe(true);
  });
});
