import fc from 'fast-check';
import { applyQuietHours, parseClock, quietWindowFor, type QuietHoursConfig, type QuietWindow } from './quiet-hours.js';

const NIGHT: QuietWindow = { start: '21:00', end: '08:00' };
const config: QuietHoursConfig = {
  marketing: NIGHT,
  reminder: { start: '22:00', end: '07:00' },
  transactional: { start: '21:00', end: '08:00', exempt: true },
};

describe('parseClock', () => {
  it.each<[string, number]>([
    ['00:00', 0],
    ['08:00', 480],
    ['21:00', 1260],
    ['23:59', 1439],
  ])('%s → %d', (text, minutes) => {
    expect(parseClock(text)).toBe(minutes);
  });

  it.each<[string]>([['24:00'], ['8:00'], ['08:60'], ['0800'], [''], ['noon']])('refuses %j', (text) => {
    expect(() => parseClock(text)).toThrow(RangeError);
  });
});

describe('quietWindowFor', () => {
  it.each<[string, QuietWindow | null]>([
    ['marketing', NIGHT],
    ['transactional', null],
    ['utility', null],
    ['__proto__', null],
  ])('%s → %j', (purpose, window) => {
    expect(quietWindowFor(config, purpose)).toEqual(window);
  });
});

describe('applyQuietHours', () => {
  it.each<[string, string, string, QuietWindow | null, string]>([
    // name, not_before, zone, window, result
    [
      'marketing enqueued at 23:00 recipient time goes out at 08:00 the next day',
      '2026-11-30T21:00:00.000Z',
      'Asia/Jerusalem',
      NIGHT,
      '2026-12-01T06:00:00.000Z',
    ],
    ['one at 12:00 is unchanged', '2026-11-30T10:00:00.000Z', 'Asia/Jerusalem', NIGHT, '2026-11-30T10:00:00.000Z'],
    ['an exempt purpose is unchanged', '2026-11-30T21:00:00.000Z', 'Asia/Jerusalem', { ...NIGHT, exempt: true }, '2026-11-30T21:00:00.000Z'],
    ['no window: unchanged', '2026-11-30T21:00:00.000Z', 'Asia/Jerusalem', null, '2026-11-30T21:00:00.000Z'],
    ['after midnight: 08:00 the same day', '2026-11-30T22:30:00.000Z', 'Asia/Jerusalem', NIGHT, '2026-12-01T06:00:00.000Z'],
    ['21:00 sharp is quiet', '2026-11-30T19:00:00.000Z', 'Asia/Jerusalem', NIGHT, '2026-12-01T06:00:00.000Z'],
    ['20:59:59.999 is not', '2026-11-30T18:59:59.999Z', 'Asia/Jerusalem', NIGHT, '2026-11-30T18:59:59.999Z'],
    ['07:59:59.500 waits the half second', '2026-12-01T05:59:59.500Z', 'Asia/Jerusalem', NIGHT, '2026-12-01T06:00:00.000Z'],
    ['08:00 sharp is not quiet', '2026-12-01T06:00:00.000Z', 'Asia/Jerusalem', NIGHT, '2026-12-01T06:00:00.000Z'],
    [
      'the recipient’s zone decides, not ours: 23:00 UTC is 18:00 in New York',
      '2026-11-30T23:00:00.000Z',
      'America/New_York',
      NIGHT,
      '2026-11-30T23:00:00.000Z',
    ],
    ['a half-hour zone', '2026-11-30T16:30:00.000Z', 'Asia/Kolkata', NIGHT, '2026-12-01T02:30:00.000Z'],
    ['a window within the day', '2026-11-30T14:00:00.000Z', 'UTC', { start: '13:00', end: '15:00' }, '2026-11-30T15:00:00.000Z'],
    ['…and outside it', '2026-11-30T12:59:00.000Z', 'UTC', { start: '13:00', end: '15:00' }, '2026-11-30T12:59:00.000Z'],
    ['start = end is an empty window', '2026-11-30T02:00:00.000Z', 'UTC', { start: '00:00', end: '00:00' }, '2026-11-30T02:00:00.000Z'],
    ['year end', '2026-12-31T22:00:00.000Z', 'UTC', NIGHT, '2027-01-01T08:00:00.000Z'],
    // New York, 8 March 2026: 02:00 EST → 03:00 EDT. The quiet night is an hour shorter.
    ['DST starts overnight: 08:00 is daylight time', '2026-03-08T04:00:00.000Z', 'America/New_York', NIGHT, '2026-03-08T12:00:00.000Z'],
    [
      'DST starts overnight, end skipped (02:30): the jump to 03:00',
      '2026-03-08T03:00:00.000Z',
      'America/New_York',
      { start: '21:00', end: '02:30' },
      '2026-03-08T07:00:00.000Z',
    ],
    // New York, 1 November 2026: 02:00 EDT → 01:00 EST. The quiet night is an hour longer.
    ['DST ends overnight: 08:00 is standard time', '2026-11-01T03:00:00.000Z', 'America/New_York', NIGHT, '2026-11-01T13:00:00.000Z'],
    [
      'DST ends, end shown twice (01:30): the first showing',
      '2026-11-01T02:00:00.000Z',
      'America/New_York',
      { start: '21:00', end: '01:30' },
      '2026-11-01T05:30:00.000Z',
    ],
    [
      'DST ends, already in the repeated hour (01:10 EST): the second showing',
      '2026-11-01T06:10:00.000Z',
      'America/New_York',
      { start: '21:00', end: '01:30' },
      '2026-11-01T06:30:00.000Z',
    ],
    // Sydney leaves daylight time on 5 April 2026 at 03:00 AEDT → 02:00 AEST.
    ['southern hemisphere DST end', '2026-04-04T12:00:00.000Z', 'Australia/Sydney', NIGHT, '2026-04-04T22:00:00.000Z'],
  ])('%s', (_name, notBefore, zone, window, result) => {
    expect(applyQuietHours(new Date(notBefore), zone, window).toISOString()).toBe(result);
  });

  it('never moves earlier, and lands outside the window (applying it again changes nothing)', () => {
    const windows: QuietWindow[] = [
      NIGHT,
      { start: '22:00', end: '07:00' },
      { start: '13:00', end: '15:00' },
      { start: '21:00', end: '02:30' },
      { start: '00:00', end: '01:30' },
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2028-01-01T00:00:00Z') }),
        fc.constantFrom('America/New_York', 'Europe/London', 'Asia/Jerusalem', 'Australia/Sydney', 'Asia/Kolkata', 'Australia/Lord_Howe'),
        fc.constantFrom(...windows),
        (ms, zone, window) => {
          const out = applyQuietHours(new Date(ms), zone, window);
          expect(out.getTime()).toBeGreaterThanOrEqual(ms);
          expect(out.getTime() - ms).toBeLessThanOrEqual(24 * 3600_000);
          expect(applyQuietHours(out, zone, window)).toEqual(out);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
