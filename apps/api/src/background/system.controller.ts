import { InjectQueue } from '@nestjs/bullmq';
import { Controller, Get } from '@nestjs/common';
import { QUEUE_NAMES, type QueueName } from '@sendbook/queue';
import type { Queue } from 'bullmq';
import { Access } from '../common/auth/access.decorator.js';
import { ApiOperation, ApiTag } from '../contract/api-operation.decorator.js';
import { TAGS } from '../contract/tags.js';
import { JOBS, LISTENERS, PERIODIC_TASKS, TRIGGERS, type PeriodicTaskName } from './background-work.js';
import { BackgroundWork } from './background-work.service.js';
import { BackgroundWorkReport } from './system.schemas.js';

@ApiTag(TAGS.system)
@Controller('v1/system')
@Access('admin')
export class SystemController {
  constructor(
    private readonly work: BackgroundWork,
    @InjectQueue(QUEUE_NAMES.outbound) private readonly outbound: Queue,
    @InjectQueue(QUEUE_NAMES.webhooks) private readonly webhooks: Queue,
  ) {}

  @Get('jobs')
  @ApiOperation({
    id: 'getBackgroundWork',
    summary: 'Every queue, job, periodic task, listener and trigger',
    description: "As declared in `apps/api/src/background/background-work.ts`, with each queue's counts and each periodic task's latest run in any process.",
    responses: { 200: { description: 'The background work.', body: BackgroundWorkReport } },
  })
  async jobs() {
    const queues: Record<QueueName, Queue> = { [QUEUE_NAMES.outbound]: this.outbound, [QUEUE_NAMES.webhooks]: this.webhooks };
    const [counts, lastRuns] = await Promise.all([
      Promise.all(Object.values(queues).map((q) => q.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'failed').catch(() => null))),
      this.work.lastRuns().catch(() => new Map()),
    ]);
    return {
      queues: (Object.keys(JOBS) as QueueName[]).map((name, i) => ({
        name,
        jobs: Object.entries(JOBS[name]).map(([job, spec]) => ({ name: job, what: spec.what })),
        counts: counts[i]
          ? {
              waiting: counts[i]!.waiting ?? 0,
              active: counts[i]!.active ?? 0,
              delayed: counts[i]!.delayed ?? 0,
              prioritized: counts[i]!.prioritized ?? 0,
              failed: counts[i]!.failed ?? 0,
            }
          : null,
      })),
      periodic: (Object.keys(PERIODIC_TASKS) as PeriodicTaskName[]).map((name) => {
        const spec = PERIODIC_TASKS[name];
        const last = lastRuns.get(name) ?? null;
        return {
          name,
          owner: spec.owner,
          runs_in: [...spec.runsIn],
          every_ms: spec.everyMs === null ? null : spec.everyMs(this.work.config),
          at_start: 'atStart' in spec ? spec.atStart : false,
          what: spec.what,
          last_run: last && {
            started_at: last.startedAt,
            duration_ms: last.durationMs,
            ok: last.ok,
            error: last.error,
            process: last.process,
            runs: last.runs,
            failures: last.failures,
          },
        };
      }),
      listeners: LISTENERS.map((l) => ({ channel: l.channel, owner: l.owner, runs_in: [...l.runsIn], what: l.what })),
      triggers: TRIGGERS.map((t) => ({ ...t })),
    };
  }
}
