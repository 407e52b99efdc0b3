import { timingSafeEqual } from 'node:crypto';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { headerOf, type HttpReply, type HttpRequest } from '../../common/http/http-types.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { str } from '../../contract/schema.js';
import { TAGS } from '../../contract/tags.js';
import { SingleFlightCache } from '../../common/single-flight-cache.js';
import { PrometheusService } from './prometheus.service.js';
import { Public } from '../../common/auth/access.decorator.js';

/**
 * Prometheus scrapes usually sit behind a network boundary, so `GET /metrics` is open by default
 * (it carries counts, no customer data); set METRICS_BEARER_TOKEN to require `Authorization: Bearer`.
 * In production (NODE_ENV=production) it stays closed until the token is set.
 */
@ApiTag(TAGS.metrics)
@Public()
@Controller('metrics')
export class PrometheusController {
  private readonly scrapes: SingleFlightCache<string>;

  constructor(
    private readonly prometheus: PrometheusService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.scrapes = new SingleFlightCache(config.metrics.scrapeCacheMs);
  }

  @Get()
  @ApiOperation({
    id: 'getPrometheusMetrics',
    summary: 'Prometheus text format',
    description:
      'Open unless `METRICS_BEARER_TOKEN` is set; then `Authorization: Bearer <METRICS_BEARER_TOKEN>` (not an API key). With `NODE_ENV=production` it is closed until the token is set. An answer is reused for `METRICS_SCRAPE_CACHE_MS` (1 s), and concurrent scrapes share one.',
    security: [{}, { metricsToken: [] }],
    errors: { 401: 'Unauthorized' },
    responses: { 200: { description: 'Prometheus exposition format 0.0.4.', body: str(), contentType: 'text/plain' } },
  })
  async scrape(@Req() req: HttpRequest, @Res() res: HttpReply): Promise<void> {
    const expected = this.config.metrics.bearerToken;
    if (expected === null && this.config.metrics.requireToken) {
      throw new DomainError(ErrorCode.Unauthorized, 'in production GET /metrics requires METRICS_BEARER_TOKEN to be set, and sent as Authorization: Bearer');
    }
    if (expected !== null && !sameToken(/^Bearer\s+(\S+)$/i.exec(headerOf(req, 'authorization') ?? '')?.[1], expected)) {
      throw new DomainError(ErrorCode.Unauthorized, 'a valid metrics token is required (Authorization: Bearer <METRICS_BEARER_TOKEN>)');
    }
    // Scrapes come in bursts (several Prometheus replicas): one set of queries serves them all.
    const body = await this.scrapes.get(() => this.prometheus.render());
    res.status(200).type(this.prometheus.contentType()).send(body);
  }
}

function sameToken(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
