-- pg_trgm stays: other objects of the database may use it, and it costs nothing unused.
DROP TRIGGER IF EXISTS outbound_search_terms_update ON outbound_messages;
DROP TRIGGER IF EXISTS outbound_search_terms_insert ON outbound_messages;
DROP FUNCTION IF EXISTS outbound_search_terms_update();
DROP FUNCTION IF EXISTS outbound_search_terms_insert();
DROP TABLE IF EXISTS outbound_search_wamids;
DROP TABLE IF EXISTS outbound_search_terms;
DROP FUNCTION IF EXISTS search_outbound_document(jsonb);
DROP FUNCTION IF EXISTS search_template_lexeme(text, text);
DROP FUNCTION IF EXISTS search_payload_words(jsonb);
DROP FUNCTION IF EXISTS search_words(text);
