import request from 'supertest';
import { Redis } from 'ioredis';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { testInfra } from '../support/test-infra.js';
import { waitFor } from '../support/wait-for.js';
import { connectSse, type SseClient } from './sse-client.js';

describe('GET /v1/events: live inbox events over SSE, resumable with Last-Event-ID', () => {
  let sb: Sendbook;
  const clients: SseClient[] = [];
  const connect = async (...args: Parameters<typeof connectSse>) => {
    const client = await connectSse(...args);
    clients.push(client);
    return client;
  };
  beforeAll(async () => {
    sb = await startSendbook({ sim: { pairBurst: 20 } });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await sb.close();
  });

  it('refuses a client without a valid API key', async () => {
    await request(sb.url).get('/v1/events').expect(401);
    const client = await connect(sb.url, { apiKey: 'sk_wrong' });
    expect(client.status).toBe(401);
  });

  it('streams inbound.created when a customer writes, and message.status as a message is accepted and delivered', async () => {
    const client = await connect(sb.url);
    expect(client.status).toBe(200);
    expect(client.contentType).toMatch(/^text\/event-stream/);
    await waitFor(() => client.comments.includes('connected'));

    const waId = '16505550301';
    const wamid = sb.sim.customer(waId).sendText('hello, where is my order?');
    const inbound = await client.waitFor((e) => e.event === 'inbound.created' && e.data.wamid === wamid, 'inbound.created');
    expect(inbound.id).toMatch(/^\d+-\d+$/);
    const row = (
      await sb.dataSource.query(
        `SELECT conversation_id FROM inbound_attributions a JOIN inbound_messages i ON i.id = a.inbound_message_id WHERE i.wamid = $1`,
        [wamid],
      )
    )[0];
    // What an inbox needs to decide whether to tell its agent: the thread, its assignee, the direction.
    expect(inbound.data).toMatchObject({
      conversation_id: row.conversation_id,
      attribution: 'conversation',
      type: 'text',
      direction: 'inbound',
      assignee: null,
    });

    const sent = await sb
      .api()
      .post('/v1/messages')
      .send({ dedupe_key: 'sse-1', to: `+${waId}`, purpose: 'agent_reply', payload: { type: 'text', text: { body: 'Friday!' } } })
      .expect(201);
    const id = sent.body.message.id as string;
    const accepted = await client.waitFor((e) => e.event === 'message.status' && e.data.message_id === id && e.data.state === 'accepted', 'accepted');
    expect(accepted.data).toMatchObject({ source: 'sender' });
    expect(typeof accepted.data.wamid).toBe('string');
    // Delivered (or read, when the read receipt overtook the delivery receipt and won the rank merge).
    await client.waitFor((e) => e.event === 'message.status' && e.data.message_id === id && ['delivered', 'read'].includes(String(e.data.state)), 'delivered');
  });

  it('a client reconnecting with Last-Event-ID gets exactly the events after that id: none twice, none lost', async () => {
    const steady = await connect(sb.url);
    await waitFor(() => steady.comments.includes('connected'));
    const waId = '16505550302';
    const first = sb.sim.customer(waId).sendText('one');
    const mark = await steady.waitFor((e) => e.event === 'inbound.created' && e.data.wamid === first);

    // A client that saw up to `mark`, then dropped; more happens while it is away.
    const later = [sb.sim.customer(waId).sendText('two'), sb.sim.customer('16505550303').sendText('three')];
    await sb
      .api()
      .post('/v1/messages')
      .send({ dedupe_key: 'sse-2', to: `+${waId}`, purpose: 'agent_reply', payload: { type: 'text', text: { body: 'ok' } } })
      .expect(201);
    for (const w of later) await steady.waitFor((e) => e.event === 'inbound.created' && e.data.wamid === w);

    const resumed = await connect(sb.url, { lastEventId: mark.id! });
    const last = sb.sim.customer(waId).sendText('four');
    await steady.waitFor((e) => e.data.wamid === last);
    await resumed.waitFor((e) => e.data.wamid === last, 'the resumed client catches up');
    // Let anything in flight (statuses of the reply) settle, then compare.
    await new Promise((r) => setTimeout(r, 1_000));
    await waitFor(() => resumed.events.length >= steady.events.length - steady.events.indexOf(mark) - 1);

    const expected = steady.events.slice(steady.events.indexOf(mark) + 1).map((e) => e.id);
    const got = resumed.events.map((e) => e.id);
    expect(new Set(got).size).toBe(got.length);
    expect(got.slice(0, expected.length)).toEqual(expected);
    expect(got).not.toContain(mark.id);
    expect(resumed.events.map((e) => e.event)).not.toContain('reset');
    // The ids are the stream's own, in its order.
    const redis = new Redis(testInfra().redisUrl);
    const stream = (await redis.xrange(`${sb.config.redisPrefix}:events`, '-', '+')).map(([id]) => id);
    redis.disconnect();
    expect(stream.slice(stream.indexOf(mark.id!) + 1, stream.indexOf(mark.id!) + 1 + expected.length)).toEqual(expected);
  });

  it('an id older than the stream keeps (or not an id at all) gets a reset event, then live events', async () => {
    for (const lastEventId of ['0-1', 'not-an-id']) {
      const client = await connect(sb.url, { lastEventId });
      const reset = await client.waitFor((e) => e.event === 'reset');
      expect(reset.data.reason).toBe(lastEventId === '0-1' ? 'trimmed' : 'unknown_id');
      const wamid = sb.sim.customer('16505550304').sendText(`after reset ${lastEventId}`);
      await client.waitFor((e) => e.event === 'inbound.created' && e.data.wamid === wamid);
      client.close();
    }
  });
});
