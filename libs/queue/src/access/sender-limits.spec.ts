import { checkSenderLimits, DEFAULT_SEND_KEY_MAX_PRIORITY, AGENT_REPLY_PRIORITY } from './sender-limits.js';

describe('checkSenderLimits', () => {
  const none = { phoneNumberIds: null, maxPriority: null };

  it('a key without limits may send anything from the default number', () => {
    expect(checkSenderLimits({ priority: 1000 }, none, '111')).toEqual({ problems: [], phoneNumberId: '111' });
    expect(checkSenderLimits({ phone_number_id: '222' }, none, '111')).toEqual({ problems: [], phoneNumberId: '222' });
  });

  it('a number outside the allowed ones is named in the problem', () => {
    const v = checkSenderLimits({ phone_number_id: '333' }, { phoneNumberIds: ['111', '222'], maxPriority: null }, '111');
    expect(v.problems).toEqual([{ field: 'phone_number_id', message: 'this API key may send only from 111, 222' }]);
  });

  it("without a number asked for: the default if allowed, else the key's first", () => {
    expect(checkSenderLimits({}, { phoneNumberIds: ['111', '222'], maxPriority: null }, '111').phoneNumberId).toBe('111');
    expect(checkSenderLimits({}, { phoneNumberIds: ['222'], maxPriority: null }, '111')).toEqual({ problems: [], phoneNumberId: '222' });
    expect(checkSenderLimits({}, { phoneNumberIds: [], maxPriority: null }, '111').problems).toEqual([
      { field: 'phone_number_id', message: 'this API key may send only from no business number' },
    ]);
  });

  it("a priority above the key's highest is refused; the default keeps integrators below agent replies", () => {
    const limits = { phoneNumberIds: null, maxPriority: DEFAULT_SEND_KEY_MAX_PRIORITY };
    expect(DEFAULT_SEND_KEY_MAX_PRIORITY).toBeLessThan(AGENT_REPLY_PRIORITY);
    expect(checkSenderLimits({ priority: DEFAULT_SEND_KEY_MAX_PRIORITY }, limits, '1').problems).toEqual([]);
    expect(checkSenderLimits({ priority: AGENT_REPLY_PRIORITY }, limits, '1').problems).toEqual([
      { field: 'priority', message: `this API key may ask for a priority of at most ${DEFAULT_SEND_KEY_MAX_PRIORITY}` },
    ]);
    expect(checkSenderLimits({}, { phoneNumberIds: null, maxPriority: -5 }, '1').problems).toHaveLength(1);
  });
});
