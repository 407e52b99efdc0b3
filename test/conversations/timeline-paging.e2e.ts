import { seedLongThread } from '../support/long-thread.js';
import { startSendbook, type Sendbook } from '../support/sendbook.js';

interface Entry {
  direction: 'inbound' | 'outbound' | 'note';
  at: string;
  inbound?: { id: string };
  message?: { id: string };
  note?: { id: string };
}
const idOf = (e: Entry) => e.inbound?.id ?? e.message?.id ?? e.note?.id;

describe('a long thread comes a page at a time', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook();
  });
  afterAll(async () => {
    await sb?.close();
  });

  it('GET /v1/conversations/{id} answers with the newest page only, and the cursors reach the oldest entry once each', async () => {
    const thread = await seedLongThread(sb, '16505559001', 5000);
    const first = (await sb.api().get(`/v1/conversations/${thread.conversationId}`).expect(200)).body;
    expect(first.timeline).toHaveLength(50);
    expect(first.older_cursor).toEqual(expect.any(String));
    const seen: Entry[] = [...first.timeline];
    let cursor: string | null = first.older_cursor;
    let pages = 1;
    while (cursor) {
      const page = (await sb.api().get(`/v1/conversations/${thread.conversationId}/timeline?limit=200&before=${cursor}`).expect(200)).body;
      seen.unshift(...page.data);
      cursor = page.older_cursor;
      pages += 1;
    }
    expect(pages).toBe(1 + Math.ceil((5000 - 50) / 200));
    const ids = seen.map(idOf);
    expect(new Set(ids).size).toBe(5000);
    // Oldest first, across pages, and the very first message opens it.
    expect(seen[0]!.direction).toBe('inbound');
    const times = seen.map((e) => Date.parse(e.at));
    expect(times.every((t, i) => i === 0 || t >= times[i - 1]!)).toBe(true);
    expect(seen.filter((e) => e.direction === 'outbound')).toHaveLength(Math.ceil(4999 / 2));
  });

  it('keeps entries that share a time apart by kind and id, and notes sit in the timeline', async () => {
    const thread = await seedLongThread(sb, '16505559002', 11);
    // Three notes written in the same instant as each other.
    const at = new Date();
    for (let i = 0; i < 3; i++) {
      await sb.dataSource.query(`INSERT INTO conversation_notes (conversation_id, author, text, created_at) VALUES ($1, 'system', $2, $3)`, [
        thread.conversationId,
        `note ${i}`,
        at,
      ]);
    }
    const all: Entry[] = [];
    let cursor: string | undefined;
    do {
      const page = (
        await sb
          .api()
          .get(`/v1/conversations/${thread.conversationId}/timeline?limit=2${cursor ? `&before=${cursor}` : ''}`)
          .expect(200)
      ).body;
      all.unshift(...page.data);
      cursor = page.older_cursor ?? undefined;
    } while (cursor);
    expect(all).toHaveLength(14);
    expect(new Set(all.map(idOf)).size).toBe(14);
    expect(all.slice(-3).map((e) => e.direction)).toEqual(['note', 'note', 'note']);
  });

  it('a note added through the API is private: in the timeline, never in the outbox', async () => {
    const thread = await seedLongThread(sb, '16505559003', 3);
    const note = (await sb.api().post(`/v1/conversations/${thread.conversationId}/notes`).send({ text: 'She prefers a call after 5pm.' }).expect(201)).body
      .note;
    expect(note).toMatchObject({ text: 'She prefers a call after 5pm.', author: expect.stringMatching(/^api_key:/), author_name: 'API key “bootstrap”' });
    const latest = (await sb.api().get(`/v1/conversations/${thread.conversationId}`)).body.timeline.at(-1);
    expect(latest).toMatchObject({ direction: 'note', note: { id: note.id } });
    expect(await sb.dataSource.query(`SELECT 1 FROM outbound_messages WHERE payload::text LIKE '%5pm%'`)).toEqual([]);
    expect(sb.sim.ledger().filter((s) => JSON.stringify(s).includes('5pm'))).toEqual([]);
  });
});
