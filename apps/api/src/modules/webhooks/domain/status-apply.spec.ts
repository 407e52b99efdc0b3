import { toGraphError } from '@sendbook/whatsapp';
import { advanceableFrom, callbackRowId, fromUnixSeconds, isApplicableStatus, rowErrorOf, TIMESTAMP_COLUMN } from './status-apply.js';

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
