import parsePrometheusTextFormat, { type PromFamily } from 'parse-prometheus-text-format';
import request from 'supertest';
import { marketingPayload } from '../conversations/marketing-support.js';
import { startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';
import { allProcessed, envelope, postWebhook } from '../webhooks/webhook-support.js';

const A = TEST_SECRETS.phoneNumberId;
const B = '106540352242950';
const CAMPAIGN = 'diwali / 2026';
// Utility has a price for Israel only: a utility message elsewhere is billable but unrated.
const RATES = '{"currency":"USD","rates":{"marketing":{"default":0.025,"IN":0.0107,"BR":0.0625},"utility":{"IL":0.004},"authentication":{"default":0.0135}}}';

const IN = ['+919876543210', '+919876543211', '+919876543212', '+919876543213'];
const BR = ['+5511987654321', '+5511987654322'];
const IL = ['+972503000101', '+972503000102', '+972503000103'];
/** Customers who write first: their window is open, so a text and a utility template to them are free. */
const WRITERS = ['972503000201', '972503000202'];
const IN_B = '+919876543299';

/**
 * Meta's pricing counted on the real stack: the simulator prices each status as Meta does (templates
 * billable by category, utility free inside the customer's window, free-form messages free service),
 * and Sendbook counts each message once, under its category, number, country and campaign: in
 * GET /v1/metrics, in Prometheus, on the campaign, with the spend PRICING_RATES estimates.
 */
describe('pricing: billable messages by category, number, campaign and day, and the estimated spend', () => {
  let sb: Sendbook;
  let sendKey: string;
  const messageIds = new Map<string, string>();
  beforeAll(async () => {
    sb = await startSendbook({
      sim: {
        phoneNumbers: [
          { id: A, displayPhoneNumber: '15550783881', wabaId: TEST_SECRETS.businessAccountId, mps: 80 },
          { id: B, displayPhoneNumber: '15550783950', wabaId: TEST_SECRETS.businessAccountId, mps: 80 },
        ],
        // No read receipts: the test sends the one status that changes a message's pricing itself.
        statusDelaysMs: { sent: 10, delivered: 30, read: null },
      },
      app: { env: { PRICING_RATES: RATES } },
    });
  });
  afterAll(() => sb.close());

  const send = async (body: Record<string, unknown>, key?: string) => {
    const req = key ? request(sb.url).post('/v1/messages').set('Authorization', `Bearer ${key}`) : sb.api().post('/v1/messages');
    const id = (await req.send(body).expect(201)).body.message.id as string;
    messageIds.set(body.dedupe_key as string, id);
    return id;
  };
  const metrics = async () => (await sb.api().get('/v1/metrics').expect(200)).body;
  const campaign = async (key?: string) => {
    const path = `/v1/campaigns/${encodeURIComponent(CAMPAIGN)}`;
    const req = key ? request(sb.url).get(path).set('Authorization', `Bearer ${key}`) : sb.api().get(path);
    return (await req.expect(200)).body.campaign;
  };

  it('template and free-form messages on a campaign and off it: each counted once, where it belongs', async () => {
    sendKey = (
      await sb
        .api()
        .post('/v1/api-keys')
        .send({ name: 'shop', scopes: ['send'] })
        .expect(201)
    ).body.key;
    // Two customers write first, so their window is open when we answer.
    for (const waId of WRITERS) sb.sim.customer(waId).sendText('Is the sale on?');
    await waitFor(async () => (await sb.dataSource.query(`SELECT 1 FROM inbound_messages WHERE from_wa_id = ANY($1)`, [WRITERS])).length === 2, {
      what: 'the customers’ messages stored',
    });

    const ids: string[] = [];
    const on = { campaign: CAMPAIGN };
    // Number A, on the campaign: marketing to India (3, and 1 by the shop's send-only key) and Brazil (2), utility outside the window to Israel (2).
    for (const [i, to] of IN.slice(0, 3).entries())
      ids.push(await send({ dedupe_key: `in-${i}`, to, purpose: 'diwali', payload: marketingPayload('20%'), ...on }));
    ids.push(await send({ dedupe_key: 'in-shop', to: IN[3], purpose: 'diwali', payload: marketingPayload('20%'), ...on }, sendKey));
    for (const [i, to] of BR.entries()) ids.push(await send({ dedupe_key: `br-${i}`, to, purpose: 'diwali', payload: marketingPayload('20%'), ...on }));
    for (const [i, to] of IL.slice(0, 2).entries())
      ids.push(await send({ dedupe_key: `il-${i}`, to, purpose: 'order_shipped', payload: templatePayload(), ...on }));
    // Inside the window: free-form text (free service) and a utility template (free utility).
    ids.push(
      await send({ dedupe_key: 'text-0', to: `+${WRITERS[0]}`, purpose: 'answer', payload: { type: 'text', text: { body: 'Yes, until Sunday' } }, ...on }),
    );
    ids.push(await send({ dedupe_key: 'utility-in-window', to: `+${WRITERS[1]}`, purpose: 'order_shipped', payload: templatePayload(), ...on }));
    // Number B, on no campaign: marketing to Israel (the default price), utility to India (billable, no price for India).
    ids.push(await send({ dedupe_key: 'b-il', to: IL[2], purpose: 'diwali', payload: marketingPayload('20%'), phone_number_id: B }));
    ids.push(await send({ dedupe_key: 'b-in', to: IN_B, purpose: 'order_shipped', payload: templatePayload(), phone_number_id: B }));

    await waitFor(
      async () =>
        (await sb.dataSource.query(`SELECT 1 FROM outbound_messages WHERE id = ANY($1) AND delivered_at IS NOT NULL`, [ids])).length === ids.length &&
        (await allProcessed(sb.dataSource)),
      { what: 'every message delivered and its statuses applied', timeoutMs: 30_000 },
    );
    // The simulator priced them as Meta would.
    const pricing = async (key: string) =>
      (
        await sb
          .api()
          .get(`/v1/messages/${messageIds.get(key)}`)
          .expect(200)
      ).body.message.pricing;
    expect(await pricing('in-0')).toEqual({ billable: true, pricing_model: 'PMP', category: 'marketing', type: 'regular' });
    expect(await pricing('text-0')).toEqual({ billable: false, pricing_model: 'PMP', category: 'service', type: 'free_customer_service' });
    expect(await pricing('utility-in-window')).toEqual({ billable: false, pricing_model: 'PMP', category: 'utility', type: 'free_customer_service' });

    const m = (await metrics()).pricing;
    expect(m).toMatchObject({
      billable: 10,
      free: 2,
      by_category: { marketing: { billable: 7, free: 0 }, utility: { billable: 3, free: 1 }, service: { billable: 0, free: 1 } },
      by_number: {
        [A]: {
          billable: 8,
          free: 2,
          by_category: { marketing: { billable: 6, free: 0 }, utility: { billable: 2, free: 1 }, service: { billable: 0, free: 1 } },
        },
        [B]: { billable: 2, free: 0, by_category: { marketing: { billable: 1, free: 0 }, utility: { billable: 1, free: 0 } } },
      },
      // Messages on no campaign are in the totals only.
      by_campaign: { [CAMPAIGN]: { billable: 8, free: 2 } },
      by_country: {
        IN: { billable: 5, free: 0, by_category: { marketing: { billable: 4, free: 0 }, utility: { billable: 1, free: 0 } } },
        BR: { billable: 2, free: 0 },
        IL: { billable: 3, free: 2 },
      },
    });
    expect(Object.keys(m.by_number)).toEqual([A, B]);
    expect(Object.keys(m.by_campaign)).toEqual([CAMPAIGN]);
    // Each UTC day of the range (the last hour: one day, or two around midnight), adding up to the totals.
    expect(m.by_day.map((d: { day: string }) => d.day).at(-1)).toBe(new Date().toISOString().slice(0, 10));
    expect(m.by_day.reduce((n: number, d: { billable: number }) => n + d.billable, 0)).toBe(10);
    expect(m.by_day.reduce((n: number, d: { free: number }) => n + d.free, 0)).toBe(2);
    // marketing: 4 × 0.0107 (IN) + 2 × 0.0625 (BR) + 1 × 0.025 (IL, the default) = 0.1928; utility: 2 × 0.004 (IL) = 0.008, and India unrated.
    expect(m.estimated_spend).toEqual({
      currency: 'USD',
      total: 0.2008,
      by_category: { marketing: 0.1928, utility: 0.008 },
      by_number: { [A]: 0.1758, [B]: 0.025 },
      unrated_messages: 1,
    });

    // Prometheus: billable per category and number, never a campaign or a country.
    const text = (await sb.api().get('/metrics').expect(200)).text;
    const family = parsePrometheusTextFormat(text).find((f: PromFamily) => f.name === 'sendbook_billable_messages_total');
    expect(family?.type).toBe('COUNTER');
    const samples = Object.fromEntries(family!.metrics.map((s) => [`${s.labels?.category}@${s.labels?.phone_number_id}`, Number(s.value)]));
    expect(samples).toEqual({ [`marketing@${A}`]: 6, [`utility@${A}`]: 2, [`marketing@${B}`]: 1, [`utility@${B}`]: 1 });
    expect(text).not.toMatch(/diwali|campaign=|country=/);

    // The campaign: its own messages, with the estimate; the shop's key sees the one it enqueued.
    expect((await campaign()).pricing).toEqual({
      billable: 8,
      free: 2,
      by_category: { marketing: { billable: 6, free: 0 }, utility: { billable: 2, free: 1 }, service: { billable: 0, free: 1 } },
      estimated_spend: { currency: 'USD', total: 0.1758, by_category: { marketing: 0.1678, utility: 0.008 }, by_number: { [A]: 0.1758 }, unrated_messages: 0 },
    });
    expect((await campaign(sendKey)).pricing).toEqual({
      billable: 1,
      free: 0,
      by_category: { marketing: { billable: 1, free: 0 } },
      estimated_spend: { currency: 'USD', total: 0.0107, by_category: { marketing: 0.0107 }, by_number: { [A]: 0.0107 }, unrated_messages: 0 },
    });
  });

  it('a later status with other pricing: the message shows the latest, the counts keep the first (they only grow)', async () => {
    const id = messageIds.get('in-0')!;
    const wamid = (await sb.api().get(`/v1/messages/${id}`).expect(200)).body.message.wamid as string;
    const before = (await metrics()).pricing;
    const read = {
      id: wamid,
      status: 'read',
      timestamp: String(Math.floor(Date.now() / 1000)),
      recipient_id: IN[0]!.slice(1),
      pricing: { billable: false, pricing_model: 'PMP', type: 'free_customer_service', category: 'service' },
    };
    expect((await postWebhook(sb.url, envelope({ statuses: [read] }))).status).toBe(200);
    await waitFor(async () => (await sb.api().get(`/v1/messages/${id}`).expect(200)).body.message.state === 'read', { what: 'the read status applied' });
    expect((await sb.api().get(`/v1/messages/${id}`).expect(200)).body.message.pricing).toEqual({
      billable: false,
      pricing_model: 'PMP',
      category: 'service',
      type: 'free_customer_service',
    });
    const after = (await metrics()).pricing;
    expect(after).toEqual({ ...before, by_day: after.by_day });
    expect(after.by_day.reduce((n: number, d: { billable: number }) => n + d.billable, 0)).toBe(before.billable);
  });

  it('without a rate card, and before anything was priced: zeros and no estimate', async () => {
    const plain = await startSendbook({ app: { env: {} } });
    try {
      const m = (await plain.api().get('/v1/metrics').expect(200)).body.pricing;
      expect(m).toEqual({
        billable: 0,
        free: 0,
        by_category: {},
        by_number: {},
        by_campaign: {},
        by_country: {},
        by_day: expect.any(Array),
        estimated_spend: null,
      });
    } finally {
      await plain.close();
    }
  });
});
