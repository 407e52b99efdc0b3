import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { OutboxDispatcher, SWEEP_DEADLINE_MS } from './outbox-dispatcher.service.js';
import { OutboxRepository, type DueCursor } from './outbox.repository.js';

const BATCH = 1000;
/** Overdue rows whose job is looked up per sweep (one Redis lookup each). */
const OVERDUE_BATCH = 100;

/** Rows one sweep reads at most; a longer backlog is gone through over several sweeps. */
const MAX_PER_SWEEP = 20 * BATCH;

/**
 * PostgreSQL is the truth: due `queued` rows without a job get one, so a Redis restart or flush
 * loses nothing. A pass goes through the due rows in (not_before, id) order with a keyset cursor
 * and goes on from there in the next sweep when it stopped at MAX_PER_SWEEP, so every due row is
 * reached however many there are. Rows in `sending` are never touched here: their outcome is
 * unknown.
 */
@Injectable()
export class OutboxSweeper {
  /** Where the current pass stands; null: the next sweep starts a new pass from the first due row. */
  private cursor: DueCursor | null = null;

  constructor(
    private readonly repo: OutboxRepository,
    private readonly dispatcher: OutboxDispatcher,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Enqueues rows due before the next sweep that have no job; returns how many it looked at.
   * `fromStart`: rows just became sendable (a resume), so the pass begins again at the first due row.
   */
  async sweep({ fromStart = false } = {}): Promise<number> {
    if (fromStart) this.cursor = null;
    const horizon = new Date(this.clock.now().getTime() + this.config.outbox.sweepIntervalMs);
    let seen = 0;
    let added = 0;
    while (seen < MAX_PER_SWEEP) {
      const due = await this.repo.findDueQueued(horizon, BATCH, this.cursor);
      const result = await this.dispatcher.dispatchMissing(due, SWEEP_DEADLINE_MS);
      if (result.outcome === 'deferred') {
        // The cursor stays: the next sweep tries these rows again.
        this.logger.event('warn', 'outbox.sweep_deferred', { rows: due.length, note: 'Redis did not take the jobs; the next sweep tries again' });
        return seen;
      }
      seen += due.length;
      added += result.added;
      this.cursor = due.length < BATCH ? null : due[due.length - 1]!.cursor;
      if (this.cursor === null) break;
    }
    // Overdue well past any pacing delay (which leaves not_before alone): the job waits on a stale
    // deadline (a limit raised, a clock moved), so it is brought forward.
    const overdue = await this.repo.findDueQueued(new Date(this.clock.now().getTime() - this.config.outbox.promoteOverdueAfterMs), OVERDUE_BATCH);
    const promoted = await this.dispatcher.promoteOverdue(overdue.map((row) => row.id));
    if (seen > 0) this.logger.event('debug', 'outbox.swept', { rows: seen, added, promoted });
    return seen;
  }

  purge(): Promise<number> {
    return this.repo.purgeExpired(this.clock.now(), 10_000);
  }
}
