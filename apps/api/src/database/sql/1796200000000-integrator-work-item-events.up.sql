-- Migration IntegratorWorkItemEvents1796200000000, up: exactly what it ran when it landed. Never edit this file; a change
-- is a new migration with files of its own.

CREATE OR REPLACE FUNCTION integrator_events_outbound() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM event_endpoints e WHERE e.events && ARRAY['message.state_changed', 'message.failed', 'work_item.opened', 'work_item.resolved']::text[]) THEN RETURN NULL; END IF;
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
              OR (t.type = 'work_item.resolved' AND c.from_state IN ('failed', 'held'))
              OR (t.type = 'work_item.opened' AND c.to_state IN ('failed', 'held'))),
        
  events AS (
    INSERT INTO integrator_events (type, ordering_key, snapshot)
    SELECT type, ordering_key, snapshot FROM typed ORDER BY ord
    RETURNING id, seq, type, ordering_key)
  INSERT INTO event_deliveries (endpoint_id, event_id, ordering_key, seq)
  SELECT e.id, ev.id, ev.ordering_key, ev.seq FROM events ev JOIN event_endpoints e ON (e.enabled OR e.disabled_reason = 'failing') AND ev.type = ANY(e.events);
        RETURN NULL;
      END $$;

CREATE FUNCTION integrator_events_message_decided() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM event_endpoints e WHERE e.events && ARRAY['work_item.resolved']::text[]) THEN RETURN NULL; END IF;
        WITH typed AS (
          SELECT 'work_item.resolved' AS type, 'message:' || m.id AS ordering_key,
                 jsonb_build_object('work_item', jsonb_build_object('kind', m.state, 'state', 'resolved'), 'message', to_jsonb(m), 'reason', n.action, 'actor', n.actor, 'at', n.at) AS snapshot,
                 row_number() OVER (ORDER BY n.at, n.id) AS ord
            FROM new_rows n JOIN outbound_messages m ON m.id::text = n.subject_id
           WHERE n.subject_type = 'outbound_message' AND n.action IN ('work_item.dismissed', 'message.resent') AND m.state IN ('failed', 'held')),
        
  events AS (
    INSERT INTO integrator_events (type, ordering_key, snapshot)
    SELECT type, ordering_key, snapshot FROM typed ORDER BY ord
    RETURNING id, seq, type, ordering_key)
  INSERT INTO event_deliveries (endpoint_id, event_id, ordering_key, seq)
  SELECT e.id, ev.id, ev.ordering_key, ev.seq FROM events ev JOIN event_endpoints e ON (e.enabled OR e.disabled_reason = 'failing') AND ev.type = ANY(e.events);
        RETURN NULL;
      END $$;

CREATE TRIGGER integrator_events_message_decided AFTER INSERT ON audit_events
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION integrator_events_message_decided();

CREATE OR REPLACE FUNCTION integrator_events_inbound_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM event_endpoints e WHERE e.events && ARRAY['inbound.received', 'inbound.attributed', 'work_item.opened']::text[]) THEN RETURN NULL; END IF;
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
            FROM new_rows a WHERE a.message_id IS NOT NULL
          UNION ALL
          SELECT 'work_item.opened', 'inbound:' || a.inbound_message_id, 2, a.created_at, a.inbound_message_id,
                 jsonb_build_object('work_item', jsonb_build_object('kind', 'unattributed_inbound', 'state', 'open'), 'inbound', (SELECT to_jsonb(x) FROM (
    SELECT i.id, i.phone_number_id, i.wamid, i.from_wa_id, i.from_user_id, i.contact_name, i.type, i.text, i.choice,
           i.context_wamid, i.context_from, i."timestamp", i.errors, i.raw, i.created_at,
           a.contact_id, a.conversation_id, a.attribution, a.reason, a.message_id, a.named_wamid
      FROM inbound_messages i WHERE i.id = a.inbound_message_id) x))
            FROM new_rows a WHERE a.attribution = 'unattributed'),
        ordered AS (SELECT type, ordering_key, snapshot, row_number() OVER (ORDER BY created_at, inbound_message_id, rank) AS ord FROM typed),
        
  events AS (
    INSERT INTO integrator_events (type, ordering_key, snapshot)
    SELECT type, ordering_key, snapshot FROM ordered ORDER BY ord
    RETURNING id, seq, type, ordering_key)
  INSERT INTO event_deliveries (endpoint_id, event_id, ordering_key, seq)
  SELECT e.id, ev.id, ev.ordering_key, ev.seq FROM events ev JOIN event_endpoints e ON (e.enabled OR e.disabled_reason = 'failing') AND ev.type = ANY(e.events);
        RETURN NULL;
      END $$;

CREATE OR REPLACE FUNCTION integrator_events_inbound_reattributed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM event_endpoints e WHERE e.events && ARRAY['inbound.attributed', 'work_item.resolved']::text[]) THEN RETURN NULL; END IF;
        WITH typed AS (
          SELECT 'work_item.resolved' AS type, 'inbound:' || a.inbound_message_id AS ordering_key, 0 AS rank, a.inbound_message_id,
                 jsonb_build_object('work_item', jsonb_build_object('kind', 'unattributed_inbound', 'state', 'resolved'), 'inbound', (SELECT to_jsonb(x) FROM (
    SELECT i.id, i.phone_number_id, i.wamid, i.from_wa_id, i.from_user_id, i.contact_name, i.type, i.text, i.choice,
           i.context_wamid, i.context_from, i."timestamp", i.errors, i.raw, i.created_at,
           a.contact_id, a.conversation_id, a.attribution, a.reason, a.message_id, a.named_wamid
      FROM inbound_messages i WHERE i.id = a.inbound_message_id) x)) AS snapshot
            FROM new_rows a JOIN old_rows o USING (inbound_message_id)
           WHERE o.attribution = 'unattributed' AND a.attribution <> 'unattributed'
          UNION ALL
          SELECT 'inbound.attributed', 'inbound:' || a.inbound_message_id, 1, a.inbound_message_id, jsonb_build_object('inbound', (SELECT to_jsonb(x) FROM (
    SELECT i.id, i.phone_number_id, i.wamid, i.from_wa_id, i.from_user_id, i.contact_name, i.type, i.text, i.choice,
           i.context_wamid, i.context_from, i."timestamp", i.errors, i.raw, i.created_at,
           a.contact_id, a.conversation_id, a.attribution, a.reason, a.message_id, a.named_wamid
      FROM inbound_messages i WHERE i.id = a.inbound_message_id) x), 'message', (SELECT to_jsonb(m) FROM outbound_messages m WHERE m.id = a.message_id))
            FROM new_rows a JOIN old_rows o USING (inbound_message_id)
           WHERE a.message_id IS NOT NULL AND a.message_id IS DISTINCT FROM o.message_id),
        ordered AS (SELECT type, ordering_key, snapshot, row_number() OVER (ORDER BY inbound_message_id, rank) AS ord FROM typed),
        
  events AS (
    INSERT INTO integrator_events (type, ordering_key, snapshot)
    SELECT type, ordering_key, snapshot FROM ordered ORDER BY ord
    RETURNING id, seq, type, ordering_key)
  INSERT INTO event_deliveries (endpoint_id, event_id, ordering_key, seq)
  SELECT e.id, ev.id, ev.ordering_key, ev.seq FROM events ev JOIN event_endpoints e ON (e.enabled OR e.disabled_reason = 'failing') AND ev.type = ANY(e.events);
        RETURN NULL;
      END $$;
