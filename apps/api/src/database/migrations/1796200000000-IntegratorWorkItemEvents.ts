import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sqlFile } from '../sql-file.js';

/**
 * `work_item.opened` / `work_item.resolved` for the work items that are states of a row, not only
 * alerts: a message that became `failed` or `held` opens one, and leaves it by its next transition
 * (retried, released, cancelled) or by a decision recorded in the audit trail (dismissed, resent);
 * an inbound message stored unattributed opens one, attributing it resolves it. Same triggers,
 * same transaction as the change, same ordering key as the row's other events.
 * Not here: `stuck_sending` (a row becomes stuck by the clock, not by a write) and
 * `poison_webhook` (a trigger on every delivery's update would tax the webhook hot path).
 */
export class IntegratorWorkItemEvents1796200000000 implements MigrationInterface {
  name = 'IntegratorWorkItemEvents1796200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(sqlFile('1796200000000-integrator-work-item-events.up.sql'));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(sqlFile('1796200000000-integrator-work-item-events.down.sql'));
  }
}
