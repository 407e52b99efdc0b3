import { contactE164, contactKey } from './contact-key.js';
import { decideFreeFormAt } from './window-gate.js';

describe('contactKey', () => {
  it.each<[string | null, string | null, string | null]>([
    ['16505551234', 'US.1349120865530274191', 'US.1349120865530274191'],
    ['16505551234', null, '16505551234'],
    [null, 'US.1', 'US.1'],
    [null, null, null],
    ['', '  ', null],
  ])('wa_id %s, user_id %s → %s', (waId, userId, expected) => {
    expect(contactKey({ waId, userId })).toBe(expected);
  });

  it('sends to the phone only when known', () => {
    expect(contactE164('16505551234')).toBe('+16505551234');
    expect(contactE164(null)).toBeNull();
    expect(contactE164('US.1')).toBeNull();
  });
});

describe('decideFreeFormAt', () => {
  const until = new Date('2026-05-02T12:00:00Z');
  it.each<[Date | null, string, 'open' | 'closed']>([
    [null, '2026-05-01T00:00:00Z', 'closed'],
    [until, '2026-05-02T11:59:59.999Z', 'open'],
    [until, '2026-05-02T12:00:00Z', 'closed'],
    [until, '2026-05-03T00:00:00Z', 'closed'],
  ])('until %s at %s → %s', (u, now, expected) => {
    expect(decideFreeFormAt(u, new Date(now))).toBe(expected);
  });
});
