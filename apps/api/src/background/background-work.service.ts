import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { QueueName } from '@sendbook/queue';
import type { RedisClient } from '../infra/redis-clients.js';
import { JsonLogger } from '../common/logging/json-logger.js';
import { PeriodicTasks } from '../common/periodic-tasks.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.schema.js';
import { REDIS } from '../infra/redis.module.js';
import { JOBS, PERIODIC_TASKS, runsHere, type PeriodicTaskName } from './background-work.js';

/** The last run of a periodic task, as any process of the deployment last recorded it. */
export interface LastRun {
  readonly startedAt: string;
  readonly durationMs: number;
  readonly ok: boolean;
  readonly error: string | null;
  readonly process: string;
  readonly runs: number;
  readonly failures: number;
}

/** A group of periodic tasks of one owner, started and stopped together; each named in background-work.ts. */
export interface ScheduledTasks {
  /** Runs `task` at the declared interval (and at once when declared `atStart`). */
  every(name: PeriodicTaskName, task: () => Promise<unknown>): void;
  /** Runs `task` now unless a run of it is still going (an on-demand task, or a periodic one early). */
  runOnce(name: PeriodicTaskName, task: () => Promise<unknown>): Promise<void>;
  stopAll(): void;
}

/**
 * Runs what background-work.ts declares, and only that: a periodic task must be declared for this
 * process's role and started once; every job must have exactly one handler where workers run (the
 * application refuses to start otherwise). Each run is recorded in Redis for `GET /v1/system/jobs`.
 */
@Injectable()
export class BackgroundWork implements OnApplicationBootstrap {
  private readonly started = new Set<PeriodicTaskName>();
  private readonly handlers = new Map<string, string>();
  private readonly process = `${process.pid}`;

  constructor(
    @Inject(APP_CONFIG) readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly logger: JsonLogger,
  ) {}

  tasks(): ScheduledTasks {
    const periodic = new PeriodicTasks(this.logger, (name, startedAt, durationMs, error) => this.record(name, startedAt, durationMs, error));
    return {
      every: (name, task) => {
        const spec = this.claim(name);
        if (spec.everyMs === null) throw new Error(`background task ${name} runs on demand only (background-work.ts)`);
        periodic.every(name, spec.everyMs(this.config), task);
        if ('atStart' in spec && spec.atStart) void periodic.runOnce(name, task);
      },
      runOnce: (name, task) => {
        if (!runsHere(this.config.role, PERIODIC_TASKS[name].runsIn)) throw new Error(`background task ${name} is not declared for ROLE=${this.config.role}`);
        return periodic.runOnce(name, task);
      },
      stopAll: () => periodic.stopAll(),
    };
  }

  /** A processor says which jobs of its queue it handles; a second handler for one is refused at once. */
  handles(queue: QueueName, names: readonly string[], by: string): void {
    for (const name of names) {
      if (!Object.hasOwn(JOBS[queue], name)) throw new Error(`${by} handles job ${queue}/${name}, which background-work.ts does not declare`);
      const key = `${queue}/${name}`;
      const other = this.handlers.get(key);
      if (other) throw new Error(`job ${key} has two handlers: ${other} and ${by}`);
      this.handlers.set(key, by);
    }
  }

  /** Every declared job has its handler where workers run: a job nobody handles would wait forever. */
  onApplicationBootstrap(): void {
    if (this.config.role === 'api') return;
    const missing = Object.entries(JOBS)
      .flatMap(([queue, jobs]) => Object.keys(jobs).map((name) => `${queue}/${name}`))
      .filter((key) => !this.handlers.has(key));
    if (missing.length > 0) throw new Error(`jobs without a handler: ${missing.join(', ')}`);
  }

  /** The last run of each periodic task in the deployment (null: none recorded yet). */
  async lastRuns(): Promise<Map<PeriodicTaskName, LastRun | null>> {
    const names = Object.keys(PERIODIC_TASKS) as PeriodicTaskName[];
    // One command each, auto-pipelined: on a Redis Cluster these keys live in different slots,
    // which one pipeline may not span.
    const results = await Promise.all(names.map((name) => this.redis.hgetall(this.key(name))));
    return new Map(names.map((name, i) => [name, lastRun(results[i])]));
  }

  private claim(name: PeriodicTaskName) {
    const spec = PERIODIC_TASKS[name];
    if (!runsHere(this.config.role, spec.runsIn))
      throw new Error(`background task ${name} is declared for ${spec.runsIn.join(' and ')}, not ROLE=${this.config.role}`);
    if (this.started.has(name)) throw new Error(`background task ${name} is started twice`);
    this.started.add(name);
    return spec;
  }

  /** Fire and forget: a run worth knowing about is not worth failing the task over. */
  private record(name: string, startedAt: Date, durationMs: number, error: unknown): void {
    const key = this.key(name);
    const fields: Record<string, string> = {
      started_at: startedAt.toISOString(),
      duration_ms: String(durationMs),
      ok: error === null ? '1' : '0',
      error: error === null ? '' : String(error instanceof Error ? error.message : error).slice(0, 500),
      process: this.process,
    };
    this.redis
      .multi()
      .hset(key, fields)
      .hincrby(key, 'runs', 1)
      .hincrby(key, 'failures', error === null ? 0 : 1)
      .exec()
      .catch(() => undefined);
  }

  private key(name: string): string {
    return `${this.config.redisPrefix}:background:${name}`;
  }
}

function lastRun(hash: Record<string, string> | undefined): LastRun | null {
  if (!hash?.started_at) return null;
  return {
    startedAt: hash.started_at,
    durationMs: Number(hash.duration_ms),
    ok: hash.ok === '1',
    error: hash.error || null,
    process: hash.process ?? '',
    runs: Number(hash.runs ?? 0),
    failures: Number(hash.failures ?? 0),
  };
}
