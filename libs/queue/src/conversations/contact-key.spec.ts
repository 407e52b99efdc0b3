import { contactE164, contactKey, recipientIdsOf, replyAddress } from './contact-key.js';

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

describe('replyAddress', () => {
  it('sends to the phone when known, else to the user id, else nobody', () => {
    expect(replyAddress({ waId: '16505551234', userId: 'US.1' })).toEqual({ to: '+16505551234' });
    expect(replyAddress({ waId: null, userId: 'US.13491208655302741918' })).toEqual({ recipient: 'US.13491208655302741918' });
    expect(replyAddress({ waId: null, userId: ' ' })).toBeNull();
  });
});

describe('recipientIdsOf', () => {
  it('names the contact by both ids it has', () => {
    expect(recipientIdsOf({ waId: '16505551234', userId: 'US.1' })).toEqual(['16505551234', 'US.1']);
    expect(recipientIdsOf({ waId: null, userId: 'US.1' })).toEqual(['US.1']);
    expect(recipientIdsOf({ waId: null, userId: null })).toEqual([]);
  });
});
