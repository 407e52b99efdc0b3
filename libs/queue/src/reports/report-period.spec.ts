import { addDays, localDate, MAX_REPORT_DAYS, parseInstant, parseReportPeriod, periodDates, startOfLocalDay } from './report-period.js';

const NOW = new Date('2026-03-31T10:00:00Z');
const fieldsOf = (r: ReturnType<typeof parseReportPeriod>) => (r.ok ? [] : r.problems.map((p) => p.field));

describe('report periods', () => {
  it.each([
    ['2026-11-30T10:00:00Z', '2026-11-30T10:00:00.000Z'],
    ['2026-11-30T10:00:00+01:00', '2026-11-30T09:00:00.000Z'],
    ['2026-11-30T10:00:00-0530', '2026-11-30T15:30:00.000Z'],
    ['2026-11-30T10:00Z', '2026-11-30T10:00:00.000Z'],
    ['2026-11-30T10:00:00.123456Z', '2026-11-30T10:00:00.123Z'],
    ['2028-02-29T00:00:00Z', '2028-02-29T00:00:00.000Z'],
  ])('reads %s as %s', (text, iso) => {
    expect(parseInstant(text)?.toISOString()).toBe(iso);
  });

  it.each([
    '2026-11-30',
    '2026-11-30T10:00:00',
    '2026-02-30T00:00:00Z',
    '2027-02-29T00:00:00Z',
    '2026-11-30T24:00:00Z',
    '2026-13-01T00:00:00Z',
    'yesterday',
    42,
    null,
  ])('refuses %j: a time needs its date, clock time and offset', (value) => {
    expect(parseInstant(value)).toBeNull();
  });

  it.each([
    ['2026-03-28T23:30:00Z', 'Europe/Berlin', '2026-03-29'],
    ['2026-03-28T23:30:00Z', 'UTC', '2026-03-28'],
    ['2026-03-29T03:30:00Z', 'America/New_York', '2026-03-28'],
    ['2026-03-29T11:00:00Z', 'Pacific/Kiritimati', '2026-03-30'],
  ])('%s in %s falls on %s', (instant, zone, date) => {
    expect(localDate(new Date(instant), zone)).toBe(date);
  });

  it('a local day starts at its midnight, also on the 23-hour day clocks go forward', () => {
    expect(startOfLocalDay('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfLocalDay('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('its days: every local date [since, until) touches, until exclusive', () => {
    const zone = 'Europe/Berlin';
    const period = { since: startOfLocalDay('2026-03-28', zone), until: startOfLocalDay('2026-03-31', zone), timeZone: zone };
    expect(periodDates(period)).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
    expect(periodDates({ ...period, until: new Date(period.until.getTime() + 1) })).toEqual(['2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31']);
    expect(periodDates({ since: new Date('2026-03-28T12:00:00Z'), until: new Date('2026-03-28T13:00:00Z'), timeZone: 'UTC' })).toEqual(['2026-03-28']);
  });

  it('defaults to the last 7 days: from midnight six days ago in the zone until now', () => {
    const berlin = { since: new Date('2026-03-24T23:00:00Z'), until: NOW, timeZone: 'Europe/Berlin' };
    expect(parseReportPeriod({}, NOW, 'Europe/Berlin')).toEqual({ ok: true, period: berlin });
    expect(periodDates(berlin)).toEqual(['2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31']);
    expect(parseReportPeriod({ time_zone: 'America/New_York', since: '', until: '' }, NOW, 'UTC')).toEqual({
      ok: true,
      period: { since: new Date('2026-03-25T04:00:00Z'), until: NOW, timeZone: 'America/New_York' },
    });
  });

  it('takes a given period as it is', () => {
    expect(parseReportPeriod({ since: '2026-03-01T00:00:00+01:00', until: '2026-03-08T00:00:00+01:00', time_zone: 'Europe/Berlin' }, NOW, 'UTC')).toEqual({
      ok: true,
      period: { since: new Date('2026-02-28T23:00:00Z'), until: new Date('2026-03-07T23:00:00Z'), timeZone: 'Europe/Berlin' },
    });
  });

  it.each([
    [{ since: '2026-03-01T00:00:00Z' }, ['until']],
    [{ until: '2026-03-01T00:00:00Z' }, ['since']],
    [{ since: 'last week', until: '2026-03-01' }, ['since', 'until']],
    [{ since: '2026-03-01T00:00:00Z', until: '2026-03-01T00:00:00Z' }, ['until']],
    [{ since: '2026-03-02T00:00:00Z', until: '2026-03-01T00:00:00Z' }, ['until']],
    [{ time_zone: 'Mars/Olympus' }, ['time_zone']],
    [{ time_zone: '+02:00', since: '2026-03-01T00:00:00Z' }, ['time_zone', 'until']],
  ])('%j is refused, naming %j', (query, fields) => {
    expect(fieldsOf(parseReportPeriod(query, NOW, 'UTC'))).toEqual(fields);
  });

  it(`spans at most ${MAX_REPORT_DAYS} days of the zone`, () => {
    const since = '2026-01-01T00:00:00Z';
    expect(parseReportPeriod({ since, until: '2026-04-03T00:00:00Z' }, NOW, 'UTC').ok).toBe(true);
    expect(fieldsOf(parseReportPeriod({ since, until: '2026-04-03T00:00:01Z' }, NOW, 'UTC'))).toEqual(['until']);
    // The same instants touch 93 days of a zone an hour behind.
    expect(fieldsOf(parseReportPeriod({ since, until: '2026-04-03T00:00:00Z', time_zone: 'Atlantic/Azores' }, NOW, 'UTC'))).toEqual(['until']);
  });
});
