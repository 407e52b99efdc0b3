import { inbound } from '../conversations/conversation-support.js';
import { messageRequest, startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';
import { asSession, createStaff, signIn } from '../support/staff.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';
import { postWebhook } from '../webhooks/webhook-support.js';

describe('work queues: filters, pages, counts, actions with notes, the Resolved tab, bulk', () => {
  let sb: Sendbook;
  let admin: ReturnType<typeof asSession>;
  let adminId: string;
  let agent: ReturnType<typeof asSession>;
  beforeAll(async () => {
    sb = await startSendbook({ app: { env: { STUCK_SENDING_AFTER_MS: '1000', WORK_ITEMS_BULK_MAX: '4' } } });
    const a = await createStaff(sb, 'admin', 'Ada Admin');
    adminId = a.id;
    admin = asSession(sb, await signIn(sb, a));
    agent = asSession(sb, await signIn(sb, await createStaff(sb, 'agent', 'Al Agent')));
  });
  afterAll(() => sb.close());

  const message = async (id: string) => (await sb.api().get(`/v1/messages/${id}`).expect(200)).body.message;
  const sendsOf = (id: string) => sb.sim.ledger({ bizOpaqueCallbackData: id }).length;
  const queue = async (query: string, as = admin) => (await as.get(`/v1/work-items?${query}`).expect(200)).body;
  /** Rows left in `sending` by lost answers, with no status webhook to heal them. */
  const stuck = async (n: number, key: string) => {
    sb.sim.configure({ webhookUrl: null });
    sb.sim.scriptNext(n, { kind: 'lose_response' });
    const ids: string[] = [];
    for (let i = 0; i < n; i++)
      ids.push(
        (
          await sb
            .api()
            .post('/v1/messages')
            .send(messageRequest({ dedupe_key: `${key}-${i}`, to: `+97250100${String(i).padStart(4, '0')}` }))
            .expect(201)
        ).body.message.id,
      );
    await waitFor(async () => (await queue('kind=stuck_sending')).data.filter((w: { id: string }) => ids.includes(w.id)).length === n, {
      what: `${n} stuck rows`,
    });
    return ids;
  };

  it('a stuck row: no status ever came; Retry with a note sends exactly once more, and the trail names the person', async () => {
    const [id] = await stuck(1, 'stuck-one');
    expect((await admin.get(`/v1/messages/${id}/statuses`).expect(200)).body.data).toEqual([]);
    const item = (await queue('kind=stuck_sending')).data.find((w: { id: string }) => w.id === id);
    expect(item).toMatchObject({ actions: ['mark_sent', 'retry', 'cancel'], resolution: null, last_error: { code: 'unknown_outcome' } });
    await agent.post(`/v1/messages/${id}/resolve`).send({ action: 'retry', note: 'no' }).expect(403);
    await admin.post(`/v1/messages/${id}/resolve`).send({ action: 'retry', note: 'customer says it never arrived' }).expect(200);
    // Webhooks stay off until the retry is answered, so no late status of the lost send can heal the row first.
    await waitFor(async () => (await message(id!)).state === 'accepted', { what: 'the retry accepted' });
    expect(sendsOf(id!)).toBe(2);
    sb.sim.configure({ webhookUrl: `${sb.url}/webhooks/whatsapp` });
    const history = (await admin.get(`/v1/messages/${id}/history`)).body.data;
    expect(history).toContainEqual(
      expect.objectContaining({ to_state: 'queued', actor: `staff:${adminId}`, actor_name: 'Ada Admin', details: { note: 'customer says it never arrived' } }),
    );
    const resolved = (await queue('kind=stuck_sending&status=resolved')).data.find((w: { id: string }) => w.id === id);
    expect(resolved).toMatchObject({
      actions: [],
      resolution: { action: 'retry', actor: `staff:${adminId}`, actor_name: 'Ada Admin', note: 'customer says it never arrived' },
    });
    await waitFor(async () => (await admin.get(`/v1/messages/${id}/statuses`)).body.data.length > 0, { what: 'the retry’s statuses' });
  });

  it('bulk: a dry run counts, the real run does exactly that many, a changed queue or a too-wide filter is refused', async () => {
    const ids = await stuck(3, 'stuck-bulk');
    const dry = (await admin.post('/v1/work-items/stuck_sending/bulk').send({ action: 'cancel', dry_run: true, purpose: 'order_shipped' }).expect(200)).body;
    expect(dry).toMatchObject({ dry_run: true, count: 3, done: 0 });
    expect([...dry.ids].sort()).toEqual([...ids].sort());
    const wrong = await admin.post('/v1/work-items/stuck_sending/bulk').send({ action: 'cancel', expected: 2, purpose: 'order_shipped' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details[0].field).toBe('expected');
    const done = (
      await admin
        .post('/v1/work-items/stuck_sending/bulk')
        .send({ action: 'cancel', expected: 3, note: 'campaign cancelled', purpose: 'order_shipped' })
        .expect(200)
    ).body;
    expect(done).toMatchObject({ count: 3, done: 3, failed: [] });
    for (const id of ids) expect((await message(id)).state).toBe('cancelled');
    expect((await admin.post('/v1/work-items/unattributed_inbound/bulk').send({ action: 'dismiss' })).status).toBe(400);
    const more = await stuck(5, 'stuck-wide');
    const tooWide = await admin.post('/v1/work-items/stuck_sending/bulk').send({ action: 'cancel', dry_run: true });
    expect(tooWide.status).toBe(400);
    expect(tooWide.body.details[0].message).toMatch(/more than 4 items/);
    await admin.post('/v1/work-items/stuck_sending/bulk').send({ action: 'mark_sent', note: 'seen on the phone' }).expect(400);
    for (const id of more) await admin.post(`/v1/messages/${id}/resolve`).send({ action: 'cancel' }).expect(200);
    sb.sim.configure({ webhookUrl: `${sb.url}/webhooks/whatsapp` });
  });

  it('filters and stable pages: by number, purpose, error code and age, oldest first, no item twice', async () => {
    // Five customers, so the 6-second pacing per user does not stretch the wait.
    const failedIds: string[] = [];
    for (let i = 0; i < 5; i++) {
      sb.sim.customer(`97250999000${i}`, { failWith: 131026 });
      failedIds.push(
        (
          await sb
            .api()
            .post('/v1/messages')
            .send(messageRequest({ dedupe_key: `fail-${i}`, to: `+97250999000${i}`, purpose: i < 3 ? 'order_shipped' : 'promo' }))
            .expect(201)
        ).body.message.id,
      );
    }
    await waitFor(async () => (await queue('kind=failed&error_code=131026')).data.length === 5, { what: 'five failed rows' });
    expect((await queue('kind=failed&purpose=promo')).data).toHaveLength(2);
    expect((await queue(`kind=failed&phone_number_id=${TEST_SECRETS.phoneNumberId}&error_code=131026`)).data).toHaveLength(5);
    expect((await queue('kind=failed&older_than=1d')).data).toHaveLength(0);
    // A chart point's time: what was already waiting then.
    expect((await queue(`kind=failed&error_code=131026&before=${new Date(Date.now() - 3_600_000).toISOString()}`)).data).toHaveLength(0);
    expect((await queue(`kind=failed&error_code=131026&before=${new Date(Date.now() + 1000).toISOString()}`)).data).toHaveLength(5);
    expect((await admin.get('/v1/work-items?kind=failed&before=yesterday')).body.details[0].field).toBe('before');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await queue(`kind=failed&error_code=131026&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.data.map((w: { id: string }) => w.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.length).toBe(5);
    expect(new Set(seen)).toEqual(new Set(failedIds));
    const counts = (await agent.get('/v1/work-items/counts').expect(200)).body;
    expect(counts.failed).toMatchObject({ open: 5, oldest_since: expect.any(String), oldest_age_seconds: expect.any(Number) });
  });

  it('a failed message: resend as a new message under the key shown beforehand, once; dismiss with why', async () => {
    const [item] = (await queue('kind=failed&purpose=order_shipped')).data;
    expect(item.resend_dedupe_key).toBe(`${item.message.dedupe_key}:resend:1`);
    sb.sim.customer(item.message.to.replace('+', ''), { failWith: null });
    const first = await admin.post(`/v1/messages/${item.id}/resend`).send({ note: 'number fixed by the customer' }).expect(201);
    expect(first.body).toMatchObject({
      previous_message_id: item.id,
      deduplicated: false,
      message: { dedupe_key: item.resend_dedupe_key, purpose: 'order_shipped' },
    });
    await waitFor(() => sendsOf(first.body.message.id) === 1, { what: 'the resend' });
    // It left the open queue for the Resolved tab.
    expect((await queue('kind=failed&purpose=order_shipped')).data.map((w: { id: string }) => w.id)).not.toContain(item.id);
    const resolved = (await queue('kind=failed&status=resolved')).data.find((w: { id: string }) => w.id === item.id);
    expect(resolved.resolution).toMatchObject({ action: 'resent', actor_name: 'Ada Admin', note: 'number fixed by the customer' });

    const [another] = (await queue('kind=failed&purpose=promo')).data;
    await admin.post(`/v1/work-items/failed/${another.id}/dismiss`).send({ note: 'promo is over' }).expect(200);
    await admin.post(`/v1/work-items/failed/${another.id}/dismiss`).send({ note: 'again' }).expect(404);
    expect((await queue('kind=failed&status=resolved')).data.find((w: { id: string }) => w.id === another.id).resolution).toMatchObject({
      action: 'dismissed',
      note: 'promo is over',
    });
  });

  it('a held message: released with a template, which goes once; the held row is cancelled', async () => {
    const held = (
      await sb
        .api()
        .post('/v1/messages')
        .send({ dedupe_key: 'held-release', to: '+972507000099', purpose: 'shipping_update', payload: { type: 'text', text: { body: 'On its way' } } })
        .expect(201)
    ).body.message;
    await waitFor(async () => (await message(held.id)).state === 'held', { what: 'held' });
    expect((await queue('kind=held')).data.find((w: { id: string }) => w.id === held.id).actions).toEqual(['release', 'retry', 'cancel']);
    const noTemplate = await admin.post(`/v1/messages/${held.id}/release`).send({ note: 'use the template' });
    expect(noTemplate.status).toBe(400);
    expect(noTemplate.body.details[0].field).toBe('template');
    const released = await admin
      .post(`/v1/messages/${held.id}/release`)
      .send({ template: templatePayload().template, note: 'window closed: template instead' })
      .expect(201);
    await waitFor(() => sendsOf(released.body.message.id) === 1, { what: 'the template' });
    expect((await message(held.id)).state).toBe('cancelled');
    expect(released.body.message.dedupe_key).toBe('held-release:release:1');
  });

  it('poison webhooks: read the stored body and why; replay with a note or dismiss; both show in Resolved', async () => {
    const before = (await queue('kind=poison_webhook')).data.length;
    await postWebhook(sb.url, '{"object":"whatsapp_business_account","entry": [ broken');
    await postWebhook(sb.url, '{"hello":"world"}');
    await waitFor(async () => (await queue('kind=poison_webhook')).data.length === before + 2, { what: 'two poison deliveries' });
    const [one, two] = (await queue('kind=poison_webhook&sort=newest')).data;
    const detail = (await admin.get(`/v1/webhooks/deliveries/${two.id}`).expect(200)).body.delivery;
    expect(detail).toMatchObject({ state: 'poison', body: '{"object":"whatsapp_business_account","entry": [ broken', last_error: { code: 'invalid_json' } });
    await admin
      .post('/v1/webhooks/replay')
      .send({ ids: [one.id], include_poison: true, note: 'parser fixed in 1.4.2' })
      .expect(202);
    await admin.post(`/v1/work-items/poison_webhook/${two.id}/dismiss`).send({ note: 'garbage from a test tool' }).expect(200);
    const resolved = (await queue('kind=poison_webhook&status=resolved')).data;
    expect(resolved.find((w: { id: string }) => w.id === one.id).resolution).toMatchObject({ action: 'replayed', note: 'parser fixed in 1.4.2' });
    expect(resolved.find((w: { id: string }) => w.id === two.id).resolution).toMatchObject({ action: 'dismissed', note: 'garbage from a test tool' });
  });

  it('an unattributed reply: the candidates it may answer, attributed by hand, then in Resolved', async () => {
    const waId = '16505557001';
    await inbound(sb, sb.sim.customer(waId).sendText('hello'));
    const ask = async (key: string, text: string) =>
      (
        await sb
          .api()
          .post('/v1/messages')
          .send({
            dedupe_key: key,
            to: `+${waId}`,
            purpose: 'survey',
            payload: {
              type: 'interactive',
              interactive: { type: 'button', body: { text }, action: { buttons: [{ type: 'reply', reply: { id: 'y', title: 'Yes' } }] } },
            },
          })
          .expect(201)
      ).body.message.id as string;
    const q1 = await ask('ask-1', 'Was the parcel on time?');
    await waitFor(async () => (await message(q1)).wamid !== null, { what: 'q1 sent' });
    const q2 = await ask('ask-2', 'Was the driver friendly?');
    await waitFor(async () => (await message(q2)).wamid !== null, { what: 'q2 sent', timeoutMs: 30_000 });
    const reply = await inbound(sb, sb.sim.customer(waId).sendText('yes'));
    await waitFor(async () => (await queue('kind=unattributed_inbound')).data.some((w: { id: string }) => w.id === reply.id), {
      what: 'the reply unattributed',
    });
    const candidates = (await agent.get(`/v1/inbound/${reply.id}/candidates`).expect(200)).body.data;
    expect(candidates.map((m: { id: string }) => m.id).slice(0, 2)).toEqual([q2, q1]);
    await admin.post(`/v1/inbound/${reply.id}/attribute`).send({ message_id: q1, note: 'she answered the first question' }).expect(200);
    const resolved = (await queue('kind=unattributed_inbound&status=resolved')).data.find((w: { id: string }) => w.id === reply.id);
    expect(resolved.resolution).toMatchObject({ action: 'attribute', actor_name: 'Ada Admin', note: 'she answered the first question' });
  });

  it('a number paused by hand holds its queue until resumed; both audited', async () => {
    const number = TEST_SECRETS.phoneNumberId;
    await agent.post(`/v1/numbers/${number}/pause`).send({ note: 'x' }).expect(403);
    expect((await admin.post(`/v1/numbers/${number}/pause`).send({ note: 'complaint about the campaign' }).expect(200)).body).toEqual({ paused: true });
    const waiting = (
      await sb
        .api()
        .post('/v1/messages')
        .send(messageRequest({ dedupe_key: 'during-pause', to: '+972501234599' }))
        .expect(201)
    ).body.message.id;
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect((await message(waiting)).waiting).toMatchObject({ reason: 'paused' });
    expect(sendsOf(waiting)).toBe(0);
    await admin.post(`/v1/numbers/${number}/resume`).send({ note: 'campaign reviewed' }).expect(200);
    await waitFor(() => sendsOf(waiting) === 1, { what: 'the paused message sent after resuming' });
    const trail = await sb.dataSource.query(
      `SELECT action, actor, details->>'note' AS note FROM audit_events WHERE subject_type = 'business_number' ORDER BY at`,
    );
    expect(trail).toEqual([
      { action: 'number.paused', actor: `staff:${adminId}`, note: 'complaint about the campaign' },
      { action: 'number.resumed', actor: `staff:${adminId}`, note: 'campaign reviewed' },
    ]);
  });
});
