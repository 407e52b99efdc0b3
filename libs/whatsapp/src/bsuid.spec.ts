import { isBsuid, recipientField } from './bsuid.js';

describe('isBsuid', () => {
  it.each(['US.13491208655302741918', 'US.ENT.11815799212886844830', 'BR.abcDEF123'])('accepts %s', (v) => expect(isBsuid(v)).toBe(true));

  it.each(['+16505551234', '16505551234', 'US.', 'us.123', 'USA.123', 'US.12 34', `US.${'1'.repeat(129)}`, ''])('refuses %p', (v) =>
    expect(isBsuid(v)).toBe(false),
  );
});

describe('recipientField', () => {
  it('names a phone number by to and a BSUID by recipient', () => {
    expect(recipientField('+16505551234')).toEqual({ to: '+16505551234' });
    expect(recipientField('US.13491208655302741918')).toEqual({ recipient: 'US.13491208655302741918' });
  });
});
