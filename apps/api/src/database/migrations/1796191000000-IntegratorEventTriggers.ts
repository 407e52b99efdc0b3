import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Integrator events are written by triggers on the tables every effect already writes, in the
 * statement (so the transaction) of the change: an event exists exactly when its change
 * committed, and no future effect site can forget one. Statement-level triggers with transition
 * tables cost one cheap EXISTS per statement while no endpoint subscribes, whatever the batch.
 * Each snapshot is the row as the change left it; the delivery worker presents it with the
 * resource's own presenter (integrator-events/event-payload.presenter.ts), one shape for both.
 *
 * Events are written while any endpoint takes their type. Deliveries are owed to enabled endpoints
 * and to ones Sendbook disabled for failing (they resume when re-enabled); an endpoint an admin
 * disabled is owed nothing meanwhile (`recover` fetches it).
 */
export const LIVE_ENDPOINT = `(e.enabled OR e.disabled_reason = 'failing')`;

/** Inserts the events in `typed` (type, ordering_key, snapshot, ord) and a delivery per subscribed endpoint. */
export const EMIT = `
  events AS (
    INSERT INTO integrator_events (type, ordering_key, snapshot)
    SELECT type, ordering_key, snapshot FROM typed ORDER BY ord
    RETURNING id, seq, type, ordering_key)
  INSERT INTO event_deliveries (endpoint_id, event_id, ordering_key, seq)
  SELECT e.id, ev.id, ev.ordering_key, ev.seq FROM events ev JOIN event_endpoints e ON ${LIVE_ENDPOINT} AND ev.type = ANY(e.events)`;

/** No endpoint, enabled or not, takes these types: nothing to write. Disabled ones count, so `recover` finds the events. */
export const subscribed = (types: string[]) =>
  `NOT EXISTS (SELECT 1 FROM event_endpoints e WHERE e.events && ARRAY[${types.map((t) => `'${t}'`).join(', ')}]::text[])`;

/** The inbound resource's row (conversations/inbound-rows.ts INBOUND_SELECT), as JSON. */
export const INBOUND_ROW = `(SELECT to_jsonb(x) FROM (
    SELECT i.id, i.phone_number_id, i.wamid, i.from_wa_id, i.from_user_id, i.contact_name, i.type, i.text, i.choice,
           i.context_wamid, i.context_from, i."timestamp", i.errors, i.raw, i.created_at,
           a.contact_id, a.conversation_id, a.attribution, a.reason, a.message_id, a.named_wamid
      FROM inbound_messages i WHERE i.id = a.inbound_message_id) x)`;

export const ATTRIBUTED_SNAPSHOT = `jsonb_build_object('inbound', ${INBOUND_ROW}, 'message', (SELECT to_jsonb(m) FROM outbound_messages m WHERE m.id = a.message_id))`;

export class IntegratorEventTriggers1796191000000 implements MigrationInterface {
  name = 'IntegratorEventTriggers1796191000000';

