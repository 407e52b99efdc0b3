import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { PeriodicTasks } from '../../common/periodic-tasks.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { AuthService } from './auth.service.js';
import { SessionsService } from './sessions.service.js';

const PURGE_EVERY_MS = 3_600_000;

/**
 * Where live streams are served: sessions past their end are ended and their streams closed; sign-in
 * attempts the throttle no longer counts are deleted.
 */
@Injectable()
export class StaffTimers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly tasks: PeriodicTasks;

  constructor(
    private readonly sessions: SessionsService,
    private readonly auth: AuthService,
    logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.tasks = new PeriodicTasks(logger);
  }

  onApplicationBootstrap(): void {
    this.tasks.every('staff.end_lapsed_sessions', this.config.auth.sessionSweepMs, () => this.sessions.endLapsed());
    this.tasks.every('staff.purge_login_attempts', PURGE_EVERY_MS, () => this.auth.purgeAttempts());
  }

  onApplicationShutdown(): void {
    this.tasks.stopAll();
  }
}
