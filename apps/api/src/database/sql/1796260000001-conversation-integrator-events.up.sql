-- Migration ConversationIntegratorEvents1796260000001, up: exactly what it ran when it landed. Never edit this file; a change
-- is a new migration with files of its own.

-- Team work on conversations is recorded in the audit trail, in the transaction of the change, so
-- its events are made from the audit rows: `conversation.assigned` for every assignment (automatic,
-- by hand, by replying), `conversation.sla_breached` and the `waiting_customer` work item opened and
-- resolved. The conversation is snapshotted as it is after the change.
CREATE FUNCTION integrator_events_conversation_audited() RETURNS trigger LANGUAGE plpgsql AS $$
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
           WHERE a.conversation IS NOT NULL),
        events AS (
          INSERT INTO integrator_events (type, ordering_key, snapshot)
          SELECT type, ordering_key, snapshot FROM typed ORDER BY ord
          RETURNING id, seq, type, ordering_key)
        INSERT INTO event_deliveries (endpoint_id, event_id, ordering_key, seq)
        SELECT e.id, ev.id, ev.ordering_key, ev.seq FROM events ev JOIN event_endpoints e ON (e.enabled OR e.disabled_reason = 'failing') AND ev.type = ANY(e.events);
        RETURN NULL;
      END $$;

CREATE TRIGGER integrator_events_conversation_audited AFTER INSERT ON audit_events
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION integrator_events_conversation_audited();
