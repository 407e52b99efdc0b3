import type { JsonLogger } from './logging/json-logger.js';

/**
 * Named tasks on local timers: one run of a task at a time per process, a failure logged and
 * retried on the next tick. Timers are unref'd so they never keep a process alive.
 */
export class PeriodicTasks {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<string>();

  constructor(
    private readonly logger: JsonLogger,
    /** Told of every run that took place (not of one skipped because the last was still going). */
    private readonly onRun: (name: string, startedAt: Date, durationMs: number, error: unknown) => void = () => undefined,
  ) {}

  every(name: string, ms: number, task: () => Promise<unknown>): void {
    const timer = setInterval(() => void this.runOnce(name, task), ms);
    timer.unref();
    this.timers.push(timer);
  }

  async runOnce(name: string, task: () => Promise<unknown>): Promise<void> {
    if (this.running.has(name)) return;
    this.running.add(name);
    const startedAt = new Date();
    let failure: unknown = null;
    try {
      await task();
    } catch (error) {
      failure = error;
      this.logger.event('warn', `${name}.failed`, { error });
    } finally {
      this.running.delete(name);
      this.onRun(name, startedAt, Date.now() - startedAt.getTime(), failure);
    }
  }

  stopAll(): void {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
  }
}
