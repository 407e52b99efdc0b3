-- Migration EventEndpointFilters1796270100001, up: exactly what it ran when it landed. Never edit this file; a change
-- is a new migration with files of its own.

-- Fan-out in one place. Until now each trigger wrote its events and, in the same statement, a
-- delivery for every endpoint taking the type. Endpoints now also filter by business number, purpose
-- and campaign, so which endpoint is owed an event is decided once, by `event_endpoint_accepts`,
-- in one trigger on integrator_events (and by `recover`, which calls the same function). The
-- producers below are the ones they replace with the deliveries' INSERT taken out: they only write events.

-- What an event is about, for filters: the business number, and the outbound message (its purpose
-- and campaign) when it concerns one. An inbound message's events are about the message it answers,
-- when it answers one (`inbound.message_id`); an alert is about a number when its details name one.
CREATE FUNCTION integrator_event_facets(snapshot jsonb) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
           'phone_number_id', COALESCE(snapshot #>> '{message,phone_number_id}', snapshot #>> '{inbound,phone_number_id}',
                                       snapshot #>> '{conversation,phone_number_id}', snapshot #>> '{alert,details,phone_number_id}'),
           'message', m.message IS NOT NULL,
           'purpose', m.message ->> 'purpose',
           'campaign', m.message ->> 'campaign')
    FROM (SELECT CASE WHEN jsonb_typeof(snapshot -> 'message') = 'object' THEN snapshot -> 'message'
                      WHEN snapshot #>> '{inbound,message_id}' IS NOT NULL THEN
                        (SELECT jsonb_build_object('purpose', o.purpose, 'campaign', o.campaign)
                           FROM outbound_messages o WHERE o.id = (snapshot #>> '{inbound,message_id}')::uuid)
                 END AS message) m
$$;

-- Whether an endpoint takes an event: one of its types, and each dimension its filter names matches.
-- An event about no number in particular (an account-wide alert, a webhook body no one could read)
-- passes a filter on numbers: it concerns every number. Purposes and campaigns are a message's: an
-- event about no message (an unattributed reply, a conversation's assignment, an alert) passes neither.
CREATE FUNCTION event_endpoint_accepts(e event_endpoints, event_type text, facets jsonb) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT event_type = ANY(e.events)
     AND (e.filter IS NULL OR (
           (NOT (e.filter ? 'phone_number_ids') OR facets ->> 'phone_number_id' IS NULL OR e.filter -> 'phone_number_ids' ? (facets ->> 'phone_number_id'))
       AND (NOT (e.filter ? 'purposes') OR COALESCE(e.filter -> 'purposes' ? (facets ->> 'purpose'), false))
       AND (NOT (e.filter ? 'campaigns') OR COALESCE(e.filter -> 'campaigns' ? (facets ->> 'campaign'), false))))
$$;

-- Each new event is owed to every endpoint that takes it: enabled ones, and those Sendbook disabled
-- for failing (their deliveries wait for an admin). One an admin disabled is owed nothing meanwhile;
-- `recover` fetches what it missed. Facets are worked out only while some endpoint has a filter.
CREATE FUNCTION integrator_events_fan_out() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO event_deliveries (endpoint_id, event_id, ordering_key, seq)
        SELECT e.id, ev.id, ev.ordering_key, ev.seq
          FROM (SELECT n.id, n.type, n.ordering_key, n.seq,
                       CASE WHEN EXISTS (SELECT 1 FROM event_endpoints f WHERE f.filter IS NOT NULL) THEN integrator_event_facets(n.snapshot) END AS facets
                  FROM new_events n) ev
          JOIN event_endpoints e ON (e.enabled OR e.disabled_reason = 'failing') AND event_endpoint_accepts(e, ev.type, ev.facets);
        RETURN NULL;
      END $$;

CREATE TRIGGER integrator_events_fan_out AFTER INSERT ON integrator_events
      REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION integrator_events_fan_out();

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
              OR (t.type = 'work_item.opened' AND c.to_state IN ('failed', 'held')))
        INSERT INTO integrator_events (type, ordering_key, snapshot)
        SELECT type, ordering_key, snapshot FROM typed ORDER BY ord;
        RETURN NULL;
      END $$;

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
        ordered AS (SELECT type, ordering_key, snapshot, row_number() OVER (ORDER BY created_at, inbound_message_id, rank) AS ord FROM typed)
        INSERT INTO integrator_events (type, ordering_key, snapshot)
        SELECT type, ordering_key, snapshot FROM ordered ORDER BY ord;
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
        ordered AS (SELECT type, ordering_key, snapshot, row_number() OVER (ORDER BY inbound_message_id, rank) AS ord FROM typed)
        INSERT INTO integrator_events (type, ordering_key, snapshot)
        SELECT type, ordering_key, snapshot FROM ordered ORDER BY ord;
        RETURN NULL;
      END $$;

CREATE OR REPLACE FUNCTION integrator_events_alert_opened() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM event_endpoints e WHERE e.events && ARRAY['work_item.opened']::text[]) THEN RETURN NULL; END IF;
        WITH typed AS (
          SELECT 'work_item.opened' AS type, 'alert:' || n.id AS ordering_key, jsonb_build_object('alert', to_jsonb(n)) AS snapshot,
                 row_number() OVER (ORDER BY n.raised_at, n.id) AS ord
            FROM new_rows n WHERE n.state = 'open')
        INSERT INTO integrator_events (type, ordering_key, snapshot)
        SELECT type, ordering_key, snapshot FROM typed ORDER BY ord;
        RETURN NULL;
      END $$;

CREATE OR REPLACE FUNCTION integrator_events_alert_resolved() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM event_endpoints e WHERE e.events && ARRAY['work_item.resolved']::text[]) THEN RETURN NULL; END IF;
        WITH typed AS (
          SELECT 'work_item.resolved' AS type, 'alert:' || n.id AS ordering_key, jsonb_build_object('alert', to_jsonb(n)) AS snapshot,
                 row_number() OVER (ORDER BY n.resolved_at, n.id) AS ord
            FROM new_rows n JOIN old_rows o USING (id) WHERE o.state = 'open' AND n.state = 'resolved')
        INSERT INTO integrator_events (type, ordering_key, snapshot)
        SELECT type, ordering_key, snapshot FROM typed ORDER BY ord;
        RETURN NULL;
      END $$;

