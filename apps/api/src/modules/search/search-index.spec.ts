import { readFileSync } from 'node:fs';
import { SEARCHED_PAYLOAD_KEYS } from '@sendbook/queue';

// The outbound search index is built by a landed migration from a fixed list of payload keys;
// excerpts are cut from the same keys (payloadWords). A key added to one and not the other would
// find messages whose excerpt cannot show why, or show words no search finds.
describe('the outbound search index and the excerpts read the same payload keys', () => {
  it('lists in the migration exactly the keys payloadWords reads', () => {
    const sql = readFileSync(new URL('../../database/sql/1796240100000-search.up.sql', import.meta.url), 'utf8');
    const keys = [...sql.matchAll(/@\.key == "([a-z_]+)"/g)].map((m) => m[1]);
    expect([...keys].sort()).toEqual([...SEARCHED_PAYLOAD_KEYS].sort());
  });
});
