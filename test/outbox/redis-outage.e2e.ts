import request from 'supertest';
import { startPrivateRedis, type PrivateRedis } from '../support/private-redis.mjs';
import { messageRequest, startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';

/** The job add waits at most 250 ms; the rest is the INSERT and HTTP on a busy two-core machine. */
const ANSWER_WITHIN_MS = 2_500;

describe('Redis away: the API still answers 201 once the row is committed, and the row goes once when Redis is back', () => {
  let redis: PrivateRedis;
  let sb: Sendbook;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    sb = await startSendbook({ app: { redisUrl: redis.url, env: { SWEEP_INTERVAL_MS: '500', MESSAGING_LIMIT: 'unlimited' } } });
  });
  afterAll(async () => {
    redis.resume();
    await sb.close();
    await redis.stop();
  });

  async function enqueueTimed(prefix: string, n: number): Promise<string[]> {
    return Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const started = Date.now();
        const res = await sb
          .api()
          .post('/v1/messages')
          .send(messageRequest({ dedupe_key: `${prefix}-${i}`, to: `+97250300${String(1000 + i)}` }))
          .timeout(10_000);
        expect({ status: res.status, slow: Date.now() - started > ANSWER_WITHIN_MS }).toEqual({ status: 201, slow: false });
        return res.body.message.id as string;
      }),
    );
  }

  async function expectSentOnce(ids: readonly string[]): Promise<void> {
    await waitFor(() => ids.every((id) => (sb.sim.ledgerCountByCallbackData()[id] ?? 0) > 0), { timeoutMs: 30_000, what: `${ids.length} sends` });
    // Long enough for a second sweep and a second job to have sent anything twice.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const perRow = sb.sim.ledgerCountByCallbackData();
    expect(ids.map((id) => perRow[id])).toEqual(ids.map(() => 1));
  }

  it('stopped: 201 in bounded time (messages and an agent reply); /readyz names Redis without the driver error; sent exactly once after a restart', async () => {
    const conversation = (await sb.api().post('/v1/conversations').send({ to: '+972503009999' }).expect(200)).body.conversation as { id: string };
    await redis.stop();
    const ids = await enqueueTimed('stopped', 5);
    const started = Date.now();
    const reply = await sb
      .api()
      .post(`/v1/conversations/${conversation.id}/replies`)
      .send({ template: templatePayload().template, client_request_id: 'outage-1' })
      .timeout(10_000);
    expect({ status: reply.status, slow: Date.now() - started > ANSWER_WITHIN_MS }).toEqual({ status: 201, slow: false });
    ids.push(reply.body.message.id as string);

    const ready = await request(sb.url).get('/readyz').timeout(5_000).expect(503);
    expect(ready.body).toMatchObject({ status: 'not_ready', database: { ok: true }, redis: { ok: false, error: 'unreachable' } });

    await redis.restart();
    await expectSentOnce(ids);
  });

  it('stalled (SIGSTOP): 201 in bounded time, nothing waits on Redis; sent exactly once after SIGCONT', async () => {
    redis.stall();
    const ids = await enqueueTimed('stalled', 5);

    const started = Date.now();
    const ready = await request(sb.url).get('/readyz').timeout(5_000).expect(503);
    expect(Date.now() - started).toBeLessThan(3_000);
    // Said nothing (`timeout`), or, when its client was reconnecting as the stall began, could not
    // connect (`unreachable`): either way a word, never the driver's message.
    expect(ready.body).toMatchObject({
      status: 'not_ready',
      database: { ok: true },
      redis: { ok: false, error: expect.stringMatching(/^(timeout|unreachable)$/) },
    });

    redis.resume();
    await expectSentOnce(ids);
  });
});
