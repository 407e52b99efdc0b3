import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sqlFile } from '../sql-file.js';

/**
 * `work_item.opened` / `work_item.resolved` for poison webhooks: a stored delivery set aside as
 * poison opens one; replaying it (back to `received`) or dismissing it (the audit trail) resolves
 * it. Row triggers with a WHEN clause on the state, so the webhook hot path (every delivery becomes
 * `processed`) pays a comparison, not a function call.
 */
export class IntegratorPoisonWebhookEvents1796200000001 implements MigrationInterface {
  name = 'IntegratorPoisonWebhookEvents1796200000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(sqlFile('1796200000001-integrator-poison-webhook-events.up.sql'));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(sqlFile('1796200000001-integrator-poison-webhook-events.down.sql'));
  }
}
