import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BackgroundWork, type ScheduledTasks } from '../../background/background-work.service.js';
import { Clock } from '../../common/clock.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { strayDaysAlert, TimePartitions, type RetentionRound } from '../../database/partitions/time-partitions.js';
import { AlertsService } from '../alerts/alerts.service.js';

const DAY_MS = 86_400_000;
export const PARTITION_MISSING_ALERT = 'webhooks.partition_missing';
export const RETENTION_WAITING_ALERT = 'webhooks.retention_waiting';

/** A body retention must never drop: not yet processed, or poison that staff have not dismissed (a work item). */
const BODY_MUST_STAY = {
  condition: `(w.state = 'received' OR (w.state = 'poison' AND NOT EXISTS (
    SELECT 1 FROM audit_events d WHERE d.subject_type = 'webhook_delivery' AND d.subject_id = w.id::text AND d.action = 'work_item.dismissed')))`,
  counts: `count(*) FILTER (WHERE state = 'received')::int AS received, count(*) FILTER (WHERE state = 'poison')::int AS poison`,
};

/** A status whose message we do not know yet: it is applied when the wamid appears, or turns `foreign` after WEBHOOK_FOREIGN_AFTER. */
const STATUS_MUST_STAY = { condition: `w.match_state = 'parked'`, counts: `count(*)::int AS parked` };

/**
 * Keeps the daily partitions of the webhook tables: today's and the next days' made ahead,
 * whatever a default partition caught moved into a partition of its day, and partitions past
 * their retention dropped whole. Bodies (`webhook_deliveries`) go after WEBHOOK_BODY_RETENTION_DAYS,
 * unless a partition holds one still to be processed or poison nobody dismissed: it waits, and an
 * alert says so. Event claims go after WEBHOOK_KEY_RETENTION_DAYS (at least 8: Meta redelivers
 * for up to 7 days); status events after STATUS_EVENT_RETENTION_DAYS, a day holding a parked
 * status waiting until it turns foreign. A day left in a default partition is an alert (inserts
 * never fail for want of a partition).
 */
@Injectable()
export class WebhookRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly tasks: ScheduledTasks;
  readonly bodies: TimePartitions;
  readonly claims: TimePartitions;
  readonly statuses: TimePartitions;

  constructor(
    dataSource: DataSource,
    private readonly alerts: AlertsService,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    work: BackgroundWork,
  ) {
    this.tasks = work.tasks();
    this.bodies = new TimePartitions(dataSource, { parent: 'webhook_deliveries', column: 'received_at', mustStay: BODY_MUST_STAY });
    this.claims = new TimePartitions(dataSource, { parent: 'webhook_event_claims', column: 'claimed_at', mustStay: null });
    this.statuses = new TimePartitions(dataSource, { parent: 'message_status_events', column: 'received_at', mustStay: STATUS_MUST_STAY });
  }

  onApplicationBootstrap(): void {
    this.tasks.every('webhooks.partitions', () => this.maintain());
  }

  onApplicationShutdown(): void {
    this.tasks.stopAll();
  }

  /** One round over the tables; null for a table not partitioned yet. */
  async maintain(): Promise<{ bodies: RetentionRound | null; claims: RetentionRound | null; statuses: RetentionRound | null }> {
    const bodies = await this.maintainTable(this.bodies, this.config.webhooks.bodyRetentionDays);
    const claims = await this.maintainTable(this.claims, this.config.webhooks.keyRetentionMs / DAY_MS);
    const statuses = await this.maintainTable(this.statuses, this.config.webhooks.statusRetentionDays);
    await this.report({ webhook_deliveries: bodies, webhook_event_claims: claims, message_status_events: statuses });
    return { bodies, claims, statuses };
  }

  private async maintainTable(table: TimePartitions, retentionDays: number): Promise<RetentionRound | null> {
    const round = await table.maintain(this.clock.now(), retentionDays);
    for (const partition of round?.created ?? []) this.logger.event('info', 'webhooks.partition_created', { partition });
    for (const partition of round?.dropped ?? []) this.logger.event('info', 'webhooks.partition_dropped', { partition });
    return round;
  }

  private async report(rounds: Record<string, RetentionRound | null>): Promise<void> {
    const stray = strayDaysAlert(rounds);
    if (stray) await this.alerts.raise({ source: 'webhooks', key: PARTITION_MISSING_ALERT, ...stray });
    else await this.alerts.resolve(PARTITION_MISSING_ALERT);
    // Bodies wait for people (replay or dismiss); a parked status turns foreign by itself.
    const waiting = rounds.webhook_deliveries?.waiting ?? [];
    if (waiting.length > 0) {
      const poison = waiting.reduce((n, w) => n + (w.keeping.poison ?? 0), 0);
      const received = waiting.reduce((n, w) => n + (w.keeping.received ?? 0), 0);
      await this.alerts.raise({
        source: 'webhooks',
        key: RETENTION_WAITING_ALERT,
        title: `Retention keeps ${waiting.length} expired day(s) of webhook bodies for ${poison} poison and ${received} unprocessed bodies: resolve them in Poison webhooks`,
        details: { waiting },
      });
    } else await this.alerts.resolve(RETENTION_WAITING_ALERT);
  }
}
