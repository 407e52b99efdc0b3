import { Controller, Get, Query } from '@nestjs/common';
import { Access } from '../../common/auth/access.decorator.js';
import { BUCKET_SIZES } from '@sendbook/queue';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { dateTime, oneOfValues } from '../../contract/schema.js';
import { TAGS } from '../../contract/tags.js';
import { MetricsReportService } from './metrics-report.service.js';
import { MetricsReport } from './metrics.schemas.js';

/** GET /v1/metrics?since=&bucket=: current figures and series for the inbox dashboard. */
@ApiTag(TAGS.metrics)
@Controller('v1/metrics')
@Access('admin')
export class MetricsApiController {
  constructor(private readonly report: MetricsReportService) {}

  @Get()
  @ApiOperation({
    id: 'getMetrics',
    summary: 'Current figures and their time series',
    params: {
      since: { description: 'start of the series (ISO 8601, within `METRICS_RETENTION_DAYS`); default an hour ago', schema: dateTime() },
      bucket: { description: 'series resolution; at most 1,440 buckets', schema: oneOfValues(Object.keys(BUCKET_SIZES), { default: '1m' }) },
    },
    errors: { 400: 'ValidationFailed' },
    responses: { 200: { description: 'The report.', body: MetricsReport } },
  })
  get(@Query('since') since?: unknown, @Query('bucket') bucket?: unknown) {
    return this.report.reportFor(since, bucket);
  }
}
