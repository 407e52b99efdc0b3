import request from 'supertest';
import { inbound, sendTo } from '../conversations/conversation-support.js';
import { seedLongThread } from '../support/long-thread.js';
import { messageRequest, startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';
import { asSession, createStaff, signIn } from '../support/staff.js';
import { waitFor } from '../support/wait-for.js';

interface Result {
  conversation_id: string;
  kind: 'inbound' | 'message' | 'note';
  id: string;
  matched: string;
  excerpt: string;
  highlights: [number, number][];
  at: string;
  contact: { name: string | null; wa_id: string | null };
}
interface Page {
  results: Result[];
  next_cursor: string | null;
}

/** The excerpt with its highlights in brackets: what the inbox marks. */
const marked = (r: Result) => r.highlights.reduceRight((s, [a, b]) => `${s.slice(0, a)}[${s.slice(a, b)}]${s.slice(b)}`, r.excerpt);

/**
 * GET /v1/search on the real stack: what customers wrote (text, captions, choices), what was sent
 * (text, interactive titles, templates as rendered), notes, names, phone numbers and ids, newest
 * first, a page at a time; for every staff member, never for a key that may only send.
 */
describe('search finds what was written, either way, and where it is', () => {
  let sb: Sendbook;
  let agent: ReturnType<typeof asSession>;
  let admin: ReturnType<typeof asSession>;
  const DANA = '972503330101';
  let thread: string;
  const ids: Record<string, string> = {};

  const search = async (q: string, extra = '', as = agent): Promise<Page> => (await as.get(`/v1/search?q=${encodeURIComponent(q)}${extra}`).expect(200)).body;

  beforeAll(async () => {
    sb = await startSendbook();
    await sb.api().post('/v1/templates/sync').expect(200);
    agent = asSession(sb, await signIn(sb, await createStaff(sb, 'agent')));
    admin = asSession(sb, await signIn(sb, await createStaff(sb, 'admin')));

    const dana = sb.sim.customer(DANA, { name: 'Dana Levi' });
    const first = await inbound(sb, dana.sendText('Where is my parcel? It was supposed to arrive on Tuesday <b>really</b>'));
    ids.parcel = first.id;
    ids.parcelWamid = first.wamid as string;
    thread = first.conversation_id as string;
    ids.receipt = (await inbound(sb, dana.sendImage('Receipt for the blender'))).id;
    ids.hebrew = (await inbound(sb, dana.sendText('מתי ההזמנה תגיע?'))).id;
    const asked = await sendTo(sb, DANA, {
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'When should the courier come?' },
        action: { buttons: [{ type: 'reply', reply: { id: 'evening', title: 'Evening delivery' } }] },
      },
    });
    ids.asked = asked.id;
    ids.askedWamid = asked.wamid;
    ids.choice = (await inbound(sb, dana.replyButton(asked.wamid, 'evening', 'Evening delivery'))).id;
    const reply = await sb.api().post(`/v1/conversations/${thread}/replies`).send({ text: 'Your parcel leaves the warehouse tomorrow morning.' }).expect(201);
    ids.reply = reply.body.message.id;
    const shipped = await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'order-77123:shipped:972503330101', to: `+${DANA}`, trigger_ref: 'orders/77123', payload: templatePayload('77123') }))
      .expect(201);
    ids.shipped = shipped.body.message.id;
    const note = await sb.api().post(`/v1/conversations/${thread}/notes`).send({ text: 'Prefers a call after 5pm; ask for Yossi.' }).expect(201);
    ids.note = note.body.note.id;
    // Sent to a number that never wrote: no thread to open, so never a result.
    await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'zanzibar-1', to: '+16505550177', purpose: 'promo', payload: { type: 'text', text: { body: 'Zanzibar sale' } } }))
      .expect(201);
    await waitFor(async () => (await sb.api().get(`/v1/messages/${ids.shipped}`)).body.message.wamid !== null, { what: 'the template accepted' });
  }, 120_000);
  afterAll(async () => {
    await sb?.close();
  });

  it('finds a word a customer wrote, marked where it occurs, with the thread and the contact', async () => {
    const { results } = await search('supposed');
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      conversation_id: thread,
      kind: 'inbound',
      id: ids.parcel,
      matched: 'text',
      contact: { name: 'Dana Levi', wa_id: DANA },
    });
    // Plain text, exactly as written: markup a customer typed is words, never HTML.
    expect(marked(results[0]!)).toBe('Where is my parcel? It was [supposed] to arrive on Tuesday <b>really</b>');
  });

  it('finds both directions for one word, newest first; the last word may be its beginning', async () => {
    const { results } = await search('parc');
    expect(results.map((r) => [r.kind, r.id])).toEqual([
      ['message', ids.reply],
      ['inbound', ids.parcel],
    ]);
    expect(marked(results[0]!)).toBe('Your [parcel] leaves the warehouse tomorrow morning.');
  });

  it('finds captions, button choices and interactive titles, and words in any script', async () => {
    expect((await search('blender')).results.map((r) => [r.id, marked(r)])).toEqual([[ids.receipt, 'Receipt for the [blender]']]);
    expect((await search('evening delivery')).results.map((r) => [r.kind, r.id])).toEqual([
      ['inbound', ids.choice],
      ['message', ids.asked],
    ]);
    expect((await search('ההזמנה')).results.map((r) => [r.id, marked(r)])).toEqual([[ids.hebrew, 'מתי [ההזמנה] תגיע?']]);
  });

  it('finds a template by its own words and by its parameters, shown as the customer read it', async () => {
    const own = (await search('shipped')).results;
    expect(own.map((r) => [r.kind, r.id, r.matched])).toEqual([['message', ids.shipped, 'text']]);
    expect(marked(own[0]!)).toBe('Hi Pablo, your order 77123 has [shipped] and should arrive by Friday. [Track it] [Stop updates]');
    const parameter = (await search('77123')).results;
    expect(parameter.map((r) => [r.id, r.matched])).toEqual([[ids.shipped, 'text']]);
    expect(marked(parameter[0]!)).toContain('your order [77123] has shipped');
  });

  it('finds notes', async () => {
    const { results } = await search('yossi');
    expect(results.map((r) => [r.kind, r.id, marked(r)])).toEqual([['note', ids.note, 'Prefers a call after 5pm; ask for [Yossi].']]);
  });

  it('finds a contact by name or by any part of the number: the thread at its newest message', async () => {
    const newest = { kind: 'message', id: ids.shipped };
    const byName = (await search('dana')).results;
    expect(byName).toEqual([
      expect.objectContaining({ conversation_id: thread, matched: 'contact_name', ...newest, excerpt: 'Dana Levi', highlights: [[0, 4]] }),
    ]);
    const byNumber = (await search('333 0101')).results;
    expect(byNumber).toEqual([expect.objectContaining({ conversation_id: thread, matched: 'phone', ...newest })]);
    expect(marked(byNumber[0]!)).toBe('+97250[3330101]');
  });

  it('finds trigger_ref, dedupe_key and wamids by any part', async () => {
    expect((await search('orders/77123')).results.map((r) => [r.id, r.matched, marked(r)])).toEqual([[ids.shipped, 'trigger_ref', '[orders/77123]']]);
    expect((await search('77123:SHIPPED')).results.map((r) => [r.id, r.matched, marked(r)])).toEqual([
      [ids.shipped, 'dedupe_key', 'order-[77123:shipped]:972503330101'],
    ]);
    // A simulated wamid ends with its own counter; what comes before it is shared with others.
    const inboundPart = ids.parcelWamid.slice(-12);
    expect((await search(inboundPart)).results.map((r) => [r.kind, r.id, r.matched])).toEqual([['inbound', ids.parcel, 'wamid']]);
    expect((await search(ids.askedWamid)).results.map((r) => [r.kind, r.id, r.matched])).toEqual([['message', ids.asked, 'wamid']]);
  });

  it('leaves out what belongs to no thread', async () => {
    expect((await search('zanzibar')).results).toEqual([]);
  });

  it('pages newest first through every match once, ties of one instant included', async () => {
    const long = await seedLongThread(sb, '972503330202', 41);
    // Three notes at the very instant of one customer message: a tie across kinds.
    const [tie] = await sb.dataSource.query(
      `SELECT i.created_at FROM inbound_messages i WHERE i.from_wa_id = '972503330202' AND i.text = 'customer message 7'`,
    );
    for (const n of [1, 2, 3])
      await sb.dataSource.query(`INSERT INTO conversation_notes (conversation_id, author, text, created_at) VALUES ($1, 'system', $2, $3)`, [
        long.conversationId,
        `note on the message ${n}`,
        tie.created_at,
      ]);
    const seen: Result[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Page = await search('message', `&limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.results);
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 20);
    // 20 seeded customer messages, the real first one, and the three notes; never "our reply".
    expect(seen).toHaveLength(24);
    expect(new Set(seen.map((r) => r.id)).size).toBe(24);
    expect(pages).toBe(5);
    const times = seen.map((r) => Date.parse(r.at));
    expect(times.every((t, i) => i === 0 || t <= times[i - 1]! + 1000)).toBe(true);
    expect(seen.filter((r) => r.kind === 'note')).toHaveLength(3);
    expect(seen.every((r) => r.conversation_id === long.conversationId)).toBe(true);
    expect(seen.at(-1)!.excerpt).toBe('customer message 1');
  });

  it('a word in thousands of messages walks the time index: the same newest-first pages', async () => {
    // 6,000 customer messages say "customer": more than the GIN index is asked to sort (5,000).
    const busy = await seedLongThread(sb, '972503330303', 12_001);
    const expected: { id: string }[] = await sb.dataSource.query(
      `SELECT i.id FROM inbound_messages i WHERE i.text LIKE 'customer message %' ORDER BY i.created_at DESC, i.id DESC LIMIT 120`,
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 3; page++) {
      const body: Page = await search('customer', `&limit=40${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...body.results.map((r) => r.id));
      cursor = body.next_cursor;
    }
    expect(seen).toEqual(expected.map((r) => r.id));
    expect((await sb.dataSource.query(`SELECT count(*)::int AS n FROM inbound_attributions WHERE conversation_id = $1`, [busy.conversationId]))[0].n).toBe(
      6001,
    );
  });

  it('answers 400 naming the field for a missing, blank or too long query, and a cursor it did not give out', async () => {
    const problem = async (query: string) => (await agent.get(`/v1/search${query}`).expect(400)).body;
    expect(await problem('')).toMatchObject({ error: 'validation_failed', details: expect.arrayContaining([expect.objectContaining({ field: 'q' })]) });
    expect((await problem('?q=')).details).toEqual(expect.arrayContaining([{ field: 'q', message: 'q must be 1 to 200 characters' }]));
    expect((await problem('?q=%20%20')).details).toEqual([{ field: 'q', message: 'q must not be blank' }]);
    expect((await problem(`?q=${'a'.repeat(201)}`)).details).toEqual([{ field: 'q', message: 'q must be 1 to 200 characters' }]);
    expect((await problem('?q=parcel&cursor=nope')).details).toEqual([{ field: 'cursor', message: 'is not a cursor this API gave out' }]);
    expect((await problem('?q=parcel&limit=0')).details).toEqual([expect.objectContaining({ field: 'limit' })]);
    expect((await search('?!')).results).toEqual([]);
  });

  it('is for staff, agents as much as admins; a key that may only send is refused', async () => {
    expect(await search('parcel', '', admin)).toEqual(await search('parcel', '', agent));
    await request(sb.url).get('/v1/search?q=parcel').expect(401);
    const sendKey = (
      await sb
        .api()
        .post('/v1/api-keys')
        .send({ name: 'orders', scopes: ['send'] })
        .expect(201)
    ).body.key as string;
    expect((await request(sb.url).get('/v1/search?q=parcel').set('Authorization', `Bearer ${sendKey}`).expect(403)).body).toMatchObject({ error: 'forbidden' });
  });
});
