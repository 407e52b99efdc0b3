-- Search (issue 33): the functions the search indexes are built on. Index expressions must be
-- IMMUTABLE; every function here is, and the queries in modules/search call them exactly as the
-- indexes do, so PostgreSQL matches query to index.

-- Trigram indexes find numbers and ids by any part of them (a wamid pasted from Meta's logs,
-- "44812" inside a dedupe key, the last digits of a phone). Trusted since PostgreSQL 13: the
-- database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- The full-text document of a text (a customer's message, a note, a name). `simple`: no stemming
-- and no stop words, so customers' words are found as written in any language. A function of its
-- own to tell the planner what computing one costs (COST; the SET clause keeps it from being
-- inlined, which would lose the cost): priced as the few microseconds it takes, PostgreSQL would
-- test every row of a table for a rare word rather than ask the GIN index.
CREATE OR REPLACE FUNCTION search_words(body text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE COST 10000
  SET search_path = pg_catalog
  AS $$ SELECT to_tsvector('simple'::regconfig, coalesce(body, '')) $$;

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

-- What search finds an outbound message by, beside it (modules/search/outbound-search-*.entity.ts):
-- every send updates its row five or six times and each update of an indexed row re-inserts every
-- index entry, so full-text and trigram entries on outbound_messages itself would be recomputed
-- and written at every status. Here they are written once: its words, dedupe_key and trigger_ref
-- (a newline apart, which no search box can type, so no match spans both) when it is made; its
-- wamid when Meta gives it one, in a table of its own so each table's statistics describe one kind
-- of text. A message's number, recipient, dedupe_key, trigger_ref and created_at never change.
CREATE TABLE IF NOT EXISTS "outbound_search_terms" (
  "message_id" uuid NOT NULL,
  "phone_number_id" text NOT NULL,
  "to_wa_id" text NOT NULL,
  "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
  "words" tsvector NOT NULL,
  "ids" text NOT NULL,
  CONSTRAINT "PK_86531be9aec69d91c51fb95ddcd" PRIMARY KEY ("message_id"),
  CONSTRAINT "fk_outbound_search_terms_message" FOREIGN KEY ("message_id") REFERENCES "outbound_messages"("id") ON DELETE CASCADE ON UPDATE NO ACTION
);
CREATE TABLE IF NOT EXISTS "outbound_search_wamids" (
  "message_id" uuid NOT NULL,
  "phone_number_id" text NOT NULL,
  "to_wa_id" text NOT NULL,
  "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
  "wamid" text NOT NULL,
  CONSTRAINT "PK_ac1b806441fb0a932e838bb8e5a" PRIMARY KEY ("message_id"),
  CONSTRAINT "fk_outbound_search_wamids_message" FOREIGN KEY ("message_id") REFERENCES "outbound_messages"("id") ON DELETE CASCADE ON UPDATE NO ACTION
);

-- One statement's new messages at once (a batch of a thousand is one INSERT here).
CREATE OR REPLACE FUNCTION outbound_search_terms_insert() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO outbound_search_terms (message_id, phone_number_id, to_wa_id, created_at, words, ids)
    SELECT m.id, m.phone_number_id, m.to_wa_id, m.created_at, search_outbound_document(m.payload), m.dedupe_key || E'\n' || coalesce(m.trigger_ref, '')
      FROM new_messages m
    ON CONFLICT (message_id) DO NOTHING;
    INSERT INTO outbound_search_wamids (message_id, phone_number_id, to_wa_id, created_at, wamid)
    SELECT m.id, m.phone_number_id, m.to_wa_id, m.created_at, m.wamid FROM new_messages m WHERE m.wamid IS NOT NULL
    ON CONFLICT (message_id) DO NOTHING;
    RETURN NULL;
  END
  $$;

-- The payload changes when a held message goes out as its fallback template; the wamid comes when
-- Meta accepts the send. Status writes set `wamid` to itself: the WHEN clause lets those pass
-- without a call.
CREATE OR REPLACE FUNCTION outbound_search_terms_update() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF NEW.payload IS DISTINCT FROM OLD.payload THEN
      UPDATE outbound_search_terms SET words = search_outbound_document(NEW.payload) WHERE message_id = NEW.id;
    END IF;
    IF NEW.wamid IS DISTINCT FROM OLD.wamid THEN
      IF NEW.wamid IS NULL THEN
        DELETE FROM outbound_search_wamids WHERE message_id = NEW.id;
      ELSE
        INSERT INTO outbound_search_wamids (message_id, phone_number_id, to_wa_id, created_at, wamid)
        VALUES (NEW.id, NEW.phone_number_id, NEW.to_wa_id, NEW.created_at, NEW.wamid)
        ON CONFLICT (message_id) DO UPDATE SET wamid = EXCLUDED.wamid;
      END IF;
    END IF;
    RETURN NULL;
  END
  $$;

DROP TRIGGER IF EXISTS outbound_search_terms_insert ON outbound_messages;
CREATE TRIGGER outbound_search_terms_insert AFTER INSERT ON outbound_messages
  REFERENCING NEW TABLE AS new_messages FOR EACH STATEMENT EXECUTE FUNCTION outbound_search_terms_insert();
DROP TRIGGER IF EXISTS outbound_search_terms_update ON outbound_messages;
CREATE TRIGGER outbound_search_terms_update AFTER UPDATE OF payload, wamid ON outbound_messages
  FOR EACH ROW WHEN (OLD.payload IS DISTINCT FROM NEW.payload OR OLD.wamid IS DISTINCT FROM NEW.wamid)
  EXECUTE FUNCTION outbound_search_terms_update();
