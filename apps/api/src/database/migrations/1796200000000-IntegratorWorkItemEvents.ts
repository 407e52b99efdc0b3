import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ATTRIBUTED_SNAPSHOT, EMIT, INBOUND_ROW, IntegratorEventTriggers1796191000000, subscribed } from './1796191000000-IntegratorEventTriggers.js';

/**
 * `work_item.opened` / `work_item.resolved` for the work items that are states of a row, not only
 * alerts: a message that became `failed` or `held` opens one, and leaves it by its next transition
 * (retried, released, cancelled) or by a decision recorded in the audit trail (dismissed, resent);
 * an inbound message stored unattributed opens one, attributing it resolves it. Same triggers,
 * same transaction as the change, same ordering key as the row's other events.
 * Not here: `stuck_sending` (a row becomes stuck by the clock, not by a write) and
 * `poison_webhook` (a trigger on every delivery's update would tax the webhook hot path).
 */
const MESSAGE_ITEM_KINDS = `('failed', 'held')`;

const workItem = (kind: string, state: 'open' | 'resolved') => `jsonb_build_object('kind', ${kind}, 'state', '${state}')`;

export class IntegratorWorkItemEvents1796200000000 implements MigrationInterface {
  name = 'IntegratorWorkItemEvents1796200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION integrator_events_outbound() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF ${subscribed(['message.state_changed', 'message.failed', 'work_item.opened', 'work_item.resolved'])} THEN RETURN NULL; END IF;
        WITH changes AS (
          SELECT n.id AS audit_id, n.message_id, n.from_state, n.to_state, n.actor, n.reason, n.at,
                 jsonb_set(to_jsonb(m), '{state}', to_jsonb(n.to_state)) AS message
            FROM new_rows n JOIN outbound_messages m ON m.id = n.message_id
           WHERE n.from_state IS DISTINCT FROM n.to_state),
        typed AS (
          SELECT t.type, 'message:' || c.message_id AS ordering_key, (c.audit_id * 4 + t.rank) AS ord,
                 CASE WHEN t.type LIKE 'work_item.%'
                      THEN jsonb_build_object('work_item', jsonb_build_object('kind', t.kind, 'state', CASE WHEN t.type = 'work_item.opened' THEN 'open' ELSE 'resolved' END),
                                              'message', c.message, 'reason', c.reason, 'actor', c.actor, 'at', c.at)
                      ELSE jsonb_build_object('message', c.message, 'previous_state', c.from_state, 'reason', c.reason, 'actor', c.actor, 'at', c.at) END AS snapshot
            FROM changes c
            JOIN LATERAL (VALUES ('message.state_changed', 0, NULL::text), ('message.failed', 1, NULL), ('work_item.resolved', 2, c.from_state), ('work_item.opened', 3, c.to_state)) AS t(type, rank, kind)
              ON t.type = 'message.state_changed'
              OR (t.type = 'message.failed' AND c.to_state = 'failed')
              OR (t.type = 'work_item.resolved' AND c.from_state IN ${MESSAGE_ITEM_KINDS})
              OR (t.type = 'work_item.opened' AND c.to_state IN ${MESSAGE_ITEM_KINDS})),
        ${EMIT};
        RETURN NULL;
      END $$`);

    // A failed message decided without a transition: dismissed, or resent as a new row.
    await q.query(`
      CREATE FUNCTION integrator_events_message_decided() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF ${subscribed(['work_item.resolved'])} THEN RETURN NULL; END IF;
        WITH typed AS (
          SELECT 'work_item.resolved' AS type, 'message:' || m.id AS ordering_key,
                 jsonb_build_object('work_item', ${workItem('m.state', 'resolved')}, 'message', to_jsonb(m), 'reason', n.action, 'actor', n.actor, 'at', n.at) AS snapshot,
                 row_number() OVER (ORDER BY n.at, n.id) AS ord
            FROM new_rows n JOIN outbound_messages m ON m.id::text = n.subject_id
           WHERE n.subject_type = 'outbound_message' AND n.action IN ('work_item.dismissed', 'message.resent') AND m.state IN ${MESSAGE_ITEM_KINDS}),
        ${EMIT};
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER integrator_events_message_decided AFTER INSERT ON audit_events
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION integrator_events_message_decided()`);

    await q.query(`
      CREATE OR REPLACE FUNCTION integrator_events_inbound_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF ${subscribed(['inbound.received', 'inbound.attributed', 'work_item.opened'])} THEN RETURN NULL; END IF;
        WITH typed AS (
          SELECT 'inbound.received' AS type, 'inbound:' || a.inbound_message_id AS ordering_key, 0 AS rank, a.created_at, a.inbound_message_id,
                 jsonb_build_object('inbound', ${INBOUND_ROW}) AS snapshot
            FROM new_rows a
          UNION ALL
          SELECT 'inbound.attributed', 'inbound:' || a.inbound_message_id, 1, a.created_at, a.inbound_message_id, ${ATTRIBUTED_SNAPSHOT}
            FROM new_rows a WHERE a.message_id IS NOT NULL
          UNION ALL
          SELECT 'work_item.opened', 'inbound:' || a.inbound_message_id, 2, a.created_at, a.inbound_message_id,
                 jsonb_build_object('work_item', ${workItem(`'unattributed_inbound'`, 'open')}, 'inbound', ${INBOUND_ROW})
            FROM new_rows a WHERE a.attribution = 'unattributed'),
        ordered AS (SELECT type, ordering_key, snapshot, row_number() OVER (ORDER BY created_at, inbound_message_id, rank) AS ord FROM typed),
        ${EMIT.replace('FROM typed ORDER BY ord', 'FROM ordered ORDER BY ord')};
        RETURN NULL;
      END $$`);

    await q.query(`
      CREATE OR REPLACE FUNCTION integrator_events_inbound_reattributed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF ${subscribed(['inbound.attributed', 'work_item.resolved'])} THEN RETURN NULL; END IF;
        WITH typed AS (
          SELECT 'work_item.resolved' AS type, 'inbound:' || a.inbound_message_id AS ordering_key, 0 AS rank, a.inbound_message_id,
                 jsonb_build_object('work_item', ${workItem(`'unattributed_inbound'`, 'resolved')}, 'inbound', ${INBOUND_ROW}) AS snapshot
            FROM new_rows a JOIN old_rows o USING (inbound_message_id)
           WHERE o.attribution = 'unattributed' AND a.attribution <> 'unattributed'
          UNION ALL
          SELECT 'inbound.attributed', 'inbound:' || a.inbound_message_id, 1, a.inbound_message_id, ${ATTRIBUTED_SNAPSHOT}
            FROM new_rows a JOIN old_rows o USING (inbound_message_id)
           WHERE a.message_id IS NOT NULL AND a.message_id IS DISTINCT FROM o.message_id),
        ordered AS (SELECT type, ordering_key, snapshot, row_number() OVER (ORDER BY inbound_message_id, rank) AS ord FROM typed),
        ${EMIT.replace('FROM typed ORDER BY ord', 'FROM ordered ORDER BY ord')};
        RETURN NULL;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER integrator_events_message_decided ON audit_events`);
    await q.query(`DROP FUNCTION integrator_events_message_decided()`);
    // The functions as IntegratorEventTriggers left them.
    await new IntegratorEventTriggers1796191000000().down(q);
    await new IntegratorEventTriggers1796191000000().up(q);
  }
}
