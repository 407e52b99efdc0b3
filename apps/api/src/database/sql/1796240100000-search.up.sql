-- Search (issue 33): the functions the search indexes are built on. Index expressions must be
-- IMMUTABLE; every function here is, and the queries in modules/search call them exactly as the
-- indexes do, so PostgreSQL matches query to index.

-- Trigram indexes find numbers and ids by any part of them (a wamid pasted from Meta's logs,
-- "44812" inside a dedupe key, the last digits of a phone). Trusted since PostgreSQL 13: the
-- database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- The words of an outbound payload a customer reads: string values of these keys at any depth
-- (a text's body, captions, interactive titles, template parameters), never types, ids or links.
-- libs/queue/src/search/payload-text.ts keeps the same list. `silent`: no payload can make an
-- insert fail here.
CREATE OR REPLACE FUNCTION search_payload_words(payload jsonb) RETURNS jsonb
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT jsonb_path_query_array(
      payload,
      'strict $.** ? (@.type() == "object").keyvalue() ? (@.value.type() == "string" && (@.key == "body" || @.key == "text" || @.key == "caption" || @.key == "filename" || @.key == "title" || @.key == "description" || @.key == "display_text" || @.key == "button" || @.key == "fallback_value" || @.key == "coupon_code" || @.key == "address" || @.key == "formatted_name")).value',
      '{}'::jsonb,
      true)
  $$;

-- A template's own words live in the templates table, which an index expression cannot read: a
-- template message carries one verbatim lexeme naming its template, and a search adds the
-- templates whose words match to its query (modules/search).
CREATE OR REPLACE FUNCTION search_template_lexeme(name text, language text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT 'template:' || coalesce(name, '') || ':' || coalesce(language, '') $$;

-- The full-text document of an outbound message. `simple`: no stemming and no stop words, so
-- customers' words are found as written in any language.
CREATE OR REPLACE FUNCTION search_outbound_document(payload jsonb) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT to_tsvector('simple'::regconfig, coalesce(search_payload_words(payload), '[]'::jsonb))
        || CASE WHEN payload ->> 'type' = 'template'
                THEN array_to_tsvector(ARRAY[search_template_lexeme(payload #>> '{template,name}', payload #>> '{template,language,code}')])
                ELSE ''::tsvector END
  $$;

-- An outbound message's identifiers as one text for one trigram index (one index to write on
-- every state change of the row, not three). A newline cannot be typed into the search box, so
-- no match spans two of them.
CREATE OR REPLACE FUNCTION search_outbound_ids(dedupe_key text, trigger_ref text, wamid text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(dedupe_key, '') || E'\n' || coalesce(trigger_ref, '') || E'\n' || coalesce(wamid, '') $$;