CREATE OR REPLACE FUNCTION integrator_events_message_decided() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM event_endpoints e WHERE e.events && ARRAY['work_item.resolved']::text[]) THEN RETURN NULL; END IF;
        WITH typed AS (
          SELECT 'work_item.resolved' AS type, 'message:' || m.id AS ordering_key,
                 jsonb_build_object('work_item', jsonb_build_object('kind', m.state, 'state', 'resolved'), 'message', to_jsonb(m), 'reason', n.action, 'actor', n.actor, 'at', n.at) AS snapshot,
                 row_number() OVER (ORDER BY n.at, n.id) AS ord
            FROM new_rows n JOIN outbound_messages m ON m.id::text = n.subject_id
           WHERE n.subject_type = 'outbound_message' AND n.action IN ('work_item.dismissed', 'message.resent') AND m.state IN ('failed', 'held'))
        INSERT INTO integrator_events (type, ordering_key, snapshot)
        SELECT type, ordering_key, snapshot FROM typed ORDER BY ord;
        RETURN NULL;
      END $$;

CREATE OR REPLACE FUNCTION integrator_events_delivery_poison() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM event_endpoints e WHERE e.events && ARRAY['work_item.opened', 'work_item.resolved']::text[]) THEN RETURN NULL; END IF;
        WITH typed AS (
          SELECT CASE WHEN NEW.state = 'poison' THEN 'work_item.opened' ELSE 'work_item.resolved' END AS type,
                 'webhook_delivery:' || NEW.id AS ordering_key, 1 AS ord,
                 jsonb_build_object('work_item', jsonb_build_object('kind', 'poison_webhook', 'state', CASE WHEN NEW.state = 'poison' THEN 'open' ELSE 'resolved' END),
                                    'delivery', jsonb_build_object('id', NEW.id, 'received_at', NEW.received_at, 'processed_at', NEW.processed_at, 'state', NEW.state, 'attempts', NEW.attempts, 'last_error', NEW.last_error), 'reason', CASE WHEN NEW.state = 'poison' THEN 'poison' ELSE 'webhook.replayed' END) AS snapshot)
        INSERT INTO integrator_events (type, ordering_key, snapshot)
        SELECT type, ordering_key, snapshot FROM typed ORDER BY ord;
        RETURN NULL;
      END $$;

