import { DomainError } from '../../common/errors/domain-error.js';
import { reportRange } from './report-range.js';

const NOW = new Date('2026-12-01T10:00:00Z');
const DAY = 86_400_000;
const RETENTION = 7 * DAY;

describe('reportRange', () => {
  it('defaults to the last hour in one-minute buckets', () => {
    expect(reportRange(undefined, undefined, NOW, RETENTION)).toEqual({ since: new Date('2026-12-01T09:00:00Z'), until: NOW, bucketMs: 60_000, bucket: '1m' });
  });

  it('takes an ISO since within the retention and a known bucket', () => {
    expect(reportRange('2026-11-30T10:00:00Z', '1h', NOW, RETENTION)).toEqual({
      since: new Date('2026-11-30T10:00:00Z'),
      until: NOW,
      bucketMs: 3_600_000,
      bucket: '1h',
    });
  });

  it.each([
    ['not a time', 'yesterday', undefined, 'since'],
    ['in the future', '2026-12-02T00:00:00Z', undefined, 'since'],
    ['beyond the retention', '2026-11-01T00:00:00Z', '1d', 'since'],
    ['an unknown bucket', undefined, '2m', 'bucket'],
    ['too many buckets', '2026-11-28T10:00:00Z', '1m', 'bucket'],
  ])('refuses %s', (_, since, bucket, field) => {
    let error: unknown;
    try {
      reportRange(since, bucket, NOW, RETENTION);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).message).toMatch(new RegExp(`^${field}: `));
  });
});
