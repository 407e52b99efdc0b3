import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { HealthService } from './health.service.js';

@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** The process is up. Never touches dependencies, so an orchestrator does not restart us for Redis. */
  @Get('healthz')
  healthz(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** PostgreSQL and Redis really answer; 503 otherwise. */
  @Get('readyz')
  async readyz(@Res() res: Response): Promise<void> {
    const readiness = await this.health.readiness();
    res.status(readiness.ready ? 200 : 503).json({ status: readiness.ready ? 'ready' : 'not_ready', ...readiness.checks });
  }
}