CREATE OR REPLACE FUNCTION integrator_events_delivery_dismissed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM event_endpoints e WHERE e.events && ARRAY['work_item.resolved']::text[]) THEN RETURN NULL; END IF;
        WITH typed AS (
          SELECT 'work_item.resolved' AS type, 'webhook_delivery:' || d.id AS ordering_key, row_number() OVER (ORDER BY n.at, n.id) AS ord,
                 jsonb_build_object('work_item', jsonb_build_object('kind', 'poison_webhook', 'state', 'resolved'), 'delivery', jsonb_build_object('id', d.id, 'received_at', d.received_at, 'processed_at', d.processed_at, 'state', d.state, 'attempts', d.attempts, 'last_error', d.last_error), 'reason', n.action) AS snapshot
            FROM new_rows n JOIN webhook_deliveries d ON d.id::text = n.subject_id
           WHERE n.subject_type = 'webhook_delivery' AND n.action = 'work_item.dismissed' AND d.state = 'poison')
        INSERT INTO integrator_events (type, ordering_key, snapshot)
        SELECT type, ordering_key, snapshot FROM typed ORDER BY ord;
        RETURN NULL;
      END $$;

CREATE OR REPLACE FUNCTION integrator_events_conversation_audited() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM event_endpoints e WHERE e.events && ARRAY['conversation.assigned', 'conversation.sla_breached', 'work_item.opened', 'work_item.resolved']::text[]) THEN RETURN NULL; END IF;
        WITH audited AS (
          SELECT n.id AS audit_id, n.action, n.actor, n.at, n.details,
                 (SELECT jsonb_build_object('id', c.id, 'phone_number_id', c.phone_number_id, 'state', c.state, 'assignee', c.assignee,
                                            'contact', jsonb_build_object('id', k.id, 'wa_id', k.wa_id, 'user_id', k.user_id, 'name', k.name),
                                            'waiting_since', c.waiting_since, 'waiting_for', c.waiting_for, 'response_due_at', c.response_due_at,
                                            'sla_breached_at', c.sla_breached_at, 'labels', c.labels)
                    FROM conversations c JOIN contacts k ON k.id = c.contact_id WHERE c.id::text = n.subject_id) AS conversation
            FROM new_rows n
           WHERE n.subject_type = 'conversation' AND n.action IN ('conversation.assigned', 'conversation.sla_breached', 'conversation.sla_resolved')),
        typed AS (
          SELECT t.type, 'conversation:' || (a.conversation->>'id') AS ordering_key,
                 jsonb_build_object('conversation', a.conversation, 'details', a.details, 'actor', a.actor, 'at', a.at,
                                    'work_item', CASE WHEN t.type LIKE 'work_item.%' THEN jsonb_build_object('kind', 'waiting_customer', 'state', CASE WHEN t.type = 'work_item.opened' THEN 'open' ELSE 'resolved' END) END) AS snapshot,
                 row_number() OVER (ORDER BY a.at, a.audit_id, t.rank) AS ord
            FROM audited a
            JOIN LATERAL (VALUES ('conversation.assigned', 0), ('conversation.sla_breached', 0), ('work_item.opened', 1), ('work_item.resolved', 0)) AS t(type, rank)
              ON (t.type = 'conversation.assigned' AND a.action = 'conversation.assigned')
              OR (t.type IN ('conversation.sla_breached', 'work_item.opened') AND a.action = 'conversation.sla_breached')
              OR (t.type = 'work_item.resolved' AND a.action = 'conversation.sla_resolved')
           WHERE a.conversation IS NOT NULL)
        INSERT INTO integrator_events (type, ordering_key, snapshot)
        SELECT type, ordering_key, snapshot FROM typed ORDER BY ord;
        RETURN NULL;
      END $$;
