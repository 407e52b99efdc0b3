import { toGraphError } from '@sendbook/whatsapp';
import {
  advanceableFrom,
  callbackRowId,
  fromUnixSeconds,
  isApplicableStatus,
  mergeIntoRow,
  rowErrorOf,
  TIMESTAMP_COLUMN,
  type StatusRow,
} from './status-apply.js';

describe('advanceableFrom', () => {
  it.each([
    ['sent', ['queued', 'sending', 'accepted']],
    ['delivered', ['queued', 'sending', 'accepted', 'sent']],
    ['read', ['queued', 'sending', 'accepted', 'sent', 'delivered']],
    ['played', ['queued', 'sending', 'accepted', 'sent', 'delivered', 'read']],
    ['failed', ['queued', 'sending', 'accepted', 'sent', 'delivered', 'read', 'played']],
    ['deleted', []],
    ['warning', []],
    ['accepted', []],
    ['', []],
  ])('%s may advance a row in %j', (incoming, from) => {
    expect(advanceableFrom(incoming)).toEqual(from);
  });

  it('never leaves failed, held or cancelled', () => {
    for (const s of ['sent', 'delivered', 'read', 'played', 'failed']) {
      expect(advanceableFrom(s)).not.toContain('failed');
      expect(advanceableFrom(s)).not.toContain('held');
      expect(advanceableFrom(s)).not.toContain('cancelled');
    }
  });
});

describe('status helpers', () => {
  it.each([
    ['sent', true],
    ['failed', true],
    ['deleted', false],
  ])('isApplicableStatus(%s) = %s', (status, expected) => {
    expect(isApplicableStatus(status)).toBe(expected);
  });

  it('names a timestamp column per applicable status', () => {
    expect(TIMESTAMP_COLUMN).toEqual({ sent: 'sent_at', delivered: 'delivered_at', read: 'read_at', played: 'played_at', failed: 'failed_at' });
  });

  it.each([
    [1751247548, '2025-06-30T01:39:08.000Z'],
    [null, null],
  ])('fromUnixSeconds(%s)', (seconds, iso) => {
    expect(fromUnixSeconds(seconds)?.toISOString() ?? null).toBe(iso);
  });

  it('takes the first error of a failed status', () => {
    const error = toGraphError({ code: 131049, title: 'Healthy ecosystem', message: 'not delivered', error_data: { details: 'try later' } });
    expect(rowErrorOf([error])).toEqual({ code: 131049, title: 'Healthy ecosystem', message: 'not delivered', details: 'try later' });
    expect(rowErrorOf([])).toMatchObject({ code: null, title: 'failed' });
  });

  it.each([
    ['3F2504E0-4F89-11D3-9A0C-0305E82C3301', '3f2504e0-4f89-11d3-9a0c-0305e82c3301'],
    ['tracking-abc', null],
    [null, null],
    ["1'; DROP TABLE x; --", null],
  ])('callbackRowId(%s)', (input, expected) => {
    expect(callbackRowId(input)).toBe(expected);
  });
});

