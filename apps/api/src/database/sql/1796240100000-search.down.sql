-- pg_trgm stays: other objects of the database may use it, and it costs nothing unused.
DROP FUNCTION IF EXISTS search_outbound_ids(text, text, text);
DROP FUNCTION IF EXISTS search_outbound_document(jsonb);
DROP FUNCTION IF EXISTS search_template_lexeme(text, text);
DROP FUNCTION IF EXISTS search_payload_words(jsonb);
