import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { PeriodicTasks } from '../../common/periodic-tasks.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { NumberProfilesService } from './number-profiles.service.js';

/** In worker processes: reads the numbers' profiles on boot (without waiting for Meta), then periodically. */
@Injectable()
export class NumberProfilesTimers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly tasks: PeriodicTasks;

  constructor(
    private readonly profiles: NumberProfilesService,
    logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.tasks = new PeriodicTasks(logger);
  }

  onApplicationBootstrap(): void {
    this.tasks.every('numbers.profile_sync', this.config.numbers.profileSyncIntervalMs, () => this.profiles.sync());
    void this.tasks.runOnce('numbers.profile_sync', () => this.profiles.sync());
  }

  onApplicationShutdown(): void {
    this.tasks.stopAll();
  }
}
