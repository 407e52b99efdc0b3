import { messageRecipient } from './message-recipient.js';

describe('messageRecipient', () => {
  it('normalises a phone number once', () => {
    expect(messageRecipient('+972 50-123-4567', undefined)).toEqual({ ok: true, e164: '+972501234567', waId: '972501234567' });
  });

  it('keys a BSUID recipient on the BSUID itself', () => {
    expect(messageRecipient(undefined, 'US.13491208655302741918')).toEqual({ ok: true, e164: 'US.13491208655302741918', waId: 'US.13491208655302741918' });
  });

  it.each([
    ['+972501234567', 'US.1', 'recipient'],
    [undefined, '+972501234567', 'recipient'],
    [undefined, undefined, 'to'],
    ['hello', undefined, 'to'],
  ])('refuses to=%p recipient=%p naming %s', (to, recipient, field) => {
    const result = messageRecipient(to, recipient);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems.map((p) => p.field)).toEqual([field]);
  });
});
