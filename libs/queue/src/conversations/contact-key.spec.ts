import { contactE164, contactKey } from './contact-key.js';

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
