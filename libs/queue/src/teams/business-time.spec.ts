import type { BusinessHours } from './business-hours.js';
import { addBusinessSeconds, businessSecondsBetween, closedPeriodAt, isOpenAt } from './business-time.js';

const closed = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const nineToFive = ['09:00', '17:00'] as const;
/** Berlin, weekdays 09:00 to 17:00; 2026-12-25 (a Friday) a holiday. */
const berlin: BusinessHours = {
  time_zone: 'Europe/Berlin',
  weekly: { ...closed, mon: [nineToFive], tue: [nineToFive], wed: [nineToFive], thu: [nineToFive], fri: [nineToFive] },
  holidays: ['2026-12-25'],
};
const at = (iso: string) => new Date(iso);

describe('business time', () => {
  it('without hours the clock always runs', () => {
    expect(addBusinessSeconds(null, at('2026-12-05T10:00:00Z'), 20)).toEqual(at('2026-12-05T10:00:20Z'));
    expect(businessSecondsBetween(null, at('2026-12-05T10:00:00Z'), at('2026-12-05T11:00:00Z'))).toBe(3600);
    expect(isOpenAt(null, at('2026-12-05T03:00:00Z'))).toBe(true);
    expect(closedPeriodAt(null, at('2026-12-05T03:00:00Z'))).toBeNull();
  });

  it('counts inside hours as wall time (Berlin is UTC+1 in December)', () => {
    // Thursday 10:00 Berlin = 09:00 UTC.
    expect(addBusinessSeconds(berlin, at('2026-12-03T09:00:00Z'), 20)).toEqual(at('2026-12-03T09:00:20Z'));
    expect(isOpenAt(berlin, at('2026-12-03T09:00:00Z'))).toBe(true);
  });

  it('stops the clock outside hours: a message at Saturday noon is due Monday 09:00:20', () => {
    expect(addBusinessSeconds(berlin, at('2026-12-05T11:00:00Z'), 20)).toEqual(at('2026-12-07T08:00:20Z'));
    expect(isOpenAt(berlin, at('2026-12-05T11:00:00Z'))).toBe(false);
  });

  it('carries what is left of a target over the night', () => {
    // Monday 16:59:50 Berlin + 30 s: 10 s on Monday, 20 s on Tuesday from 09:00.
    expect(addBusinessSeconds(berlin, at('2026-12-07T15:59:50Z'), 30)).toEqual(at('2026-12-08T08:00:20Z'));
    expect(businessSecondsBetween(berlin, at('2026-12-07T15:59:50Z'), at('2026-12-08T08:00:20Z'))).toBe(30);
  });

  it('skips holidays', () => {
    // Thursday 24 December 16:59:50 + 30 s: Friday the 25th is a holiday, the weekend closed: Monday the 28th.
    expect(addBusinessSeconds(berlin, at('2026-12-24T15:59:50Z'), 30)).toEqual(at('2026-12-28T08:00:20Z'));
  });

  it('follows daylight saving time (Berlin moves to UTC+2 on 29 March 2026)', () => {
    // Friday 27 March 17:00 Berlin (16:00 UTC) closes; Monday 30 March 09:00 Berlin is 07:00 UTC.
    expect(addBusinessSeconds(berlin, at('2026-03-27T16:30:00Z'), 60)).toEqual(at('2026-03-30T07:01:00Z'));
  });

  it('merges open stretches across midnight', () => {
    const allWeek: BusinessHours = {
      time_zone: 'UTC',
      weekly: { mon: [['00:00', '24:00']], tue: [['00:00', '24:00']], wed: [], thu: [], fri: [], sat: [], sun: [] },
      holidays: [],
    };
    expect(addBusinessSeconds(allWeek, at('2026-12-07T23:59:50Z'), 20)).toEqual(at('2026-12-08T00:00:10Z'));
    // Monday 00:00 to Wednesday 00:00 is one open stretch: Tuesday noon is in no closed period.
    expect(closedPeriodAt(allWeek, at('2026-12-08T12:00:00Z'))).toBeNull();
    expect(closedPeriodAt(allWeek, at('2026-12-10T12:00:00Z'))).toEqual({ start: at('2026-12-09T00:00:00Z'), end: at('2026-12-14T00:00:00Z') });
  });

  it('names the closed period a time falls in by its start and end', () => {
    // Saturday noon: closed since Friday 17:00 Berlin, open again Monday 09:00.
    expect(closedPeriodAt(berlin, at('2026-12-05T11:00:00Z'))).toEqual({ start: at('2026-12-04T16:00:00Z'), end: at('2026-12-07T08:00:00Z') });
    // Two messages in one night share the period; the next night is another.
    const night1 = closedPeriodAt(berlin, at('2026-12-08T20:00:00Z'));
    expect(closedPeriodAt(berlin, at('2026-12-09T05:00:00Z'))).toEqual(night1);
    expect(closedPeriodAt(berlin, at('2026-12-09T20:00:00Z'))!.start).not.toEqual(night1!.start);
    expect(closedPeriodAt(berlin, at('2026-12-08T10:00:00Z'))).toBeNull();
  });

  it('a team that never opens has no due time and one endless closed period', () => {
    const never: BusinessHours = { time_zone: 'UTC', weekly: closed, holidays: [] };
    expect(addBusinessSeconds(never, at('2026-12-05T11:00:00Z'), 20)).toBeNull();
    expect(closedPeriodAt(never, at('2026-12-05T11:00:00Z'))).toEqual({ start: null, end: null });
  });
});
