import { bucketStart, bucketStarts, BUCKET_SIZES, groupByBucket, lastByBucket, MINUTE_MS } from './buckets.js';

const t = (iso: string) => Date.parse(iso);

describe('time buckets', () => {
  it('aligns to the epoch', () => {
    expect(bucketStart(t('2026-11-30T10:07:42.123Z'), MINUTE_MS)).toBe(t('2026-11-30T10:07:00Z'));
    expect(bucketStart(new Date('2026-11-30T10:07:42Z'), BUCKET_SIZES['5m']!)).toBe(t('2026-11-30T10:05:00Z'));
    expect(bucketStart(t('2026-11-30T10:07:42Z'), BUCKET_SIZES['1d']!)).toBe(t('2026-11-30T00:00:00Z'));
  });

  it('lists every bucket of a range, the partial ones at both ends included', () => {
    expect(bucketStarts(new Date('2026-11-30T10:07:30Z'), new Date('2026-11-30T10:10:00Z'), MINUTE_MS)).toEqual(
      ['10:07', '10:08', '10:09', '10:10'].map((hm) => t(`2026-11-30T${hm}:00Z`)),
    );
  });

  it('keeps a gauge’s last reading per bucket, null where none was taken', () => {
    const points = [
      { at: t('2026-11-30T10:01:00Z'), value: 4 },
      { at: t('2026-11-30T10:03:00Z'), value: 7 },
      { at: t('2026-11-30T10:02:00Z'), value: 5 },
    ];
    expect(lastByBucket(points, new Date('2026-11-30T10:00:00Z'), new Date('2026-11-30T10:09:00Z'), 5 * MINUTE_MS)).toEqual([
      { at: t('2026-11-30T10:00:00Z'), value: 7 },
      { at: t('2026-11-30T10:05:00Z'), value: null },
    ]);
  });

  it('groups items by the bucket of their time and drops those outside the range', () => {
    const items = [{ at: t('2026-11-30T10:00:10Z') }, { at: t('2026-11-30T10:00:50Z') }, { at: t('2026-11-30T10:01:00Z') }, { at: t('2026-11-30T11:00:00Z') }];
    const groups = groupByBucket(items, (i) => i.at, new Date('2026-11-30T10:00:00Z'), new Date('2026-11-30T10:01:30Z'), MINUTE_MS);
    expect([...groups.values()].map((g) => g.length)).toEqual([2, 1]);
  });
});
