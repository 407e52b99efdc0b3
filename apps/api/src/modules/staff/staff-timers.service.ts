import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { BackgroundWork, type ScheduledTasks } from '../../background/background-work.service.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { AuthService } from './auth.service.js';
import { SessionsService } from './sessions.service.js';

/**
 * Where live streams are served: sessions past their end are ended and their streams closed; sign-in
 * attempts the throttle no longer counts are deleted.
 */
@Injectable()
export class StaffTimers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly tasks: ScheduledTasks;

  constructor(
    private readonly sessions: SessionsService,
    private readonly auth: AuthService,
    work: BackgroundWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.tasks = work.tasks();
  }

  onApplicationBootstrap(): void {
    this.tasks.every('staff.end_lapsed_sessions', () => this.sessions.endLapsed());
    this.tasks.every('staff.purge_login_attempts', () => this.auth.purgeAttempts());
  }

  onApplicationShutdown(): void {
    this.tasks.stopAll();
  }
}
