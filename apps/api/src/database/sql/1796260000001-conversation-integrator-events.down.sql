-- Migration ConversationIntegratorEvents1796260000001, down: exactly what it ran when it landed. Never edit this file; a change
-- is a new migration with files of its own.

DROP TRIGGER integrator_events_conversation_audited ON audit_events;

DROP FUNCTION integrator_events_conversation_audited();
