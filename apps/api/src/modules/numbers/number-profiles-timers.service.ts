import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { BackgroundWork, type ScheduledTasks } from '../../background/background-work.service.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { NumberProfilesService } from './number-profiles.service.js';

/** In worker processes: reads the numbers' profiles on boot (without waiting for Meta), then periodically. */
@Injectable()
export class NumberProfilesTimers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly tasks: ScheduledTasks;

  constructor(
    private readonly profiles: NumberProfilesService,
    work: BackgroundWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.tasks = work.tasks();
  }

  onApplicationBootstrap(): void {
    this.tasks.every('numbers.profile_sync', () => this.profiles.sync());
  }

  onApplicationShutdown(): void {
    this.tasks.stopAll();
  }
}
