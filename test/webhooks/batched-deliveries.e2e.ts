// One delivery, one transaction: the events of a POST are claimed together and take effect
// set-wise. These are the cases where doing them together could differ from one at a time.
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import {
  allProcessed,
  count,
  counter,
  envelope,
  insertOutbound,
  iso,
  outbound,
  PHONE_NUMBER_ID,
  postWebhook,
  statusItem,
  textMessage,
} from './webhook-support.js';

const T0 = 1_790_100_000;

describe('a delivery of many events: claimed together, each applied exactly once', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook({ app: { env: { WEBHOOK_SWEEP_INTERVAL_MS: '500', METRICS_FLUSH_INTERVAL_MS: '200' } }, sim: { timeScale: 1 / 1000 } });
  });
  afterAll(() => sb.close());

  const db = () => sb.dataSource;
  const settle = () => waitFor(() => allProcessed(db()));
  const post = async (body: string) => expect((await postWebhook(sb.url, body)).status).toBe(200);
  const deliveryOf = async (body: string) =>
    (await db().query(`SELECT events_total, events_applied, events_duplicate FROM webhook_deliveries WHERE body = $1`, [Buffer.from(body)]))[0];

  it('the same status and the same message twice inside one POST: each applied once, the copies counted as duplicates', async () => {
    const id = await insertOutbound(db());
    const wamid = `wamid.${id}`;
    const duplicatesBefore = await counter(db(), 'webhooks.duplicate_event', 'messages');
    const delivered = statusItem({ wamid, status: 'delivered', timestamp: T0 + 1 });
    const message = textMessage('wamid.batch-twice', 'twice in one POST', '16505550001', T0);
    const body = envelope({ statuses: [delivered, delivered], contacts: [{ profile: { name: 'Twice' }, wa_id: '16505550001' }], messages: [message, message] });
    await post(body);
    await settle();
    expect((await outbound(db(), id)).state).toBe('delivered');
    expect(await count(db(), `SELECT 1 FROM message_status_events WHERE message_id = $1`, [id])).toBe(1);
    expect(await count(db(), `SELECT 1 FROM outbound_message_events WHERE message_id = $1 AND actor = 'webhook'`, [id])).toBe(1);
    expect(await count(db(), `SELECT 1 FROM inbound_messages WHERE wamid = 'wamid.batch-twice'`)).toBe(1);
    expect(
      await count(db(), `SELECT 1 FROM inbound_attributions a JOIN inbound_messages i ON i.id = a.inbound_message_id WHERE i.wamid = 'wamid.batch-twice'`),
    ).toBe(1);
    const [thread] = await db().query(`SELECT c.unread_count FROM conversations c JOIN contacts k ON k.id = c.contact_id WHERE k.wa_id = '16505550001'`);
    expect(thread.unread_count).toBe(1);
    expect(await deliveryOf(body)).toEqual({ events_total: 4, events_applied: 2, events_duplicate: 2 });
    await waitFor(async () => (await counter(db(), 'webhooks.duplicate_event', 'messages')) === duplicatesBefore + 2, { what: 'both copies counted' });
  });

  it('statuses out of order inside one POST end where one at a time would: read, with every time and one transition', async () => {
    const id = await insertOutbound(db());
    const wamid = `wamid.${id}`;
    await post(
      envelope({
        statuses: [
          statusItem({ wamid, status: 'read', timestamp: T0 + 20 }),
          statusItem({ wamid, status: 'sent', timestamp: T0 }),
          statusItem({ wamid, status: 'delivered', timestamp: T0 + 10 }),
        ],
      }),
    );
    await settle();
    const row = await outbound(db(), id);
    expect(row.state).toBe('read');
    expect([(row.sent_at as Date).toISOString(), (row.delivered_at as Date).toISOString(), (row.read_at as Date).toISOString()]).toEqual([
      iso(T0),
      iso(T0 + 10),
      iso(T0 + 20),
    ]);
    const history = await db().query(`SELECT status, merge_result FROM message_status_events WHERE message_id = $1 ORDER BY id`, [id]);
    expect(history.map((h: { status: string; merge_result: string }) => [h.status, h.merge_result])).toEqual([
      ['read', 'advanced'],
      ['sent', 'stale'],
      ['delivered', 'stale'],
    ]);
    expect(await db().query(`SELECT from_state, to_state FROM outbound_message_events WHERE message_id = $1 AND actor = 'webhook' ORDER BY id`, [id])).toEqual([
      { from_state: 'accepted', to_state: 'read' },
    ]);
  });

  it('failed inside a ladder wins and is final, whatever follows it in the POST', async () => {
    const id = await insertOutbound(db());
    const wamid = `wamid.${id}`;
    const errors = [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' }];
    await post(
      envelope({
        statuses: [
          statusItem({ wamid, status: 'sent', timestamp: T0 }),
          statusItem({ wamid, status: 'failed', timestamp: T0 + 1, errors }),
          statusItem({ wamid, status: 'read', timestamp: T0 + 2 }),
        ],
      }),
    );
    await settle();
    const row = await outbound(db(), id);
    expect(row.state).toBe('failed');
    expect(row.last_error).toMatchObject({ code: 131026 });
    expect(await db().query(`SELECT from_state, to_state FROM outbound_message_events WHERE message_id = $1 AND actor = 'webhook' ORDER BY id`, [id])).toEqual([
      { from_state: 'accepted', to_state: 'sent' },
      { from_state: 'sent', to_state: 'failed' },
    ]);
  });

  it('a POST whose events are half claimed already: the new half applied, the rest counted as duplicates, nothing twice', async () => {
    const id = await insertOutbound(db());
    const wamid = `wamid.${id}`;
    const sent = statusItem({ wamid, status: 'sent', timestamp: T0 });
    const first = textMessage('wamid.batch-half-1', 'first', '16505550002', T0);
    await post(envelope({ statuses: [sent], contacts: [{ profile: { name: 'Half' }, wa_id: '16505550002' }], messages: [first] }));
    await settle();
    const again = envelope({
      statuses: [sent, statusItem({ wamid, status: 'delivered', timestamp: T0 + 5 })],
      contacts: [{ profile: { name: 'Half' }, wa_id: '16505550002' }],
      messages: [first, textMessage('wamid.batch-half-2', 'second', '16505550002', T0 + 6)],
    });
    await post(again);
    await settle();
    expect((await outbound(db(), id)).state).toBe('delivered');
    expect(await count(db(), `SELECT 1 FROM message_status_events WHERE message_id = $1`, [id])).toBe(2);
    expect(await count(db(), `SELECT 1 FROM inbound_messages WHERE wamid LIKE 'wamid.batch-half-%'`)).toBe(2);
    expect(await deliveryOf(again)).toEqual({ events_total: 4, events_applied: 2, events_duplicate: 2 });
    const [thread] = await db().query(
      `SELECT c.unread_count, c.last_inbound_at FROM conversations c JOIN contacts k ON k.id = c.contact_id WHERE k.wa_id = '16505550002'`,
    );
    expect(thread.unread_count).toBe(2);
    expect((thread.last_inbound_at as Date).toISOString()).toBe(iso(T0 + 6));
  });

  it('several messages of one customer in a POST: one contact, one thread with all of them unread, the window from the latest', async () => {
    const from = '16505550003';
    await post(
      envelope({
        contacts: [{ profile: { name: 'Many' }, wa_id: from }],
        messages: [
          textMessage('wamid.batch-many-1', 'one', from, T0 + 2),
          textMessage('wamid.batch-many-2', 'two', from, T0 + 9),
          textMessage('wamid.batch-many-3', 'three', from, T0 + 4),
        ],
      }),
    );
    await settle();
    expect(await count(db(), `SELECT 1 FROM contacts WHERE phone_number_id = $1 AND wa_id = $2`, [PHONE_NUMBER_ID, from])).toBe(1);
    const threads = await db().query(
      `SELECT c.id, c.unread_count, c.window_open_until FROM conversations c JOIN contacts k ON k.id = c.contact_id WHERE k.wa_id = $1`,
      [from],
    );
    expect(threads).toHaveLength(1);
    expect(threads[0].unread_count).toBe(3);
    expect((threads[0].window_open_until as Date).toISOString()).toBe(iso(T0 + 9 + 24 * 3600));
    const placed = await db().query(
      `SELECT a.conversation_id FROM inbound_attributions a JOIN inbound_messages i ON i.id = a.inbound_message_id WHERE i.wamid LIKE 'wamid.batch-many-%'`,
    );
    expect(placed.map((p: { conversation_id: string }) => p.conversation_id)).toEqual([threads[0].id, threads[0].id, threads[0].id]);
  });

  it('a phone and then the same phone with its user id in one POST: one contact, adopted, as in two POSTs', async () => {
    const from = '16505550004';
    const withUser = { ...textMessage('wamid.batch-user-2', 'with user id', from, T0 + 1), from_user_id: 'US.batch.4' };
    await post(
      envelope({ contacts: [{ profile: { name: 'Adopted' }, wa_id: from }], messages: [textMessage('wamid.batch-user-1', 'phone only', from, T0), withUser] }),
    );
    await settle();
    const contacts = await db().query(`SELECT user_id FROM contacts WHERE phone_number_id = $1 AND wa_id = $2`, [PHONE_NUMBER_ID, from]);
    expect(contacts).toEqual([{ user_id: 'US.batch.4' }]);
  });
});
