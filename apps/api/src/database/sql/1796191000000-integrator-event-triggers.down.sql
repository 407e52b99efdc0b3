-- Migration IntegratorEventTriggers1796191000000, down: exactly what it ran when it landed. Never edit this file; a change
-- is a new migration with files of its own.

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
