import { BUCKET_SIZES, bucketStarts } from '@sendbook/queue';
import { DomainError, type FieldProblem } from '../../common/errors/domain-error.js';

export interface ReportRange {
  readonly since: Date;
  readonly until: Date;
  readonly bucketMs: number;
  readonly bucket: string;
}

const DEFAULT_SPAN_MS = 3_600_000;
/** Enough points for any chart; more is a request for raw data, not a dashboard. */
const MAX_BUCKETS = 1_440;

/**
 * The range of GET /v1/metrics from its query (`since`, `bucket`), as of `now`: the last hour in
 * one-minute buckets unless asked otherwise, never beyond the retention, never too many buckets.
 */
export function reportRange(sinceRaw: unknown, bucketRaw: unknown, now: Date, retentionMs: number): ReportRange {
  const until = now;
  const problems: FieldProblem[] = [];
  let since = new Date(until.getTime() - DEFAULT_SPAN_MS);
  if (sinceRaw !== undefined) {
    const parsed = typeof sinceRaw === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(sinceRaw) ? new Date(sinceRaw) : new Date(NaN);
    if (Number.isNaN(parsed.getTime())) problems.push({ field: 'since', message: 'must be an ISO 8601 timestamp, e.g. 2026-11-30T10:00:00Z' });
    else if (parsed.getTime() > until.getTime()) problems.push({ field: 'since', message: 'must not be in the future' });
    else if (parsed.getTime() < until.getTime() - retentionMs) {
      problems.push({ field: 'since', message: `must be within the retention (METRICS_RETENTION_DAYS = ${retentionMs / 86_400_000})` });
    } else since = parsed;
  }
  const bucket = bucketRaw === undefined ? '1m' : bucketRaw;
  const bucketMs = typeof bucket === 'string' ? BUCKET_SIZES[bucket] : undefined;
  if (bucketMs === undefined) problems.push({ field: 'bucket', message: `must be one of ${Object.keys(BUCKET_SIZES).join(', ')}` });
  else if (problems.length === 0 && bucketStarts(since, until, bucketMs).length > MAX_BUCKETS) {
    problems.push({ field: 'bucket', message: `gives more than ${MAX_BUCKETS} buckets for this range; choose a larger bucket or a later since` });
  }
  if (problems.length > 0 || bucketMs === undefined) throw DomainError.validation(problems);
  return { since, until, bucketMs, bucket: bucket as string };
}
