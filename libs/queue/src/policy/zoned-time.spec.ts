import fc from 'fast-check';
import { instantAtWallClock, isValidTimeZone, nextDay, wallClockAt, type WallClock } from './zoned-time.js';

const wall = (text: string): WallClock => {
  const [date, time] = text.split(' ');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute, second = 0] = time.split(':').map(Number);
  return { year, month, day, hour, minute, second };
};

describe('isValidTimeZone', () => {
  it.each<[string, boolean]>([
    ['Asia/Jerusalem', true],
    ['America/New_York', true],
    ['UTC', true],
    ['Europe/Kiev', true], // an old name tzdata still links
    ['', false],
    ['  ', false],
    ['Mars/Olympus_Mons', false],
    ['not a zone', false],
  ])('%j → %s', (zone, valid) => {
    expect(isValidTimeZone(zone)).toBe(valid);
  });
});

describe('wallClockAt', () => {
  it.each<[string, string, string]>([
    ['2026-11-30T21:00:00Z', 'Asia/Jerusalem', '2026-11-30 23:00:00'],
    ['2026-07-01T21:00:00Z', 'Asia/Jerusalem', '2026-07-02 00:00:00'],
    ['2026-11-30T16:30:15Z', 'Asia/Kolkata', '2026-11-30 22:00:15'],
    ['2026-03-08T07:00:00Z', 'America/New_York', '2026-03-08 03:00:00'],
    ['2026-03-08T06:59:59Z', 'America/New_York', '2026-03-08 01:59:59'],
    ['2026-01-01T00:00:00Z', 'UTC', '2026-01-01 00:00:00'],
  ])('%s in %s → %s', (instant, zone, expected) => {
    expect(wallClockAt(new Date(instant), zone)).toEqual(wall(expected));
  });
});

describe('instantAtWallClock', () => {
  it.each<[string, string, 'earlier' | 'later', string]>([
    ['2026-12-01 08:00', 'Asia/Jerusalem', 'earlier', '2026-12-01T06:00:00.000Z'],
    ['2026-07-01 08:00', 'Asia/Jerusalem', 'earlier', '2026-07-01T05:00:00.000Z'],
    ['2026-12-01 08:00', 'Asia/Kolkata', 'earlier', '2026-12-01T02:30:00.000Z'],
    // New York springs forward 02:00 → 03:00 on 8 March 2026: 02:30 never shows; the jump does.
    ['2026-03-08 02:30', 'America/New_York', 'earlier', '2026-03-08T07:00:00.000Z'],
    ['2026-03-08 02:30', 'America/New_York', 'later', '2026-03-08T07:00:00.000Z'],
    ['2026-03-08 08:00', 'America/New_York', 'earlier', '2026-03-08T12:00:00.000Z'],
    // …and falls back 02:00 → 01:00 on 1 November 2026: 01:30 shows twice.
    ['2026-11-01 01:30', 'America/New_York', 'earlier', '2026-11-01T05:30:00.000Z'],
    ['2026-11-01 01:30', 'America/New_York', 'later', '2026-11-01T06:30:00.000Z'],
    // Jerusalem springs forward on a Friday (27 March 2026, 02:00 → 03:00).
    ['2026-03-27 02:15', 'Asia/Jerusalem', 'earlier', '2026-03-27T00:00:00.000Z'],
    // Lord Howe moves by half an hour.
    ['2026-10-04 02:15', 'Australia/Lord_Howe', 'earlier', '2026-10-03T15:30:00.000Z'],
  ])('%s in %s (%s) → %s', (local, zone, occurrence, instant) => {
    expect(instantAtWallClock(wall(local), zone, occurrence).toISOString()).toBe(instant);
  });

  it('round-trips any instant, to the second, in zones with and without DST', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2020-01-01T00:00:00Z') / 1000, max: Date.parse('2035-01-01T00:00:00Z') / 1000 }),
        fc.constantFrom('America/New_York', 'Europe/London', 'Asia/Jerusalem', 'Australia/Sydney', 'Asia/Kolkata', 'America/Sao_Paulo', 'Pacific/Chatham'),
        (seconds, zone) => {
          const instant = new Date(seconds * 1000);
          const local = wallClockAt(instant, zone);
          const back = [instantAtWallClock(local, zone, 'earlier').getTime(), instantAtWallClock(local, zone, 'later').getTime()];
          expect(back).toContain(instant.getTime());
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('nextDay', () => {
  it.each<[string, string]>([
    ['2026-11-30 23:00', '2026-12-01 23:00'],
    ['2026-12-31 21:00', '2027-01-01 21:00'],
    ['2028-02-28 22:00', '2028-02-29 22:00'],
  ])('%s → %s', (from, to) => {
    expect(nextDay(wall(from))).toEqual(wall(to));
  });
});
