import request from 'supertest';
import { startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';

const waId = (n: number) => `97250300${String(n).padStart(4, '0')}`;

describe('campaigns: a batch tagged `campaign`, counted by state, failures by code, replies', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook();
  });
  afterAll(() => sb.close());

  const item = (n: number, campaign?: string) => ({
    dedupe_key: `campaign-test-${n}`,
    to: `+${waId(n)}`,
    purpose: 'spring_sale',
    payload: templatePayload(String(n)),
    ...(campaign ? { campaign } : {}),
  });
  const campaign = async (name: string) =>
    (
      await sb
        .api()
        .get(`/v1/campaigns/${encodeURIComponent(name)}`)
        .expect(200)
    ).body.campaign;

  it('counts what became of a campaign’s messages and what customers answered', async () => {
    // Two customers whose phones refuse the message (Meta's 131026, undeliverable).
    sb.sim.customer(waId(5), { failWith: 131026 });
    sb.sim.customer(waId(6), { failWith: 131026 });
    const sale = [1, 2, 3, 4, 5, 6].map((n) => item(n, 'spring sale / 2026'));
    const res = await sb
      .api()
      .post('/v1/messages/batch')
      .send({ messages: [...sale, item(7, 'restock'), item(8)] })
      .expect(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(Array(8).fill('created'));
    const ids = res.body.results.map((r: { message: { id: string } }) => r.message.id) as string[];

    await waitFor(() => sb.sim.acceptedMessages().length === 8, { what: 'eight sends' });
    const wamidOf = (i: number) => sb.sim.acceptedMessages().find((m) => m.bizOpaqueCallbackData === ids[i])!.wamid;
    // Two tap Confirm, one writes back in words (quoting the message), one only reacts: a reaction is no reply.
    sb.sim.customer(waId(1)).replyButton(wamidOf(0), 'confirm', 'Confirm');
    sb.sim.customer(waId(2)).replyButton(wamidOf(1), 'confirm', 'Confirm');
    sb.sim.customer(waId(3)).sendText('Is the blue one in stock?', { contextWamid: wamidOf(2) });
    sb.sim.customer(waId(4)).react(wamidOf(3), '👍');
    await sb.sim.flushWebhooks();

    await waitFor(async () => (await campaign('spring sale / 2026')).replies.count === 3 && (await campaign('spring sale / 2026')).by_state.failed === 2, {
      what: 'the replies and failures counted',
    });
    const view = await campaign('spring sale / 2026');
    expect(view).toMatchObject({
      campaign: 'spring sale / 2026',
      messages: 6,
      failures: [{ code: 131026, title: expect.any(String), count: 2 }],
      replies: { count: 3, messages_replied: 3, choices: [{ title: 'Confirm', count: 2 }] },
    });
    const states = view.by_state as Record<string, number>;
    expect(Object.values(states).reduce((a, b) => a + b, 0)).toBe(6);
    expect(states.failed).toBe(2);
    expect(Object.keys(states)).toEqual(expect.arrayContaining(['queued', 'sending', 'sent', 'delivered', 'read', 'failed', 'held', 'cancelled']));

    // The list: both tags, the latest first (the same batch, so by name among equals), the untagged message in neither.
    const list = await sb.api().get('/v1/campaigns').expect(200);
    expect(list.body.data.map((c: { campaign: string; messages: number }) => [c.campaign, c.messages])).toEqual([
      ['spring sale / 2026', 6],
      ['restock', 1],
    ]);
    const first = await sb.api().get('/v1/campaigns?limit=1').expect(200);
    expect(first.body.data).toHaveLength(1);
    const second = await sb.api().get(`/v1/campaigns?limit=1&cursor=${first.body.next_cursor}`).expect(200);
    expect(second.body.data.map((c: { campaign: string }) => c.campaign)).toEqual(['restock']);
    await sb.api().get('/v1/campaigns?cursor=nonsense').expect(400);

    await sb.api().get('/v1/campaigns/no-such-campaign').expect(404);
  });

  it('a send-only key sees only the campaigns of messages it enqueued', async () => {
    const { key } = (
      await sb
        .api()
        .post('/v1/api-keys')
        .send({ name: 'shop', scopes: ['send'] })
        .expect(201)
    ).body;
    const shop = (path: string) => request(sb.url).get(path).set('Authorization', `Bearer ${key}`);
    expect((await shop('/v1/campaigns').expect(200)).body.data).toEqual([]);
    await shop('/v1/campaigns/restock').expect(404);

    await request(sb.url)
      .post('/v1/messages/batch')
      .set('Authorization', `Bearer ${key}`)
      .send({ messages: [item(9, 'restock')] })
      .expect(200);
    expect((await shop('/v1/campaigns').expect(200)).body.data.map((c: { campaign: string; messages: number }) => [c.campaign, c.messages])).toEqual([
      ['restock', 1],
    ]);
    expect((await shop('/v1/campaigns/restock').expect(200)).body.campaign.messages).toBe(1);
    expect((await campaign('restock')).messages).toBe(2);
  });
});
