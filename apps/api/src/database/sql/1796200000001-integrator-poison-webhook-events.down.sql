-- Migration IntegratorPoisonWebhookEvents1796200000001, down: exactly what it ran when it landed. Never edit this file; a change
-- is a new migration with files of its own.

DROP TRIGGER integrator_events_delivery_dismissed ON audit_events;

DROP TRIGGER integrator_events_delivery_replayed ON webhook_deliveries;

DROP TRIGGER integrator_events_delivery_poisoned ON webhook_deliveries;

DROP FUNCTION integrator_events_delivery_dismissed();

DROP FUNCTION integrator_events_delivery_poison();
