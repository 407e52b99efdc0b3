import { exportFileName, parseExportPeriod } from './export-period.js';

describe('parseExportPeriod', () => {
  it.each([
    ['UTC', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'],
    ['offsets', '2026-01-01T02:00:00+02:00', '2026-01-31T19:00:00-05:00'],
    ['microseconds', '2026-01-01T00:00:00.123456Z', '2026-01-01T00:00:00.123457Z'],
    ['without seconds', '2026-01-01T00:00Z', '2026-01-01T00:01Z'],
  ])('takes %s', (_name, since, until) => {
    expect(parseExportPeriod(since, until)).toEqual({ ok: true, period: { since, until } });
  });

  it.each([
    ['since missing', undefined, '2026-02-01T00:00:00Z', [['since', /is required/]]],
    ['until missing', '2026-01-01T00:00:00Z', '', [['until', /is required/]]],
    [
      'both missing',
      undefined,
      undefined,
      [
        ['since', /is required/],
        ['until', /is required/],
      ],
    ],
    ['no offset (the server zone would be guessed)', '2026-01-01T00:00:00', '2026-02-01T00:00:00Z', [['since', /with its offset/]]],
    ['a date alone', '2026-01-01', '2026-02-01T00:00:00Z', [['since', /with its offset/]]],
    [
      'words',
      'yesterday',
      'now',
      [
        ['since', /with its offset/],
        ['until', /with its offset/],
      ],
    ],
    ['a day that does not exist', '2026-02-30T00:00:00Z', '2026-03-02T00:00:00Z', [['since', /not a real time/]]],
    ['an hour that does not exist', '2026-01-01T24:00:00Z', '2026-03-02T00:00:00Z', [['since', /not a real time/]]],
    ['until before since', '2026-02-01T00:00:00Z', '2026-01-01T00:00:00Z', [['until', /after since/]]],
    ['until equal to since (an empty period)', '2026-01-01T02:00:00+02:00', '2026-01-01T00:00:00Z', [['until', /after since/]]],
    ['until before since within a millisecond', '2026-01-01T00:00:00.000200Z', '2026-01-01T00:00:00.000100Z', [['until', /after since/]]],
    ['an array (a repeated query parameter)', ['2026-01-01T00:00:00Z'], '2026-02-01T00:00:00Z', [['since', /with its offset/]]],
  ])('refuses %s, naming the field', (_name, since, until, expected) => {
    const result = parseExportPeriod(since, until);
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems.map((p) => p.field)).toEqual(expected.map(([field]) => field));
    problems.forEach((p, i) => expect(p.message).toMatch(expected[i]![1] as RegExp));
  });
});

describe('exportFileName', () => {
  it('names the period by its UTC ends, without characters file systems refuse', () => {
    expect(exportFileName('messages', { since: '2026-01-01T02:00:00+02:00', until: '2026-02-01T00:00:00.5Z' }, 'csv')).toBe(
      'messages-20260101T000000Z-20260201T000000Z.csv',
    );
  });
});
