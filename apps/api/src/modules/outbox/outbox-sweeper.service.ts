import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { OutboxDispatcher } from './outbox-dispatcher.service.js';
import { OutboxRepository } from './outbox.repository.js';

const BATCH = 1000;
/** A sweep waits this long for Redis to take a batch; past it Redis is away and the next sweep tries again. */
const SWEEP_ADD_DEADLINE_MS = 5_000;
/** Overdue rows whose job is looked up per sweep (one Redis lookup each). */
const OVERDUE_BATCH = 100;

/**
 * PostgreSQL is the truth: due `queued` rows are (re-)enqueued, so a Redis restart or flush loses
 * nothing. Job id = row id makes this idempotent for rows whose job still exists. Rows in
 * `sending` are never touched here: their outcome is unknown.
 */
@Injectable()
export class OutboxSweeper {
  constructor(
    private readonly repo: OutboxRepository,
    private readonly dispatcher: OutboxDispatcher,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Enqueues rows due before the next sweep; returns how many it looked at. */
  async sweep(): Promise<number> {
    const horizon = new Date(this.clock.now().getTime() + this.config.outbox.sweepIntervalMs);
    let seen = 0;
    for (;;) {
      const due = await this.repo.findDueQueued(horizon, BATCH);
      const outcome = await this.dispatcher.dispatch(due, SWEEP_ADD_DEADLINE_MS);
      seen += due.length;
      if (outcome === 'deferred') {
        this.logger.event('warn', 'outbox.sweep_deferred', { rows: due.length, note: 'Redis did not take the jobs; the next sweep tries again' });
        return seen;
      }
      // A full batch means there may be more; the next batch repeats ids already re-added, so stop
      // after a bounded number of rows per sweep and let the next sweep continue.
      if (due.length < BATCH || seen >= 20 * BATCH) break;
    }
    // Overdue well past any pacing delay (which leaves not_before alone): the job waits on a stale
    // deadline (a limit raised, a clock moved), so it is brought forward.
    const overdue = await this.repo.findDueQueued(new Date(this.clock.now().getTime() - this.config.outbox.promoteOverdueAfterMs), OVERDUE_BATCH);
    const promoted = await this.dispatcher.promoteOverdue(overdue.map((row) => row.id));
    if (seen > 0) this.logger.event('debug', 'outbox.swept', { rows: seen, promoted });
    return seen;
  }

  purge(): Promise<number> {
    return this.repo.purgeExpired(this.clock.now(), 10_000);
  }
}
