import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sqlFile } from '../sql-file.js';

/**
 * `conversation.assigned`, `conversation.sla_breached` and the `waiting_customer` work item's
 * `work_item.opened` / `work_item.resolved`, made from the audit rows team work writes in the
 * transaction of each change (a trigger on audit_events, like the message decisions').
 */
export class ConversationIntegratorEvents1796260000001 implements MigrationInterface {
  name = 'ConversationIntegratorEvents1796260000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(sqlFile('1796260000001-conversation-integrator-events.up.sql'));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(sqlFile('1796260000001-conversation-integrator-events.down.sql'));
  }
}
