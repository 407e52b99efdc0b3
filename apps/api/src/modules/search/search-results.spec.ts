import { parseSearchQuery } from '@sendbook/queue';
import type { SearchHit } from './search.repository.js';
import { toResult, uniqueResults, type ResultContext } from './search-results.js';

const THREAD = '00000000-0000-4000-8000-000000000001';
const at = new Date('2026-01-05T10:00:00Z');
const position = (id: string) => ({ atUs: 1n, source: 'inbound' as const, id });
const ctx = (over: Partial<ResultContext> = {}): ResultContext => ({
  contacts: new Map([[THREAD, { name: 'Dana Levi', waId: '972501234567' }]]),
  newest: new Map(),
  rendered: new Map(),
  ...over,
});

describe('a search hit as the result an agent reads', () => {
  it('a customer’s words, with the contact and where the match is', () => {
    const hit: SearchHit = { source: 'inbound', position: position('i1'), conversationId: THREAD, id: 'i1', text: 'Where is my parcel?', wamid: 'wamid.X', at };
    expect(toResult(hit, parseSearchQuery('parcel'), ctx())).toEqual({
      conversation_id: THREAD,
      kind: 'inbound',
      id: 'i1',
      matched: 'text',
      excerpt: 'Where is my parcel?',
      highlights: [[12, 18]],
      at: '2026-01-05T10:00:00.000Z',
      contact: { name: 'Dana Levi', wa_id: '972501234567' },
    });
  });

  it('a template as the customer read it; its dedupe key when that is what matched', () => {
    const hit: SearchHit = {
      source: 'message',
      position: position('m1'),
      conversationId: THREAD,
      id: 'm1',
      payload: { type: 'template', template: { name: 'order_shipped', components: [] } },
      triggerRef: 'orders/44812',
      dedupeKey: 'order-44812:shipped',
      wamid: null,
      at,
    };
    const rendered = new Map([['m1', 'Hi Dana, your order 44812 has shipped.']]);
    expect(toResult(hit, parseSearchQuery('shipped'), ctx({ rendered }))).toMatchObject({ kind: 'message', matched: 'text', highlights: [[30, 37]] });
    expect(toResult(hit, parseSearchQuery('44812:ship'), ctx({ rendered }))).toMatchObject({ matched: 'dedupe_key', excerpt: 'order-44812:shipped' });
  });

  it('a name match opens the thread’s newest message; a thread with none is no result', () => {
    const hit: SearchHit = { source: 'contact', position: { atUs: 1n, source: 'contact', id: THREAD }, conversationId: THREAD, at };
    expect(toResult(hit, parseSearchQuery('dana'), ctx({ newest: new Map([[THREAD, { kind: 'message', id: 'm9' }]]) }))).toMatchObject({
      kind: 'message',
      id: 'm9',
      matched: 'contact_name',
      excerpt: 'Dana Levi',
      highlights: [[0, 4]],
    });
    expect(toResult(hit, parseSearchQuery('501234'), ctx({ newest: new Map([[THREAD, { kind: 'inbound', id: 'i9' }]]) }))).toMatchObject({
      matched: 'phone',
      excerpt: '+972501234567',
      highlights: [[4, 10]],
    });
    expect(toResult(hit, parseSearchQuery('dana'), ctx())).toBeNull();
  });

  it('shows each message once on a page', () => {
    const r = (matched: 'text' | 'contact_name') => ({
      conversation_id: THREAD,
      kind: 'inbound' as const,
      id: 'i1',
      matched,
      excerpt: '',
      highlights: [],
      at: '',
      contact: { name: null, wa_id: null },
    });
    expect(uniqueResults([r('text'), null, r('contact_name')]).map((x) => x.matched)).toEqual(['text']);
  });
});
