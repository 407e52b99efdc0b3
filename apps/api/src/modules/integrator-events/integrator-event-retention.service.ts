import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { dayPartition, type RangePartition } from '@sendbook/queue';
import { DataSource } from 'typeorm';
import { BackgroundWork, type ScheduledTasks } from '../../background/background-work.service.js';
import { Clock } from '../../common/clock.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { strayDaysAlert, TimePartitions } from '../../database/partitions/time-partitions.js';
import { AlertsService } from '../alerts/alerts.service.js';

const DAY_MS = 86_400_000;
export const EVENT_PARTITION_MISSING_ALERT = 'integrator_events.partition_missing';

/** A delivery still owed (not yet delivered, not given up) keeps its day, with its event and the attempts. */
const OWED = { condition: `w.state IN ('pending', 'delivering')`, counts: `count(*)::int AS owed` };

export interface EventRetentionRound {
  created: string[];
  dropped: string[];
  /** Expired days of events kept, with what keeps each (`owed` deliveries; rows of the day in a default partition, `stray`; another table's partition not the same day, `misaligned`). */
  waiting: { partition: string; keeping: Record<string, number> }[];
  /** Days a default partition still holds rows of after the round (a partition could not be made). */
  stray: { table: string; day: string }[];
}

/**
 * Keeps the daily partitions of the integrator events, their deliveries and their attempts, all
 * three by the event's day (`created_at`, and `event_at` on the other two): today's and the next
 * days' made ahead, whatever a default partition caught moved into its day's, and a day past
 * EVENT_RETENTION_DAYS dropped whole in all three tables at once (attempts, deliveries, events, in
 * one transaction), unless one of its deliveries is still owed: that day waits until it is
 * delivered or given up. A day left in a default partition is an alert (inserts never fail for want
 * of a partition).
 */
@Injectable()
export class IntegratorEventRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly tasks: ScheduledTasks;
  readonly events: TimePartitions;
  readonly deliveries: TimePartitions;
  readonly attempts: TimePartitions;

  constructor(
    dataSource: DataSource,
    private readonly alerts: AlertsService,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    work: BackgroundWork,
  ) {
    this.tasks = work.tasks();
    // Events and attempts are dropped only along with their day's deliveries, which say whether the day may go.
    this.events = new TimePartitions(dataSource, { parent: 'integrator_events', column: 'created_at', mustStay: null });
    this.deliveries = new TimePartitions(dataSource, { parent: 'event_deliveries', column: 'event_at', mustStay: OWED });
    this.attempts = new TimePartitions(dataSource, { parent: 'event_delivery_attempts', column: 'event_at', mustStay: null });
  }

  onApplicationBootstrap(): void {
    this.tasks.every('integrator_events.partitions', () => this.maintain());
  }

  onApplicationShutdown(): void {
    this.tasks.stopAll();
  }

  /** One round; null while the tables are not partitioned yet. */
  async maintain(): Promise<EventRetentionRound | null> {
    const tables = [this.attempts, this.deliveries, this.events];
    if ((await this.events.partitions()) === null) return null;
    const now = this.clock.now();
    const retentionDays = this.config.integratorEvents.retentionMs / DAY_MS;
    const round: EventRetentionRound = { created: [], dropped: [], waiting: [], stray: [] };
    const byTable = new Map<TimePartitions, RangePartition[]>();
    let expired: RangePartition[] = [];
    for (const table of tables) {
      const made = await table.makeDays(now, retentionDays);
      round.created.push(...(made?.created ?? []));
      round.stray.push(...(made?.stray ?? []).map((day) => ({ table: table.table.parent, day })));
      byTable.set(
        table,
        (made?.partitions ?? []).filter((p) => !p.isDefault),
      );
      if (table === this.events) expired = made?.expired ?? [];
    }
    for (const day of expired) await this.expire(day, byTable, round);
    for (const partition of round.created) this.logger.event('info', 'integrator_events.partition_created', { partition });
    for (const partition of round.dropped) this.logger.event('info', 'integrator_events.partition_dropped', { partition });
    await this.report(round);
    return round;
  }

  /** A day of events goes with the deliveries' and attempts' partitions of the same bounds, when no delivery of it is owed. */
  private async expire(day: RangePartition, byTable: Map<TimePartitions, RangePartition[]>, round: EventRetentionRound): Promise<void> {
    const keeping: Record<string, number> = {};
    const along: { table: TimePartitions; partition: RangePartition }[] = [];
    for (const table of [this.attempts, this.deliveries]) {
      const overlapping = byTable.get(table)!.filter((p) => overlaps(p, day));
      // A partition of another table reaching past this day holds rows of days not expired: it waits for them.
      if (overlapping.some((p) => !sameBounds(p, day))) keeping.misaligned = (keeping.misaligned ?? 0) + 1;
      else if (overlapping[0]) along.push({ table, partition: overlapping[0] });
    }
    const strays = round.stray.filter((s) => overlaps(dayPartition('x', new Date(s.day)), day)).length;
    if (strays > 0) keeping.stray = strays;
    const deliveries = along.find((p) => p.table === this.deliveries);
    if (deliveries) Object.assign(keeping, await this.deliveries.blockers(deliveries.partition));
    if (Object.values(keeping).some((n) => n > 0)) {
      round.waiting.push({ partition: day.name, keeping });
      return;
    }
    if (await this.events.drop(day, along)) round.dropped.push(...along.map((p) => p.partition.name), day.name);
  }

  private async report(round: EventRetentionRound): Promise<void> {
    const byTable: Record<string, { stray: string[] }> = {};
    for (const { table, day } of round.stray) (byTable[table] ??= { stray: [] }).stray.push(day);
    const stray = strayDaysAlert(byTable);
    if (stray) await this.alerts.raise({ source: 'integrator-events', key: EVENT_PARTITION_MISSING_ALERT, ...stray });
    else await this.alerts.resolve(EVENT_PARTITION_MISSING_ALERT);
  }
}

type Range = Pick<RangePartition, 'from' | 'to'>;
const start = (p: Range) => p.from?.getTime() ?? -Infinity;
const end = (p: Range) => p.to?.getTime() ?? Infinity;
const overlaps = (a: Range, b: Range) => start(a) < end(b) && start(b) < end(a);
const sameBounds = (a: Range, b: Range) => start(a) === start(b) && end(a) === end(b);
