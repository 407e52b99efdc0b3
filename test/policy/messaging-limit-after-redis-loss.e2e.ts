import { startPrivateRedis, type PrivateRedis } from '../support/private-redis.mjs';
import { startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';

const user = (n: number) => `97250410${String(n).padStart(4, '0')}`;

// Found by `npm run chaos`: the window of users reached today lived only in Redis, so after Redis
// came back empty every one of them looked new, and a whole limit's worth more were reached.
describe('messaging limit: Redis restarted empty still knows the users reached today', () => {
  let redis: PrivateRedis;
  let sb: Sendbook;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    sb = await startSendbook({
      sim: { pairIntervalMs: 0 },
      app: {
        redisUrl: redis.url,
        env: { MESSAGING_LIMIT: '3', PAIR_INTERVAL_MS: '1', PAIR_MARGIN_MS: '0', SWEEP_INTERVAL_MS: '200', PROMOTE_OVERDUE_AFTER_MS: '200' },
      },
    });
  });
  afterAll(async () => {
    await sb.close();
    await redis.stop();
  });

  const send = (key: string, waId: string) =>
    sb
      .api()
      .post('/v1/messages')
      .send({ dedupe_key: key, to: `+${waId}`, purpose: 'order_update', payload: templatePayload() })
      .expect(201)
      .then((r) => r.body.message);
  const get = async (id: string) => (await sb.api().get(`/v1/messages/${id}`).expect(200)).body.message;
  const usersInWindow = async () =>
    (await sb.api().get('/v1/numbers').expect(200)).body.data.find((n: { phone_number_id: string }) => n.phone_number_id === sb.config.whatsapp.phoneNumberId)
      .messaging_limit.users_in_window;

  it('rebuilds the window from the sent rows: the limit holds, a customer inside their window is not counted', async () => {
    // A customer who wrote first: a message to them is inside their window and takes no slot.
    const talking = user(99);
    sb.sim.customer(talking).sendText('hi, is my order on its way?');
    await waitFor(async () => (await sb.api().get(`/v1/inbound?limit=5`).expect(200)).body.data.length === 1, { what: 'the inbound message' });
    const answer = await send('after-loss-answer', talking);
    const counted = await Promise.all([0, 1, 2].map((n) => send(`after-loss-${n}`, user(n))));
    await waitFor(() => sb.sim.ledger().length === 4, { what: '4 first messages' });
    expect(await usersInWindow()).toBe(3);

    await redis.stop();
    await redis.restart();

    // A user reached today again: no new slot, it goes (and shows Redis is back for the app).
    const again = await send('after-loss-0-again', user(0));
    await waitFor(() => sb.sim.ledger({ bizOpaqueCallbackData: again.id }).length === 1, { timeoutMs: 30_000, what: 'the repeat to a counted user' });
    const newcomer = await send('after-loss-newcomer', user(3));
    await waitFor(async () => (await get(newcomer.id)).last_error?.code === 'messaging_limit', { what: 'the newcomer to wait for a slot' });
    expect(sb.sim.ledger({ bizOpaqueCallbackData: newcomer.id })).toEqual([]);
    expect(await usersInWindow()).toBe(3);
    expect(
      sb.sim
        .ledger()
        .map((e) => e.bizOpaqueCallbackData)
        .sort(),
    ).toEqual([answer.id, ...counted.map((m: { id: string }) => m.id), again.id].sort());
  });
});
