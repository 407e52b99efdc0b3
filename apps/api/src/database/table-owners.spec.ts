import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TABLE_OWNERS, tablesWritten } from './table-owners.js';

/** Every TypeScript source of the API but tests and migrations (landed history, never edited). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

describe('one owner per table', () => {
  it('reads the tables a statement writes, however it is spelled', () => {
    expect(
      tablesWritten(
        `WITH held AS (UPDATE outbound_messages SET state = 'held' RETURNING id) INSERT INTO outbound_message_events (message_id) SELECT id FROM held`,
      ),
    ).toEqual(['outbound_messages', 'outbound_message_events']);
    expect(tablesWritten(`update "public"."contacts" set x = 1; delete from ONLY conversations; truncate table inbound_messages`)).toEqual([
      'contacts',
      'conversations',
      'inbound_messages',
    ]);
    expect(tablesWritten(`SELECT id FROM outbound_messages FOR UPDATE`)).toEqual([]);
    expect(tablesWritten(`SELECT 1 FROM outbound_messages m FOR UPDATE OF m`)).toEqual([]);
    expect(tablesWritten(`SELECT 1 FROM contacts FOR NO KEY UPDATE SKIP LOCKED`)).toEqual([]);
    expect(tablesWritten(`INSERT INTO contacts (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET id = EXCLUDED.id`)).toEqual(['contacts']);
  });

  it('no file outside its owner builds SQL that writes outbound messages, their events, contacts, conversations, inbound messages or message echoes', () => {
    const root = process.cwd();
    const trespasses: string[] = [];
    for (const file of sources(path.join(root, 'apps/api/src'))) {
      const relative = path.relative(root, file).split(path.sep).join('/');
      for (const table of tablesWritten(readFileSync(file, 'utf8'))) {
        const owner = TABLE_OWNERS[table];
        if (owner && !relative.startsWith(owner)) trespasses.push(`${relative} writes ${table}, which ${owner} owns`);
      }
    }
    expect(trespasses).toEqual([]);
  });
});
