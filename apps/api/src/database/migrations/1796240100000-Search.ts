import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sqlFile } from '../sql-file.js';

/**
 * Search (issue 33): full-text GIN indexes on what customers and agents wrote (customers' text,
 * captions and choices, our texts, captions, interactive titles and template parameters, notes,
 * contact names) and pg_trgm GIN indexes on numbers and ids (wamids, `dedupe_key` and `trigger_ref`,
 * phone numbers). Expression indexes: no column is added to the hot tables.
 *
 * Built CONCURRENTLY, outside a transaction: on a database with millions of messages a plain
 * CREATE INDEX would stop every send for the minutes the build takes. An index a failed run left
 * invalid is dropped and built again, so running this twice is safe. The entities name these
 * indexes with `synchronize: false`; TypeORM neither builds nor drops them.
 */
export const SEARCH_INDEXES: readonly (readonly [name: string, definition: string])[] = [
  ['ix_inbound_messages_search_words', `ON inbound_messages USING gin (to_tsvector('simple'::regconfig, coalesce(text, '')))`],
  ['ix_inbound_messages_search_wamid', `ON inbound_messages USING gin (wamid gin_trgm_ops)`],
  ['ix_outbound_messages_search_words', `ON outbound_messages USING gin (search_outbound_document(payload))`],
  ['ix_outbound_messages_search_ids', `ON outbound_messages USING gin (search_outbound_ids(dedupe_key, trigger_ref, wamid) gin_trgm_ops)`],
  ['ix_conversation_notes_search_words', `ON conversation_notes USING gin (to_tsvector('simple'::regconfig, text))`],
  ['ix_contacts_search_name', `ON contacts USING gin (to_tsvector('simple'::regconfig, coalesce(name, '')))`],
  ['ix_contacts_search_wa_id', `ON contacts USING gin (wa_id gin_trgm_ops)`],
];

export class Search1796240100000 implements MigrationInterface {
  name = 'Search1796240100000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query(sqlFile('1796240100000-search.up.sql'));
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
