import { parseMessagingLimit, parseNumberRates, parseQuietHours, parseTimeZone } from './policy-config.js';

describe('sending-policy settings', () => {
  it('reads quiet hours per purpose and names every bad entry', () => {
    expect(parseQuietHours('marketing=21:00-08:00, promotions=22:00-09:30')).toEqual({
      value: { marketing: { start: '21:00', end: '08:00' }, promotions: { start: '22:00', end: '09:30' } },
      problems: [],
    });
    expect(parseQuietHours('marketing=25:00-08:00,news=21:00').problems).toEqual([
      '"marketing=25:00-08:00" is not purpose=HH:MM-HH:MM',
      '"news=21:00" is not purpose=HH:MM-HH:MM',
    ]);
    expect(parseQuietHours('')).toEqual({ value: {}, problems: [] });
  });

  it('reads per-number rates', () => {
    expect(parseNumberRates('106540352242922=1000,1234=20.5')).toEqual({ value: { '106540352242922': 1000, '1234': 20.5 }, problems: [] });
    expect(parseNumberRates('abc=10,12=0').problems).toHaveLength(2);
  });

  it.each<[string, number | 'unlimited' | null]>([
    ['250', 250],
    ['TIER_2K', 2000],
    ['unlimited', 'unlimited'],
    ['lots', null],
  ])('messaging limit %s', (spec, limit) => {
    expect(parseMessagingLimit(spec).value).toBe(limit);
  });

  it('accepts only IANA zones', () => {
    expect(parseTimeZone('Asia/Jerusalem')).toEqual({ value: 'Asia/Jerusalem', problems: [] });
    expect(parseTimeZone('Mars/Olympus').problems).toHaveLength(1);
  });
});
