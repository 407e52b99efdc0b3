import { derivedDedupeKey, contentFingerprint, dedupeWindowMs, outboundRetainUntil, parseDedupeWindows, retentionProblems } from './dedupe.js';

describe('dedupe', () => {
  const base = { to: '+972501234567', purpose: 'order_shipped', payload: { type: 'text', text: { body: 'Shipped', preview_url: false } } };

  it('fingerprints content regardless of key order', () => {
    const reordered = { purpose: base.purpose, payload: { text: { preview_url: false, body: 'Shipped' }, type: 'text' }, to: base.to };
    expect(contentFingerprint(reordered)).toBe(contentFingerprint(base));
  });

  it.each([
    ['to', { ...base, to: '+972501234568' }],
    ['purpose', { ...base, purpose: 'order_delivered' }],
    ['payload', { ...base, payload: { type: 'text', text: { body: 'Delivered', preview_url: false } } }],
  ])('a different %s is different content', (_, other) => {
    expect(contentFingerprint(other)).not.toBe(contentFingerprint(base));
  });

  it('parses per-purpose windows and names what it cannot read', () => {
    expect(parseDedupeWindows('order_confirmation=30d, monthly_reminder=400d,otp=10m')).toEqual({
      windows: { order_confirmation: 30 * 86_400_000, monthly_reminder: 400 * 86_400_000, otp: 600_000 },
      problems: [],
    });
    expect(parseDedupeWindows('x=5 days').problems).toEqual(['"x=5 days" is not purpose=<number><s|m|h|d>']);
  });

  it('falls back to the default window for other purposes', () => {
    expect(dedupeWindowMs('otp', { otp: 600_000 }, 1)).toBe(600_000);
    expect(dedupeWindowMs('other', { otp: 600_000 }, 1)).toBe(1);
  });
});

describe('derivedDedupeKey', () => {
  it.each([
    ['order-44812:shipped', 'resend', 1, 'order-44812:shipped:resend:1'],
    ['order-44812:shipped:resend:1', 'resend', 2, 'order-44812:shipped:resend:1:resend:2'],
    ['order-44812:reminder', 'release', 1, 'order-44812:reminder:release:1'],
    ['x'.repeat(255), 'resend', 3, `${'x'.repeat(246)}:resend:3`],
  ] as const)('%s, %s #%d → %s', (key, how, attempt, expected) => {
    expect(derivedDedupeKey(key, how, attempt)).toBe(expected);
    expect(derivedDedupeKey(key, how, attempt).length).toBeLessThanOrEqual(255);
  });
});

describe('outbound retention', () => {
  const DAY = 86_400_000;
  const now = new Date('2026-12-05T12:00:00Z');

  it('keeps a row for good unless its purpose has a retention', () => {
    expect(outboundRetainUntil('order_shipped', now, {})).toBeNull();
    expect(outboundRetainUntil('otp', now, { otp: 30 * DAY })).toEqual(new Date('2027-01-04T12:00:00Z'));
    expect(outboundRetainUntil('order_shipped', now, { otp: 30 * DAY })).toBeNull();
  });

  it('refuses a retention shorter than the purpose dedupe window, its own or the default', () => {
    expect(retentionProblems({ otp: 2 * DAY, marketing: 400 * DAY }, { otp: DAY }, 90 * DAY)).toEqual([]);
    expect(retentionProblems({ otp: 3_600_000, order_shipped: 30 * DAY }, { otp: DAY }, 90 * DAY)).toEqual([
      'otp keeps rows 1 hours, less than its dedupe window of 1 days: deleting rows early brings back the duplicates the key prevents',
      'order_shipped keeps rows 30 days, less than its dedupe window of 90 days: deleting rows early brings back the duplicates the key prevents',
    ]);
  });
});