  async up(q: QueryRunner): Promise<void> {
    // Every audited transition of an outbound message. The audit row may be written just before
    // or after its UPDATE, so the snapshot's state is the transition's own `to_state`.
    await q.query(`
      CREATE FUNCTION integrator_events_outbound() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF ${subscribed(['message.state_changed', 'message.failed'])} THEN RETURN NULL; END IF;
        WITH changes AS (
          SELECT n.id AS audit_id, n.message_id, n.from_state, n.to_state, n.actor, n.reason, n.at,
                 jsonb_set(to_jsonb(m), '{state}', to_jsonb(n.to_state)) AS message
            FROM new_rows n JOIN outbound_messages m ON m.id = n.message_id
           WHERE n.from_state IS DISTINCT FROM n.to_state),
        typed AS (
          SELECT t.type, 'message:' || c.message_id AS ordering_key, (c.audit_id * 2 + t.rank) AS ord,
                 jsonb_build_object('message', c.message, 'previous_state', c.from_state, 'reason', c.reason, 'actor', c.actor, 'at', c.at) AS snapshot
            FROM changes c
            JOIN (VALUES ('message.state_changed', 0), ('message.failed', 1)) AS t(type, rank)
              ON t.type = 'message.state_changed' OR c.to_state = 'failed'),
        ${EMIT};
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER integrator_events_outbound AFTER INSERT ON outbound_message_events
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION integrator_events_outbound()`);

    // An inbound message is received when its attribution row is written (same transaction as the
    // message), so the event carries where it belongs; attributed when it names an outbound message.
    await q.query(`
      CREATE FUNCTION integrator_events_inbound_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF ${subscribed(['inbound.received', 'inbound.attributed'])} THEN RETURN NULL; END IF;
        WITH typed AS (
          SELECT 'inbound.received' AS type, 'inbound:' || a.inbound_message_id AS ordering_key, 0 AS rank, a.created_at, a.inbound_message_id,
                 jsonb_build_object('inbound', ${INBOUND_ROW}) AS snapshot
            FROM new_rows a
          UNION ALL
          SELECT 'inbound.attributed', 'inbound:' || a.inbound_message_id, 1, a.created_at, a.inbound_message_id, ${ATTRIBUTED_SNAPSHOT}
            FROM new_rows a WHERE a.message_id IS NOT NULL),
        ordered AS (SELECT type, ordering_key, snapshot, row_number() OVER (ORDER BY created_at, inbound_message_id, rank) AS ord FROM typed),
        ${EMIT.replace('FROM typed ORDER BY ord', 'FROM ordered ORDER BY ord')};
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER integrator_events_inbound_inserted AFTER INSERT ON inbound_attributions
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION integrator_events_inbound_inserted()`);

    await q.query(`
      CREATE FUNCTION integrator_events_inbound_reattributed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF ${subscribed(['inbound.attributed'])} THEN RETURN NULL; END IF;
        WITH typed AS (
          SELECT 'inbound.attributed' AS type, 'inbound:' || a.inbound_message_id AS ordering_key, ${ATTRIBUTED_SNAPSHOT} AS snapshot,
                 row_number() OVER (ORDER BY a.inbound_message_id) AS ord
            FROM new_rows a JOIN old_rows o USING (inbound_message_id)
           WHERE a.message_id IS NOT NULL AND a.message_id IS DISTINCT FROM o.message_id),
        ${EMIT};
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER integrator_events_inbound_reattributed AFTER UPDATE ON inbound_attributions
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION integrator_events_inbound_reattributed()`);

    // Alerts are the work items that are rows of their own; the other kinds are message or inbound
    // states, which the events above already report.
    await q.query(`
      CREATE FUNCTION integrator_events_alert_opened() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF ${subscribed(['work_item.opened'])} THEN RETURN NULL; END IF;
        WITH typed AS (
          SELECT 'work_item.opened' AS type, 'alert:' || n.id AS ordering_key, jsonb_build_object('alert', to_jsonb(n)) AS snapshot,
                 row_number() OVER (ORDER BY n.raised_at, n.id) AS ord
            FROM new_rows n WHERE n.state = 'open'),
        ${EMIT};
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER integrator_events_alert_opened AFTER INSERT ON alerts
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION integrator_events_alert_opened()`);

    await q.query(`
      CREATE FUNCTION integrator_events_alert_resolved() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF ${subscribed(['work_item.resolved'])} THEN RETURN NULL; END IF;
        WITH typed AS (
          SELECT 'work_item.resolved' AS type, 'alert:' || n.id AS ordering_key, jsonb_build_object('alert', to_jsonb(n)) AS snapshot,
                 row_number() OVER (ORDER BY n.resolved_at, n.id) AS ord
            FROM new_rows n JOIN old_rows o USING (id) WHERE o.state = 'open' AND n.state = 'resolved'),
        ${EMIT};
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER integrator_events_alert_resolved AFTER UPDATE ON alerts
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION integrator_events_alert_resolved()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER integrator_events_alert_resolved ON alerts`);
    await q.query(`DROP TRIGGER integrator_events_alert_opened ON alerts`);
    await q.query(`DROP TRIGGER integrator_events_inbound_reattributed ON inbound_attributions`);
    await q.query(`DROP TRIGGER integrator_events_inbound_inserted ON inbound_attributions`);
    await q.query(`DROP TRIGGER integrator_events_outbound ON outbound_message_events`);
    for (const fn of ['alert_resolved', 'alert_opened', 'inbound_reattributed', 'inbound_inserted', 'outbound']) await q.query(`DROP FUNCTION integrator_events_${fn}()`);
  }
}