describe("mergeIntoRow (a delivery's statuses merged in memory, in order)", () => {
  const at = (s: number) => new Date(1_790_000_000_000 + s * 1000);
  const row = (state: string, wamid: string | null = 'wamid.A'): StatusRow => ({
    id: 'row-1',
    state,
    wamid,
    times: { sent: null, delivered: null, read: null, played: null, failed: null },
    lastError: null,
    pricing: null,
    changed: false,
  });
  const apply = (r: StatusRow, statuses: [string, number][]) =>
    statuses.map(([status, s]) => mergeIntoRow(r, { status, wamid: 'wamid.A', at: at(s), errors: [] }));

  it('a row cancelled by hand while it was sending moves on with the status that proves Meta had it', () => {
    const r = row('cancelled');
    const [merge] = apply(r, [['delivered', 1]]);
    expect(merge!.transition).toEqual({ from: 'cancelled', to: 'delivered', error: null });
    expect(r.state).toBe('delivered');
  });

  it('keeps the latest pricing a status carried, and none when a status has none', () => {
    const r = row('accepted');
    const pricing = { billable: true, pricing_model: 'PMP', category: 'utility', type: 'regular' };
    mergeIntoRow(r, { status: 'sent', wamid: 'wamid.A', at: at(1), errors: [], pricing });
    mergeIntoRow(r, { status: 'delivered', wamid: 'wamid.A', at: at(2), errors: [] });
    expect(r.pricing).toEqual(pricing);
    const free = { billable: false, pricing_model: 'PMP', category: 'service', type: 'free_customer_service' };
    mergeIntoRow(r, { status: 'read', wamid: 'wamid.A', at: at(3), errors: [], pricing: free });
    expect(r.pricing).toEqual(free);
  });

  it('a ladder in order moves the row through every step, each a transition', () => {
    const r = row('accepted');
    const merges = apply(r, [
      ['sent', 1],
      ['delivered', 2],
      ['read', 3],
    ]);
    expect(merges.map((m) => m.transition && `${m.transition.from}>${m.transition.to}`)).toEqual(['accepted>sent', 'sent>delivered', 'delivered>read']);
    expect(r.state).toBe('read');
    expect(r.times).toMatchObject({ sent: at(1), delivered: at(2), read: at(3) });
    expect(r.changed).toBe(true);
  });

  it('out of order inside one delivery: the late ones never move it back, but leave their times', () => {
    const r = row('accepted');
    const merges = apply(r, [
      ['read', 3],
      ['sent', 1],
      ['delivered', 2],
    ]);
    expect(merges.map((m) => m.result)).toEqual(['advanced', 'stale', 'stale']);
    expect(merges.filter((m) => m.transition)).toHaveLength(1);
    expect(r.state).toBe('read');
    expect(r.times).toMatchObject({ sent: at(1), delivered: at(2), read: at(3) });
  });

  it('keeps the first time Meta gave a status and records a repeat as a duplicate', () => {
    const r = row('accepted');
    const merges = apply(r, [
      ['delivered', 2],
      ['delivered', 9],
    ]);
    expect(merges.map((m) => m.result)).toEqual(['advanced', 'duplicate']);
    expect(r.times.delivered).toEqual(at(2));
  });

  it('failed wins over read, carries its error, and nothing moves it afterwards', () => {
    const r = row('read');
    const [failed] = [
      mergeIntoRow(r, { status: 'failed', wamid: 'wamid.A', at: at(5), errors: [toGraphError({ code: 131026, title: 'Message undeliverable' })] }),
    ];
    const later = mergeIntoRow(r, { status: 'delivered', wamid: 'wamid.A', at: at(6), errors: [] });
    expect(failed!.transition).toMatchObject({ from: 'read', to: 'failed', error: { code: 131026, title: 'Message undeliverable' } });
    expect(later).toEqual({ result: 'already_failed', transition: null });
    expect(r.state).toBe('failed');
    expect(r.lastError).toMatchObject({ code: 131026 });
  });

  it('heals a missing wamid, and leaves a row outside the ladder (held) where it is', () => {
    const healed = row('sending', null);
    expect(mergeIntoRow(healed, { status: 'sent', wamid: 'wamid.B', at: at(1), errors: [] }).transition).toMatchObject({ from: 'sending', to: 'sent' });
    expect(healed.wamid).toBe('wamid.B');
    const held = row('held');
    expect(mergeIntoRow(held, { status: 'read', wamid: 'wamid.A', at: at(1), errors: [] })).toEqual({ result: 'not_on_ladder', transition: null });
    expect(held.state).toBe('held');
    expect(held.times.read).toEqual(at(1));
  });

  it('a status that changes nothing leaves the row unchanged (nothing to write)', () => {
    const r = row('read');
    r.times.delivered = at(2);
    expect(mergeIntoRow(r, { status: 'delivered', wamid: 'wamid.A', at: at(4), errors: [] })).toEqual({ result: 'stale', transition: null });
    expect(r.changed).toBe(false);
  });
});
