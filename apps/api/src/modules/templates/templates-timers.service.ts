import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { BackgroundWork, type ScheduledTasks } from '../../background/background-work.service.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { TemplatesService } from './templates.service.js';

/**
 * In worker processes: syncs the template registry on boot and then periodically. Boot does not
 * wait for it (Meta may be slow or away); a failure is logged and tried again on the next tick.
 */
@Injectable()
export class TemplatesTimers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly tasks: ScheduledTasks;

  constructor(
    private readonly templates: TemplatesService,
    work: BackgroundWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.tasks = work.tasks();
  }

  onApplicationBootstrap(): void {
    if (!this.config.whatsapp.businessAccountId) return;
    this.tasks.every('templates.sync', () => this.templates.sync());
  }

  onApplicationShutdown(): void {
    this.tasks.stopAll();
  }
}
