-- Migration PartitionIntegratorEvents1796350000000, up: exactly what it ran when it landed. Never edit this file; a
-- change is a new migration with files of its own.

-- Deliveries are partitioned by their event's day: each carries it (`event_at`, the event's
-- created_at), written with the delivery in the transaction of the event.
CREATE OR REPLACE FUNCTION integrator_events_fan_out() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO event_deliveries (endpoint_id, event_id, ordering_key, seq, event_at)
        SELECT e.id, ev.id, ev.ordering_key, ev.seq, ev.created_at
          FROM (SELECT n.id, n.type, n.ordering_key, n.seq, n.created_at,
                       CASE WHEN EXISTS (SELECT 1 FROM event_endpoints f WHERE f.filter IS NOT NULL) THEN integrator_event_facets(n.snapshot) END AS facets
                  FROM new_events n) ev
          JOIN event_endpoints e ON (e.enabled OR e.disabled_reason = 'failing') AND event_endpoint_accepts(e, ev.type, ev.facets);
        RETURN NULL;
      END $$;
