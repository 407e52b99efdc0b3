-- Migration IntegratorWorkItemEvents1796200000000, down: exactly what it ran when it landed. Never edit this file; a change
-- is a new migration with files of its own.

DROP TRIGGER integrator_events_message_decided ON audit_events;

DROP FUNCTION integrator_events_message_decided();

DROP TRIGGER integrator_events_alert_resolved ON alerts;

DROP TRIGGER integrator_events_alert_opened ON alerts;

DROP TRIGGER integrator_events_inbound_reattributed ON inbound_attributions;

DROP TRIGGER integrator_events_inbound_inserted ON inbound_attributions;

DROP TRIGGER integrator_events_outbound ON outbound_message_events;

DROP FUNCTION integrator_events_alert_resolved();

DROP FUNCTION integrator_events_alert_opened();

DROP FUNCTION integrator_events_inbound_reattributed();

DROP FUNCTION integrator_events_inbound_inserted();

DROP FUNCTION integrator_events_outbound();

CREATE FUNCTION integrator_events_outbound() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM event_endpoints e WHERE e.events && ARRAY['message.state_changed', 'message.failed']::text[]) THEN RETURN NULL; END IF;
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
        
  events AS (
    INSERT INTO integrator_events (type, ordering_key, snapshot)
    SELECT type, ordering_key, snapshot FROM typed ORDER BY ord
    RETURNING id, seq, type, ordering_key)
  INSERT INTO event_deliveries (endpoint_id, event_id, ordering_key, seq)
  SELECT e.id, ev.id, ev.ordering_key, ev.seq FROM events ev JOIN event_endpoints e ON (e.enabled OR e.disabled_reason = 'failing') AND ev.type = ANY(e.events);
        RETURN NULL;
      END $$;

CREATE TRIGGER integrator_events_outbound AFTER INSERT ON outbound_message_events
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION integrator_events_outbound();

CREATE FUNCTION integrator_events_inbound_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM event_endpoints e WHERE e.events && ARRAY['inbound.received', 'inbound.attributed']::text[]) THEN RETURN NULL; END IF;
        WITH typed AS (
          SELECT 'inbound.received' AS type, 'inbound:' || a.inbound_message_id AS ordering_key, 0 AS rank, a.created_at, a.inbound_message_id,
                 jsonb_build_object('inbound', (SELECT to_jsonb(x) FROM (
    SELECT i.id, i.phone_number_id, i.wamid, i.from_wa_id, i.from_user_id, i.contact_name, i.type, i.text, i.choice,
           i.context_wamid, i.context_from, i."timestamp", i.errors, i.raw, i.created_at,
           a.contact_id, a.conversation_id, a.attribution, a.reason, a.message_id, a.named_wamid
      FROM inbound_messages i WHERE i.id = a.inbound_message_id) x)) AS snapshot
            FROM new_rows a
          UNION ALL
          SELECT 'inbound.attributed', 'inbound:' || a.inbound_message_id, 1, a.created_at, a.inbound_message_id, jsonb_build_object('inbound', (SELECT to_jsonb(x) FROM (
    SELECT i.id, i.phone_number_id, i.wamid, i.from_wa_id, i.from_user_id, i.contact_name, i.type, i.text, i.choice,
           i.context_wamid, i.context_from, i."timestamp", i.errors, i.raw, i.created_at,
           a.contact_id, a.conversation_id, a.attribution, a.reason, a.message_id, a.named_wamid
      FROM inbound_messages i WHERE i.id = a.inbound_message_id) x), 'message', (SELECT to_jsonb(m) FROM outbound_messages m WHERE m.id = a.message_id))
            FROM new_rows a WHERE a.message_id IS NOT NULL),
        ordered AS (SELECT type, ordering_key, snapshot, row_number() OVER (ORDER BY created_at, inbound_message_id, rank) AS ord FROM typed),
        
  events AS (
    INSERT INTO integrator_events (type, ordering_key, snapshot)
    SELECT type, ordering_key, snapshot FROM ordered ORDER BY ord
    RETURNING id, seq, type, ordering_key)
  INSERT INTO event_deliveries (endpoint_id, event_id, ordering_key, seq)
  SELECT e.id, ev.id, ev.ordering_key, ev.seq FROM events ev JOIN event_endpoints e ON (e.enabled OR e.disabled_reason = 'failing') AND ev.type = ANY(e.events);
        RETURN NULL;
      END $$;

CREATE TRIGGER integrator_events_inbound_inserted AFTER INSERT ON inbound_attributions
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION integrator_events_inbound_inserted();

