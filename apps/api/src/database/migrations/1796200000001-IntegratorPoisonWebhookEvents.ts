import type { MigrationInterface, QueryRunner } from 'typeorm';
import { EMIT, subscribed } from './1796191000000-IntegratorEventTriggers.js';

/**
 * `work_item.opened` / `work_item.resolved` for poison webhooks: a stored delivery set aside as
 * poison opens one; replaying it (back to `received`) or dismissing it (the audit trail) resolves
 * it. Row triggers with a WHEN clause on the state, so the webhook hot path (every delivery becomes
 * `processed`) pays a comparison, not a function call.
 */
const DELIVERY = (d: string) =>
  `jsonb_build_object('id', ${d}.id, 'received_at', ${d}.received_at, 'processed_at', ${d}.processed_at, 'state', ${d}.state, 'attempts', ${d}.attempts, 'last_error', ${d}.last_error)`;

export class IntegratorPoisonWebhookEvents1796200000001 implements MigrationInterface {
  name = 'IntegratorPoisonWebhookEvents1796200000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION integrator_events_delivery_poison() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF ${subscribed(['work_item.opened', 'work_item.resolved'])} THEN RETURN NULL; END IF;
        WITH typed AS (
          SELECT CASE WHEN NEW.state = 'poison' THEN 'work_item.opened' ELSE 'work_item.resolved' END AS type,
                 'webhook_delivery:' || NEW.id AS ordering_key, 1 AS ord,
                 jsonb_build_object('work_item', jsonb_build_object('kind', 'poison_webhook', 'state', CASE WHEN NEW.state = 'poison' THEN 'open' ELSE 'resolved' END),
                                    'delivery', ${DELIVERY('NEW')}, 'reason', CASE WHEN NEW.state = 'poison' THEN 'poison' ELSE 'webhook.replayed' END) AS snapshot),
        ${EMIT};
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER integrator_events_delivery_poisoned AFTER UPDATE OF state ON webhook_deliveries FOR EACH ROW
      WHEN (NEW.state = 'poison' AND OLD.state IS DISTINCT FROM 'poison') EXECUTE FUNCTION integrator_events_delivery_poison()`);
    await q.query(`CREATE TRIGGER integrator_events_delivery_replayed AFTER UPDATE OF state ON webhook_deliveries FOR EACH ROW
      WHEN (OLD.state = 'poison' AND NEW.state <> 'poison') EXECUTE FUNCTION integrator_events_delivery_poison()`);

    // Dismissed without a change to the delivery: the decision is in the audit trail.
    await q.query(`
      CREATE FUNCTION integrator_events_delivery_dismissed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF ${subscribed(['work_item.resolved'])} THEN RETURN NULL; END IF;
        WITH typed AS (
          SELECT 'work_item.resolved' AS type, 'webhook_delivery:' || d.id AS ordering_key, row_number() OVER (ORDER BY n.at, n.id) AS ord,
                 jsonb_build_object('work_item', jsonb_build_object('kind', 'poison_webhook', 'state', 'resolved'), 'delivery', ${DELIVERY('d')}, 'reason', n.action) AS snapshot
            FROM new_rows n JOIN webhook_deliveries d ON d.id::text = n.subject_id
           WHERE n.subject_type = 'webhook_delivery' AND n.action = 'work_item.dismissed' AND d.state = 'poison'),
        ${EMIT};
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER integrator_events_delivery_dismissed AFTER INSERT ON audit_events
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION integrator_events_delivery_dismissed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER integrator_events_delivery_dismissed ON audit_events`);
    await q.query(`DROP TRIGGER integrator_events_delivery_replayed ON webhook_deliveries`);
    await q.query(`DROP TRIGGER integrator_events_delivery_poisoned ON webhook_deliveries`);
    await q.query(`DROP FUNCTION integrator_events_delivery_dismissed()`);
    await q.query(`DROP FUNCTION integrator_events_delivery_poison()`);
  }
}
