import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { PeriodicTasks } from '../../common/periodic-tasks.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { SessionsService } from './sessions.service.js';

/** Where live streams are served: sessions past their end are ended, and their streams closed. */
@Injectable()
export class SessionTimers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly tasks: PeriodicTasks;

  constructor(
    private readonly sessions: SessionsService,
    logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.tasks = new PeriodicTasks(logger);
  }

  onApplicationBootstrap(): void {
    this.tasks.every('staff.end_lapsed_sessions', this.config.auth.sessionSweepMs, () => this.sessions.endLapsed());
  }

  onApplicationShutdown(): void {
    this.tasks.stopAll();
  }
}
