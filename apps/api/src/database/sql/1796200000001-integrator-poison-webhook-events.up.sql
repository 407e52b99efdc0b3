-- Migration IntegratorPoisonWebhookEvents1796200000001, up: exactly what it ran when it landed. Never edit this file; a change
-- is a new migration with files of its own.

CREATE FUNCTION integrator_events_delivery_poison() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM event_endpoints e WHERE e.events && ARRAY['work_item.opened', 'work_item.resolved']::text[]) THEN RETURN NULL; END IF;
        WITH typed AS (
          SELECT CASE WHEN NEW.state = 'poison' THEN 'work_item.opened' ELSE 'work_item.resolved' END AS type,
                 'webhook_delivery:' || NEW.id AS ordering_key, 1 AS ord,
                 jsonb_build_object('work_item', jsonb_build_object('kind', 'poison_webhook', 'state', CASE WHEN NEW.state = 'poison' THEN 'open' ELSE 'resolved' END),
                                    'delivery', jsonb_build_object('id', NEW.id, 'received_at', NEW.received_at, 'processed_at', NEW.processed_at, 'state', NEW.state, 'attempts', NEW.attempts, 'last_error', NEW.last_error), 'reason', CASE WHEN NEW.state = 'poison' THEN 'poison' ELSE 'webhook.replayed' END) AS snapshot),
        
  events AS (
    INSERT INTO integrator_events (type, ordering_key, snapshot)
    SELECT type, ordering_key, snapshot FROM typed ORDER BY ord
    RETURNING id, seq, type, ordering_key)
  INSERT INTO event_deliveries (endpoint_id, event_id, ordering_key, seq)
  SELECT e.id, ev.id, ev.ordering_key, ev.seq FROM events ev JOIN event_endpoints e ON (e.enabled OR e.disabled_reason = 'failing') AND ev.type = ANY(e.events);
        RETURN NULL;
      END $$;

CREATE TRIGGER integrator_events_delivery_poisoned AFTER UPDATE OF state ON webhook_deliveries FOR EACH ROW
      WHEN (NEW.state = 'poison' AND OLD.state IS DISTINCT FROM 'poison') EXECUTE FUNCTION integrator_events_delivery_poison();

CREATE TRIGGER integrator_events_delivery_replayed AFTER UPDATE OF state ON webhook_deliveries FOR EACH ROW
      WHEN (OLD.state = 'poison' AND NEW.state <> 'poison') EXECUTE FUNCTION integrator_events_delivery_poison();

CREATE FUNCTION integrator_events_delivery_dismissed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM event_endpoints e WHERE e.events && ARRAY['work_item.resolved']::text[]) THEN RETURN NULL; END IF;
        WITH typed AS (
          SELECT 'work_item.resolved' AS type, 'webhook_delivery:' || d.id AS ordering_key, row_number() OVER (ORDER BY n.at, n.id) AS ord,
                 jsonb_build_object('work_item', jsonb_build_object('kind', 'poison_webhook', 'state', 'resolved'), 'delivery', jsonb_build_object('id', d.id, 'received_at', d.received_at, 'processed_at', d.processed_at, 'state', d.state, 'attempts', d.attempts, 'last_error', d.last_error), 'reason', n.action) AS snapshot
            FROM new_rows n JOIN webhook_deliveries d ON d.id::text = n.subject_id
           WHERE n.subject_type = 'webhook_delivery' AND n.action = 'work_item.dismissed' AND d.state = 'poison'),
        
  events AS (
    INSERT INTO integrator_events (type, ordering_key, snapshot)
    SELECT type, ordering_key, snapshot FROM typed ORDER BY ord
    RETURNING id, seq, type, ordering_key)
  INSERT INTO event_deliveries (endpoint_id, event_id, ordering_key, seq)
  SELECT e.id, ev.id, ev.ordering_key, ev.seq FROM events ev JOIN event_endpoints e ON (e.enabled OR e.disabled_reason = 'failing') AND ev.type = ANY(e.events);
        RETURN NULL;
      END $$;

CREATE TRIGGER integrator_events_delivery_dismissed AFTER INSERT ON audit_events
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION integrator_events_delivery_dismissed();
