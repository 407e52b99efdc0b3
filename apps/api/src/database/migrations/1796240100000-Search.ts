import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sqlFile } from '../sql-file.js';

/**
 * Search (issue 33): full-text GIN indexes on what customers and agents wrote and pg_trgm GIN
 * indexes on numbers and ids. Customers' messages, notes and contacts are written once, so their
 * indexes are expressions on the tables themselves (no column added). An outbound message is
 * updated at every status, so its words and ids live beside it in `outbound_search_terms` and
 * `outbound_search_wamids`, kept by triggers (see the SQL file) and filled here from the messages
 * already stored.
 *
 * Indexes are built CONCURRENTLY, outside a transaction: on a database with millions of messages a
 * plain CREATE INDEX would stop every send for the minutes the build takes. Every step may run
 * again (a run cut short is finished by the next boot): an index a failed build left invalid is
 * dropped and built again, the backfill skips what is there. The entities name the GIN indexes
 * with `synchronize: false`, so TypeORM neither builds nor drops them.
 */
export const SEARCH_INDEXES: readonly (readonly [name: string, definition: string])[] = [
  ['ix_inbound_messages_search_words', `ON inbound_messages USING gin (search_words(text))`],
  // Trigram indexes on expressions, never on the bare column: PostgreSQL underprices a trigram
  // index for `=`, and would take it over the (phone_number_id, …) b-trees the webhook path's
  // lookups by wamid and phone number use.
  ['ix_inbound_messages_search_wamid', `ON inbound_messages USING gin (lower(wamid) gin_trgm_ops)`],
  ['ix_conversation_notes_search_words', `ON conversation_notes USING gin (search_words(text))`],
  ['ix_contacts_search_name', `ON contacts USING gin (search_words(name))`],
  ['ix_contacts_search_wa_id', `ON contacts USING gin (coalesce(wa_id, '') gin_trgm_ops)`],
  ['ix_outbound_search_terms_created', `ON outbound_search_terms (created_at, message_id)`],
  ['ix_outbound_search_terms_words', `ON outbound_search_terms USING gin (words)`],
  ['ix_outbound_search_terms_ids', `ON outbound_search_terms USING gin (ids gin_trgm_ops)`],
  ['ix_outbound_search_wamids_created', `ON outbound_search_wamids (created_at, message_id)`],
  ['ix_outbound_search_wamids_wamid', `ON outbound_search_wamids USING gin (wamid gin_trgm_ops)`],
];

/** The messages stored before the triggers, as they would have written them. */
const BACKFILL = [
  `INSERT INTO outbound_search_terms (message_id, phone_number_id, to_wa_id, created_at, words, ids)
   SELECT id, phone_number_id, to_wa_id, created_at, search_outbound_document(payload), dedupe_key || E'\\n' || coalesce(trigger_ref, '')
     FROM outbound_messages ON CONFLICT (message_id) DO NOTHING`,
  `INSERT INTO outbound_search_wamids (message_id, phone_number_id, to_wa_id, created_at, wamid)
   SELECT id, phone_number_id, to_wa_id, created_at, wamid FROM outbound_messages WHERE wamid IS NOT NULL
       ON CONFLICT (message_id) DO NOTHING`,
];

export class Search1796240100000 implements MigrationInterface {
  name = 'Search1796240100000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    // Functions, the table and its triggers first: from then on every new message is kept, and the
    // backfill only adds the ones before.
    await q.query(sqlFile('1796240100000-search.up.sql'));
    for (const statement of BACKFILL) await q.query(statement);
    for (const [name, definition] of SEARCH_INDEXES) {
      const [found] = (await q.query(`SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = $1`, [name])) as {
        valid: boolean;
      }[];
      if (found && !found.valid) await q.query(`DROP INDEX CONCURRENTLY IF EXISTS "${name}"`);
      await q.query(`CREATE INDEX CONCURRENTLY IF NOT EXISTS "${name}" ${definition}`);
    }
  }

  // Undoing runs inside a transaction (TypeORM's undo ignores `transaction = false`): plain drops.
  async down(q: QueryRunner): Promise<void> {
    for (const [name] of [...SEARCH_INDEXES].reverse()) await q.query(`DROP INDEX IF EXISTS "${name}"`);
    await q.query(sqlFile('1796240100000-search.down.sql'));
  }
}
