import { WebhooksService } from '../../apps/api/src/modules/webhooks/webhooks.service.js';
import { startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { envelope, postWebhook, statusItem } from '../webhooks/webhook-support.js';
import { contactOptOut, marketingPayload, optedOut as waitOptedOut, postPreference } from './marketing-support.js';

const SENT_STATES = ['accepted', 'sent', 'delivered', 'read'];

describe('marketing opt-outs are honoured: held, never sent or failed, released on resume', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook();
    // The registry says which templates are marketing.
    await sb.api().post('/v1/templates/sync').expect(200);
  });
  afterAll(() => sb.close());

  let timestamp = 1_780_000_000;
  const preference = (user: string | { userId: string }, value: 'stop' | 'resume', at = (timestamp += 60)) => postPreference(sb, user, value, at);
  const contactOf = (waId: string) => contactOptOut(sb, waId);
  const optedOut = (waId: string) => waitOptedOut(sb, waId);
  const message = async (id: string) => (await sb.api().get(`/v1/messages/${id}`).expect(200)).body.message;
  const enqueue = async (dedupeKey: string, waId: string, payload: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    (
      await sb
        .api()
        .post('/v1/messages')
        .send({ dedupe_key: dedupeKey, to: `+${waId}`, purpose: 'campaign', payload, ...extra })
        .expect(201)
    ).body.message.id as string;
  const sends = (id: string) => sb.sim.ledger().filter((e) => e.bizOpaqueCallbackData === id).length;
  const inState = (id: string, states: string[]) => waitFor(async () => states.includes((await message(id)).state), { what: `${id} in ${states.join('/')}` });

  it('a user who stops marketing gets no marketing message but still gets an order update; the inbox shows it on the contact', async () => {
    const waId = '972508100001';
    await sb.sim.customer(waId, { name: 'Maya' }).sendText('Hi');
    await waitFor(async () =>
      (await sb.api().get('/v1/conversations').expect(200)).body.data.some((c: { contact: { wa_id: string } }) => c.contact.wa_id === waId),
    );
    await preference(waId, 'stop');
    await optedOut(waId);

    const promo = await enqueue('opt-1-promo', waId, marketingPayload('20%'));
    const order = await enqueue('opt-1-order', waId, templatePayload('50001'));
    await inState(promo, ['held']);
    await inState(order, SENT_STATES);
    expect((await message(promo)).last_error).toMatchObject({ code: 'marketing_opt_out', title: 'Recipient opted out of marketing messages' });
    await sb.sim.idle();
    expect(sends(promo)).toBe(0);
    expect(sends(order)).toBe(1);
    const held = (await sb.api().get('/v1/work-items?kind=held').expect(200)).body.data.map((w: { id: string }) => w.id);
    expect(held).toContain(promo);

    const conversation = (await sb.api().get('/v1/conversations').expect(200)).body.data.find((c: { contact: { wa_id: string } }) => c.contact.wa_id === waId);
    expect(conversation.contact).toMatchObject({ marketing_opt_out_source: 'user_preferences' });
    expect(new Date(conversation.contact.marketing_opt_out_at).getTime()).toBe(timestamp * 1000);
  });

  it('a username-only customer, known by user id alone: queued marketing sent by recipient is held at the stop, and the resume sends it once', async () => {
    const bsuid = 'US.7350000000000000001';
    await sb.sim.customer('972508100009', { userId: bsuid, username: 'lior' }).sendText('hi');
    const userRows = async () =>
      (await sb.dataSource.query(`SELECT marketing_opt_out_at FROM contacts WHERE user_id = $1`, [bsuid])) as { marketing_opt_out_at: Date | null }[];
    await waitFor(async () => (await userRows()).length === 1, { what: 'the username-only contact' });
    // Due in 15 s: still queued when the stop arrives, so only the stop itself can hold it.
    const later = new Date(Date.now() + 15_000).toISOString();
    const promo = (
      await sb
        .api()
        .post('/v1/messages')
        .send({ dedupe_key: 'opt-bsuid-promo', recipient: bsuid, purpose: 'campaign', payload: marketingPayload('5%'), not_before: later })
        .expect(201)
    ).body.message.id as string;
    await preference({ userId: bsuid }, 'stop');
    await inState(promo, ['held']);
    expect((await userRows())[0]!.marketing_opt_out_at).not.toBeNull();

    await preference({ userId: bsuid }, 'resume');
    await inState(promo, SENT_STATES);
    await sb.sim.idle();
    expect(sb.sim.ledger().filter((e) => e.bizOpaqueCallbackData === promo)).toEqual([expect.objectContaining({ recipientUserId: bsuid })]);
  }, 120_000);

  it('resume sends the held marketing messages, each exactly once', async () => {
    const waId = '972508100002';
    await preference(waId, 'stop');
    await optedOut(waId);
    const first = await enqueue('opt-2-a', waId, marketingPayload('10%'));
    const second = await enqueue('opt-2-b', waId, marketingPayload('15%'));
    await inState(first, ['held']);
    await inState(second, ['held']);

    await preference(waId, 'resume');
    await inState(first, SENT_STATES);
    await inState(second, SENT_STATES);
    expect((await contactOf(waId))?.marketing_opt_out_at).toBeNull();
    // A second resume has nothing left to release.
    await preference(waId, 'resume');
    await sb.sim.idle();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect([sends(first), sends(second)]).toEqual([1, 1]);
    expect((await sb.api().get('/v1/work-items?kind=held').expect(200)).body.data.map((w: { id: string }) => w.id)).not.toContain(first);
  });

  it('a 131050 failure marks the user opted out and holds their other queued marketing rows, not their order updates', async () => {
    const waId = '972508100003';
    const sent = await enqueue('opt-3-sent', waId, marketingPayload('5%'));
    await inState(sent, SENT_STATES);
    const later = { not_before: new Date(Date.now() + 3_600_000).toISOString() };
    const queuedPromos = [await enqueue('opt-3-a', waId, marketingPayload('30%'), later), await enqueue('opt-3-b', waId, marketingPayload('40%'), later)];
    const queuedOrder = await enqueue('opt-3-order', waId, templatePayload('50003'), later);

    const { wamid } = await message(sent);
    const failure = {
      code: 131050,
      title: 'User stopped receiving marketing messages from you',
      message: 'User stopped receiving marketing messages from you',
      error_data: { details: 'The user has opted out of marketing messages' },
    };
    const response = await postWebhook(
      sb.url,
      envelope({ statuses: [statusItem({ wamid, status: 'failed', timestamp: Math.floor(Date.now() / 1000), recipientId: waId, errors: [failure] })] }),
    );
    expect(response.status).toBe(200);

    await inState(sent, ['failed']);
    for (const id of queuedPromos) await inState(id, ['held']);
    expect((await message(queuedPromos[0]!)).last_error).toMatchObject({ code: 'marketing_opt_out' });
    expect((await message(queuedOrder)).state).toBe('queued');
    expect(await contactOf(waId)).toMatchObject({ marketing_opt_out_source: 'error_131050' });
    // Never failed in bulk: only the message Meta refused is failed.
    const failed = (await sb.api().get('/v1/work-items?kind=failed').expect(200)).body.data.map((w: { id: string }) => w.id);
    expect(failed.filter((id: string) => queuedPromos.includes(id))).toEqual([]);
  });

  it("a 131050 that arrived before the send's answer was recorded (parked) opts the user out once the wamid is known", async () => {
    const waId = '972508100006';
    const later = { not_before: new Date(Date.now() + 3_600_000).toISOString() };
    const queuedPromo = await enqueue('opt-6-later', waId, marketingPayload('45%'), later);
    const wamid = 'wamid.opt-out-parked-1';
    const failure = {
      code: 131050,
      title: 'User stopped receiving marketing messages from you',
      message: 'User stopped receiving marketing messages from you',
    };
    expect(
      (
        await postWebhook(
          sb.url,
          envelope({ statuses: [statusItem({ wamid, status: 'failed', timestamp: Math.floor(Date.now() / 1000), recipientId: waId, errors: [failure] })] }),
        )
      ).status,
    ).toBe(200);
    await waitFor(
      async () => (await sb.dataSource.query(`SELECT 1 FROM message_status_events WHERE wamid = $1 AND match_state = 'parked'`, [wamid])).length === 1,
      { what: 'the status parked' },
    );

    // The row Meta refused, its answer recorded late: the sender writes the wamid, then applies what was parked.
    const refused = await enqueue('opt-6-refused', waId, marketingPayload('50%'), later);
    await sb.dataSource.query(`UPDATE outbound_messages SET state = 'sending', wamid = $2, sending_started_at = now() WHERE id = $1`, [refused, wamid]);
    await sb.app.get(WebhooksService).applyParkedFor(sb.config.whatsapp.phoneNumberId, wamid);
    await inState(refused, ['failed']);
    await inState(queuedPromo, ['held']);
    expect(await contactOf(waId)).toMatchObject({ marketing_opt_out_source: 'error_131050' });
  });

  it('a send Meta refuses with 131050 is held, not failed, and the user opted out; their resume sends it once', async () => {
    const waId = '972508100005';
    const queuedLater = await enqueue('opt-5-later', waId, marketingPayload('35%'), { not_before: new Date(Date.now() + 3_600_000).toISOString() });
    sb.sim.scriptNext(1, { kind: 'error', code: 131050 });
    const refused = await enqueue('opt-5-refused', waId, marketingPayload('25%'));
    await inState(refused, ['held']);
    expect((await message(refused)).last_error).toMatchObject({ code: 'marketing_opt_out' });
    expect(sb.sim.rejections().filter((r) => r.code === 131050)).toHaveLength(1);
    expect(await contactOf(waId)).toMatchObject({ marketing_opt_out_source: 'error_131050' });
    await inState(queuedLater, ['held']);

    // A resume older than the opt-out (webhooks come out of order) changes nothing; a newer one releases.
    await preference(waId, 'resume', Math.floor(Date.now() / 1000) - 3600);
    await sb.sim.idle();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await message(refused)).state).toBe('held');
    await preference(waId, 'resume', Math.floor(Date.now() / 1000) + 1);
    await inState(refused, SENT_STATES);
    await sb.sim.idle();
    expect(sends(refused)).toBe(1);
    // Released as any queued row: the one scheduled for later still waits for its time.
    expect((await message(queuedLater)).state).toBe('queued');
  });

  it('a stop for a contact we never saw is remembered, so a later marketing enqueue is held', async () => {
    const waId = '972508100004';
    expect(await contactOf(waId)).toBeUndefined();
    await preference(waId, 'stop');
    await optedOut(waId);
    const promo = await enqueue('opt-4-promo', waId, marketingPayload('50%'));
    await inState(promo, ['held']);
    await sb.sim.idle();
    expect(sends(promo)).toBe(0);
  });
});
