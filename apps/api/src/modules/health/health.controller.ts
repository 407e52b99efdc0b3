import { Controller, Get, Res } from '@nestjs/common';
import type { HttpReply } from '../../common/http/http-types.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { TAGS } from '../../contract/tags.js';
import { HealthService } from './health.service.js';
import { Alive, Readiness } from './health.schemas.js';
import { Public } from '../../common/auth/access.decorator.js';

@ApiTag(TAGS.health)
@Public()
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** The process is up. Never touches dependencies, so an orchestrator does not restart us for Redis. */
  @Get('healthz')
  @ApiOperation({
    id: 'healthz',
    summary: 'The process is up',
    description: 'Never touches dependencies, so an orchestrator does not restart the API because Redis is down.',
    responses: { 200: { description: 'Up.', body: Alive } },
  })
  healthz(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** PostgreSQL and Redis really answer; 503 otherwise. */
  @Get('readyz')
  @ApiOperation({
    id: 'readyz',
    summary: 'PostgreSQL and Redis really answer',
    responses: {
      200: { description: 'Both answered.', body: Readiness('ready') },
      503: {
        description: 'At least one did not; its `error` says whether it refused (`unreachable`) or said nothing (`timeout`).',
        body: Readiness('not_ready'),
      },
    },
  })
  async readyz(@Res() res: HttpReply): Promise<void> {
    const readiness = await this.health.readiness();
    res.status(readiness.ready ? 200 : 503).send({ status: readiness.ready ? 'ready' : 'not_ready', ...readiness.checks });
  }
}
