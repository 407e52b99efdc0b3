import { absoluteTime, calendarDate, clockTime, compactTime, dayKey, dayLabel, durationWords, latencyWords, relativeTime, safeTimeZone } from './time';

const NOW = '2026-12-02T14:30:00Z'; // a Wednesday
const ago = (seconds: number) => new Date(Date.parse(NOW) - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it.each([
    [ago(0), 'just now'],
    [ago(44), 'just now'],
    [ago(50), '1 min ago'],
    [ago(4 * 60), '4 min ago'],
    [ago(59 * 60), '59 min ago'],
    [ago(3 * 3600 + 120), '3 h ago'],
    ['2026-12-02T00:10:00Z', '14 h ago'],
    ['2026-12-01T20:00:00Z', 'yesterday'],
    ['2026-11-29T10:00:00Z', '3 days ago'],
    ['2026-11-12T10:00:00Z', '12 Nov'],
    ['2025-11-12T10:00:00Z', '12 Nov 2025'],
    [ago(-30), 'in a moment'],
    [ago(-4 * 60), 'in 4 min'],
    [ago(-3 * 3600), 'in 3 h'],
    ['2026-12-03T20:00:00Z', 'tomorrow'],
    ['2026-12-06T10:00:00Z', 'in 4 days'],
  ])('%s → %s', (at, words) => {
    expect(relativeTime(at, NOW, 'UTC')).toBe(words);
  });

  it('counts calendar days in the viewer’s zone', () => {
    // 23:00Z on 1 Dec is 08:00 on 2 Dec in Tokyo, where it is now 23:30 the same day; in UTC it was yesterday.
    expect(relativeTime('2026-12-01T23:00:00Z', NOW, 'Asia/Tokyo')).toBe('15 h ago');
    expect(relativeTime('2026-12-01T23:00:00Z', NOW, 'UTC')).toBe('yesterday');
  });
});

describe('compactTime', () => {
  it.each([
    [ago(10), 'now'],
    [ago(4 * 60), '4 min'],
    [ago(5 * 3600), '5 h'],
    ['2026-12-02T01:00:00Z', '13 h'],
    ['2026-12-01T09:00:00Z', 'Yesterday'],
    ['2026-11-28T09:00:00Z', 'Sat'],
    ['2026-10-01T09:00:00Z', '1 Oct'],
    ['2024-10-01T09:00:00Z', '1 Oct 2024'],
    [ago(-60), 'now'],
  ])('%s → %s', (at, words) => {
    expect(compactTime(at, NOW, 'UTC')).toBe(words);
  });
});

describe('clock, days and absolute times', () => {
  it.each([
    ['2026-12-02T09:05:07Z', 'UTC', '09:05'],
    ['2026-12-02T09:05:07Z', 'Asia/Jerusalem', '11:05'],
    ['2026-12-02T23:30:00Z', 'America/New_York', '18:30'],
  ])('clockTime(%s, %s) → %s', (at, zone, words) => {
    expect(clockTime(at, zone)).toBe(words);
  });

  it.each([
    ['2026-12-02T01:00:00Z', 'Today'],
    ['2026-12-01T23:59:00Z', 'Yesterday'],
    ['2026-11-24T10:00:00Z', 'Tuesday 24 November'],
    ['2025-12-31T10:00:00Z', '31 December 2025'],
  ])('dayLabel(%s) → %s', (at, words) => {
    expect(dayLabel(at, NOW, 'UTC')).toBe(words);
  });

  it('groups by the viewer’s calendar day', () => {
    expect(dayKey('2026-12-01T23:30:00Z', 'UTC')).toBe('2026-12-01');
    expect(dayKey('2026-12-01T23:30:00Z', 'Asia/Jerusalem')).toBe('2026-12-02');
  });

  it('names the zone in absolute times', () => {
    expect(absoluteTime('2026-12-02T09:05:07Z', 'Europe/London')).toBe('Wed 2 Dec 2026, 09:05:07 (Europe/London)');
    expect(calendarDate('2026-03-05T00:00:00Z', NOW)).toBe('5 Mar');
  });

  it.each([
    ['Europe/London', 'Europe/London'],
    ['Not/AZone', 'UTC'],
    ['', 'UTC'],
    [null, 'UTC'],
  ])('safeTimeZone(%s) → %s', (zone, expected) => {
    expect(safeTimeZone(zone)).toBe(expected);
  });
});

describe('durations', () => {
  it.each([
    [0, 'less than a minute'],
    [59_000, 'less than a minute'],
    [60_000, '1 min'],
    [45 * 60_000, '45 min'],
    [3 * 3_600_000, '3 h'],
    [(3 * 60 + 12) * 60_000 + 30_000, '3 h 12 min'],
    [24 * 3_600_000, '1 day'],
    [28 * 3_600_000, '1 day 4 h'],
    [50 * 3_600_000, '2 days 2 h'],
    [-5, 'less than a minute'],
  ])('durationWords(%d) → %s', (ms, words) => {
    expect(durationWords(ms)).toBe(words);
  });

  it.each([
    [null, '—'],
    [850.4, '850 ms'],
    [2_400, '2.4 s'],
    [12_400, '12 s'],
    [180_000, '3 min'],
    [185_000, '3 min 5 s'],
    [3_720_000, '1 h 2 min'],
  ])('latencyWords(%s) → %s', (ms, words) => {
    expect(latencyWords(ms)).toBe(words);
  });
});
