import { dayPartition, daysBetween, parseRangeBound, planPartitions, type RangePartition } from './partitions.js';

const T = 'webhook_deliveries';
const at = (iso: string) => new Date(iso);
const day = (d: string): RangePartition => {
  const p = dayPartition(T, at(`${d}T00:00:00Z`));
  return { name: p.name, from: p.from, to: p.to, isDefault: false };
};
const DEFAULT: RangePartition = { name: `${T}_default`, from: null, to: null, isDefault: true };

describe('daily partitions', () => {
  it('a day in UTC: its name and bounds, whatever the hour', () => {
    expect(dayPartition(T, at('2026-12-05T23:59:59.999Z'))).toEqual({
      name: 'webhook_deliveries_p20261205',
      day: '2026-12-05',
      from: at('2026-12-05T00:00:00Z'),
      to: at('2026-12-06T00:00:00Z'),
    });
    expect(dayPartition(T, at('2026-12-06T00:00:00Z')).name).toBe('webhook_deliveries_p20261206');
  });

  it('every day between two instants, both ends included', () => {
    expect(daysBetween(T, at('2026-12-30T18:00:00Z'), at('2027-01-02T01:00:00Z')).map((p) => p.day)).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
  });
});

describe('parseRangeBound', () => {
  it.each([
    ["FOR VALUES FROM ('2026-12-05 00:00:00+00') TO ('2026-12-06 00:00:00+00')", at('2026-12-05T00:00:00Z'), at('2026-12-06T00:00:00Z')],
    ["FOR VALUES FROM ('2026-12-05 02:00:00+02') TO ('2026-12-06 05:30:00+05:30')", at('2026-12-05T00:00:00Z'), at('2026-12-06T00:00:00Z')],
    ["FOR VALUES FROM (MINVALUE) TO ('2026-10-01 00:00:00.5+00')", null, at('2026-10-01T00:00:00.500Z')],
  ])('%s', (bound, from, to) => {
    expect(parseRangeBound('p', bound)).toEqual({ name: 'p', from, to, isDefault: false });
  });

  it('the default partition, and what is not a range by time', () => {
    expect(parseRangeBound('d', 'DEFAULT')).toEqual({ name: 'd', from: null, to: null, isDefault: true });
    expect(parseRangeBound('x', "FOR VALUES IN ('a')")).toBeNull();
    expect(parseRangeBound('x', 'FOR VALUES FROM (1) TO (2)')).toBeNull();
  });
});

describe('planPartitions', () => {
  const now = at('2026-12-05T10:00:00Z');
  it('creates today and the days ahead that no partition covers', () => {
    const plan = planPartitions(T, [day('2026-12-05'), DEFAULT], now, 3, 30);
    expect(plan.create.map((p) => p.day)).toEqual(['2026-12-06', '2026-12-07', '2026-12-08']);
    expect(plan.expired).toEqual([]);
    // A wider partition (open-ended) covers its days.
    expect(planPartitions(T, [{ name: 'wide', from: at('2026-12-01T00:00:00Z'), to: null, isDefault: false }], now, 3, 30).create).toEqual([]);
  });

  it('a partition expires only when its last instant is past the retention, oldest first; never the default', () => {
    const existing = [
      day('2026-11-05'),
      day('2026-11-04'),
      day('2026-11-06'),
      DEFAULT,
      { name: 'before', from: null, to: at('2026-10-01T00:00:00Z'), isDefault: false },
    ];
    // now − 30 days = 2026-11-05T10:00: the 4th ended at 11-05T00:00 (expired), the 5th ends 11-06T00:00 (not yet).
    expect(planPartitions(T, existing, now, 0, 30).expired.map((p) => p.name)).toEqual(['before', 'webhook_deliveries_p20261104']);
    expect(planPartitions(T, existing, at('2026-12-06T00:00:00Z'), 0, 30).expired.map((p) => p.name)).toEqual([
      'before',
      'webhook_deliveries_p20261104',
      'webhook_deliveries_p20261105',
    ]);
  });
});
