import { isTimeZone, normaliseBusinessHours, type BusinessHours } from './business-hours.js';

const closed = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };

describe('normaliseBusinessHours', () => {
  it('fills every weekday, sorts and merges touching intervals, sorts and dedupes holidays', () => {
    const result = normaliseBusinessHours({
      time_zone: 'Europe/Berlin',
      weekly: {
        mon: [
          ['13:00', '17:30'],
          ['09:00', '12:00'],
        ],
        tue: [
          ['09:00', '12:00'],
          ['12:00', '24:00'],
        ],
      },
      holidays: ['2026-12-26', '2026-12-25', '2026-12-26'],
    });
    expect(result).toEqual({
      ok: true,
      value: {
        time_zone: 'Europe/Berlin',
        weekly: {
          ...closed,
          mon: [
            ['09:00', '12:00'],
            ['13:00', '17:30'],
          ],
          tue: [['09:00', '24:00']],
        },
        holidays: ['2026-12-25', '2026-12-26'],
      } satisfies BusinessHours,
    });
  });

  it('takes a time zone alone as closed every day, no holidays', () => {
    expect(normaliseBusinessHours({ time_zone: 'UTC' })).toEqual({ ok: true, value: { time_zone: 'UTC', weekly: closed, holidays: [] } });
  });

  it.each([
    [{ time_zone: 'Mars/Olympus' }, 'business_hours.time_zone', 'IANA time zone'],
    [{ time_zone: '+02:00' }, 'business_hours.time_zone', 'IANA time zone'],
    [{ time_zone: 'UTC', weekly: { mon: [['9:00', '17:00']] } }, 'business_hours.weekly.mon[0]', 'start "9:00"'],
    [{ time_zone: 'UTC', weekly: { mon: [['09:00', '24:30']] } }, 'business_hours.weekly.mon[0]', 'end "24:30"'],
    [{ time_zone: 'UTC', weekly: { mon: [['24:00', '24:00']] } }, 'business_hours.weekly.mon[0]', 'start "24:00"'],
    [{ time_zone: 'UTC', weekly: { wed: [['17:00', '09:00']] } }, 'business_hours.weekly.wed[0]', 'ends (09:00) before'],
    [{ time_zone: 'UTC', weekly: { fri: [['09:00', '09:00']] } }, 'business_hours.weekly.fri[0]', 'before or when'],
    [{ time_zone: 'UTC', weekly: { fri: ['09:00-17:00'] } }, 'business_hours.weekly.fri[0]', 'must be ["HH:MM", "HH:MM"]'],
    [{ time_zone: 'UTC', weekly: { monday: [] } }, 'business_hours.weekly.monday', 'not a weekday'],
    [{ time_zone: 'UTC', weekly: { sat: 'all day' } }, 'business_hours.weekly.sat', 'list of'],
    [{ time_zone: 'UTC', weekly: [] }, 'business_hours.weekly', 'keyed by weekday'],
    [{ time_zone: 'UTC', holidays: ['2026-02-30'] }, 'business_hours.holidays[0]', 'not a date'],
    [{ time_zone: 'UTC', holidays: '2026-12-25' }, 'business_hours.holidays', 'list of dates'],
    [{ time_zone: 'UTC', open: true }, 'business_hours.open', 'not a field'],
    ['9 to 5', 'business_hours', 'must be an object'],
  ])('refuses %j naming %s', (input, field, message) => {
    const result = normaliseBusinessHours(input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([{ field, message: expect.stringContaining(message) }]);
  });

  it('names an overlapping interval by the index the caller wrote', () => {
    const result = normaliseBusinessHours({
      time_zone: 'UTC',
      weekly: {
        thu: [
          ['13:00', '18:00'],
          ['09:00', '12:00'],
          ['11:00', '14:00'],
        ],
      },
    });
    expect(result).toEqual({ ok: false, problems: [{ field: 'business_hours.weekly.thu[2]', message: 'overlaps business_hours.weekly.thu[1]' }] });
  });

  it('reports every problem at once', () => {
    const result = normaliseBusinessHours({ time_zone: 'Nowhere', weekly: { mon: [['x', 'y']] }, holidays: ['soon'] });
    expect(result.ok ? [] : result.problems.map((p) => p.field)).toEqual([
      'business_hours.time_zone',
      'business_hours.weekly.mon[0]',
      'business_hours.holidays[0]',
    ]);
  });
});

describe('isTimeZone', () => {
  it.each([
    ['Europe/Berlin', true],
    ['America/Argentina/Buenos_Aires', true],
    ['UTC', true],
    ['Europe/Atlantis', false],
    ['', false],
    [42, false],
  ])('%j → %s', (value, expected) => expect(isTimeZone(value)).toBe(expected));
});
