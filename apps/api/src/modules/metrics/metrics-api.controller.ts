import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { BUCKET_SIZES, bucketStarts } from '@sendbook/queue';
import { ApiKeyGuard } from '../../common/auth/api-key.guard.js';
import { Clock } from '../../common/clock.js';
import { DomainError, type FieldProblem } from '../../common/errors/domain-error.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { MetricsReportService, type ReportRange } from './metrics-report.service.js';

const DEFAULT_SPAN_MS = 3_600_000;
/** Enough points for any chart; more is a request for raw data, not a dashboard. */
const MAX_BUCKETS = 1_440;

/** GET /v1/metrics?since=&bucket=: current figures and series for the inbox dashboard. */
@Controller('v1/metrics')
@UseGuards(ApiKeyGuard)
export class MetricsApiController {
  constructor(
    private readonly report: MetricsReportService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  get(@Query('since') since?: unknown, @Query('bucket') bucket?: unknown) {
    return this.report.report(this.range(since, bucket));
  }

  private range(sinceRaw: unknown, bucketRaw: unknown): ReportRange {
    const until = this.clock.now();
    const problems: FieldProblem[] = [];
    let since = new Date(until.getTime() - DEFAULT_SPAN_MS);
    if (sinceRaw !== undefined) {
      const parsed = typeof sinceRaw === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(sinceRaw) ? new Date(sinceRaw) : new Date(NaN);
      if (Number.isNaN(parsed.getTime())) problems.push({ field: 'since', message: 'must be an ISO 8601 timestamp, e.g. 2026-11-30T10:00:00Z' });
      else if (parsed.getTime() > until.getTime()) problems.push({ field: 'since', message: 'must not be in the future' });
      else if (parsed.getTime() < until.getTime() - this.config.metrics.retentionMs) {
        problems.push({ field: 'since', message: `must be within the retention (METRICS_RETENTION_DAYS = ${this.config.metrics.retentionMs / 86_400_000})` });
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
}
