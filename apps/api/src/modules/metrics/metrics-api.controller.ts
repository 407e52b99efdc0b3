import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiKeyGuard } from '../../common/auth/api-key.guard.js';
import { MetricsReportService } from './metrics-report.service.js';

/** GET /v1/metrics?since=&bucket=: current figures and series for the inbox dashboard. */
@Controller('v1/metrics')
@UseGuards(ApiKeyGuard)
export class MetricsApiController {
  constructor(private readonly report: MetricsReportService) {}

  @Get()
  get(@Query('since') since?: unknown, @Query('bucket') bucket?: unknown) {
    return this.report.reportFor(since, bucket);
  }
}