CREATE FUNCTION integrator_events_inbound_reattributed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM event_endpoints e WHERE e.events && ARRAY['inbound.attributed']::text[]) THEN RETURN NULL; END IF;
        WITH typed AS (
          SELECT 'inbound.attributed' AS type, 'inbound:' || a.inbound_message_id AS ordering_key, jsonb_build_object('inbound', (SELECT to_jsonb(x) FROM (
    SELECT i.id, i.phone_number_id, i.wamid, i.from_wa_id, i.from_user_id, i.contact_name, i.type, i.text, i.choice,
           i.context_wamid, i.context_from, i."timestamp", i.errors, i.raw, i.created_at,
           a.contact_id, a.conversation_id, a.attribution, a.reason, a.message_id, a.named_wamid
      FROM inbound_messages i WHERE i.id = a.inbound_message_id) x), 'message', (SELECT to_jsonb(m) FROM outbound_messages m WHERE m.id = a.message_id)) AS snapshot,
                 row_number() OVER (ORDER BY a.inbound_message_id) AS ord
            FROM new_rows a JOIN old_rows o USING (inbound_message_id)
           WHERE a.message_id IS NOT NULL AND a.message_id IS DISTINCT FROM o.message_id),
        
  events AS (
    INSERT INTO integrator_events (type, ordering_key, snapshot)
    SELECT type, ordering_key, snapshot FROM typed ORDER BY ord
    RETURNING id, seq, type, ordering_key)
  INSERT INTO event_deliveries (endpoint_id, event_id, ordering_key, seq)
  SELECT e.id, ev.id, ev.ordering_key, ev.seq FROM events ev JOIN event_endpoints e ON (e.enabled OR e.disabled_reason = 'failing') AND ev.type = ANY(e.events);
        RETURN NULL;
      END $$;

CREATE TRIGGER integrator_events_inbound_reattributed AFTER UPDATE ON inbound_attributions
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION integrator_events_inbound_reattributed();

CREATE FUNCTION integrator_events_alert_opened() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM event_endpoints e WHERE e.events && ARRAY['work_item.opened']::text[]) THEN RETURN NULL; END IF;
        WITH typed AS (
          SELECT 'work_item.opened' AS type, 'alert:' || n.id AS ordering_key, jsonb_build_object('alert', to_jsonb(n)) AS snapshot,
                 row_number() OVER (ORDER BY n.raised_at, n.id) AS ord
            FROM new_rows n WHERE n.state = 'open'),
        
  events AS (
    INSERT INTO integrator_events (type, ordering_key, snapshot)
    SELECT type, ordering_key, snapshot FROM typed ORDER BY ord
    RETURNING id, seq, type, ordering_key)
  INSERT INTO event_deliveries (endpoint_id, event_id, ordering_key, seq)
  SELECT e.id, ev.id, ev.ordering_key, ev.seq FROM events ev JOIN event_endpoints e ON (e.enabled OR e.disabled_reason = 'failing') AND ev.type = ANY(e.events);
        RETURN NULL;
      END $$;

CREATE TRIGGER integrator_events_alert_opened AFTER INSERT ON alerts
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION integrator_events_alert_opened();

CREATE FUNCTION integrator_events_alert_resolved() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM event_endpoints e WHERE e.events && ARRAY['work_item.resolved']::text[]) THEN RETURN NULL; END IF;
        WITH typed AS (
          SELECT 'work_item.resolved' AS type, 'alert:' || n.id AS ordering_key, jsonb_build_object('alert', to_jsonb(n)) AS snapshot,
                 row_number() OVER (ORDER BY n.resolved_at, n.id) AS ord
            FROM new_rows n JOIN old_rows o USING (id) WHERE o.state = 'open' AND n.state = 'resolved'),
        
  events AS (
    INSERT INTO integrator_events (type, ordering_key, snapshot)
    SELECT type, ordering_key, snapshot FROM typed ORDER BY ord
    RETURNING id, seq, type, ordering_key)
  INSERT INTO event_deliveries (endpoint_id, event_id, ordering_key, seq)
  SELECT e.id, ev.id, ev.ordering_key, ev.seq FROM events ev JOIN event_endpoints e ON (e.enabled OR e.disabled_reason = 'failing') AND ev.type = ANY(e.events);
        RETURN NULL;
      END $$;

CREATE TRIGGER integrator_events_alert_resolved AFTER UPDATE ON alerts
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION integrator_events_alert_resolved();
