import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { BackgroundWork, type ScheduledTasks } from '../../background/background-work.service.js';
import { AssignmentService } from './assignment.service.js';
import { OutOfOfficeService } from './out-of-office.service.js';
import { ResponseTargetsService } from './response-targets.service.js';

/**
 * The workers' passes of team work, every TEAM_WORK_INTERVAL_MS: what no request triggers
 * (someone came online, a target or a reassignment time passed) and what a dead process left
 * undone (an out-of-office reply owed).
 */
@Injectable()
export class TeamWorkSweeps implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly tasks: ScheduledTasks;

  constructor(
    private readonly assignment: AssignmentService,
    private readonly targets: ResponseTargetsService,
    private readonly outOfOffice: OutOfOfficeService,
    work: BackgroundWork,
  ) {
    this.tasks = work.tasks();
  }

  onApplicationBootstrap(): void {
    this.tasks.every('conversations.assign', () => this.assignment.drain());
    this.tasks.every('conversations.response_targets', () => this.targets.markBreaches());
    this.tasks.every('conversations.out_of_office', () => this.outOfOffice.sweep());
  }

  onApplicationShutdown(): void {
    this.tasks.stopAll();
  }
}
