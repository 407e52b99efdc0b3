import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { adminCalls, Receiver } from './receiver.js';

describe('event endpoints on private addresses, with EVENT_ENDPOINTS_ALLOW_PRIVATE unset', () => {
  let sb: Sendbook;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await Receiver.start();
    sb = await startSendbook({ app: { env: { EVENT_DELIVERY_POLL_MS: '100' } } });
  });
  afterAll(async () => {
    await sb?.close();
    await receiver?.close();
  });

  it.each([
    ['http://127.0.0.1:8080/hooks', /127\.0\.0\.1.*loopback/],
    ['http://[::1]:8080/hooks', /loopback/],
    ['http://[::ffff:10.0.0.1]/hooks', /private/],
    ['https://10.1.2.3/hooks', /private/],
    ['https://192.168.0.10/hooks', /private/],
    ['http://169.254.169.254/latest/meta-data', /link-local/],
    ['http://0.0.0.0:3001/', /unspecified/],
    ['http://localhost:3001/', /localhost resolves to .*loopback/],
    ['ftp://8.8.8.8/', /http or https/],
    ['http://8.8.8.8/hooks', /must be https on a public address/],
  ])('refuses %s at registration, naming the url', async (url, why) => {
    const res = await sb
      .api()
      .post('/v1/event-endpoints')
      .send({ url, events: ['message.state_changed'] })
      .expect(400);
    expect(res.body.details).toEqual([{ field: 'url', message: expect.stringMatching(why) }]);
  });

  it('names the field of bad event types, and stores nothing', async () => {
    const res = await sb
      .api()
      .post('/v1/event-endpoints')
      .send({ url: 'https://8.8.8.8/hooks', events: ['message.sent'] })
      .expect(400);
    expect(JSON.stringify(res.body)).toContain('events');
    expect((await sb.api().get('/v1/event-endpoints').expect(200)).body.data).toEqual([]);
  });

  it('accepts a public address', async () => {
    const res = await sb
      .api()
      .post('/v1/event-endpoints')
      .send({ url: 'https://8.8.8.8/hooks', events: ['work_item.opened'] })
      .expect(201);
    expect(res.body.endpoint).toMatchObject({ url: 'https://8.8.8.8/hooks', enabled: true });
    await adminCalls(sb).delete(`/v1/event-endpoints/${res.body.endpoint.id}`).expect(204);
  });

  it('refuses again at delivery: a name that resolves to a private address is never connected to', async () => {
    // As if the name had resolved to a public address at registration and to loopback now.
    const port = new URL(receiver.url).port;
    const [endpoint] = await sb.dataSource.query(
      `INSERT INTO event_endpoints (url, events, secret) VALUES ($1, ARRAY['message.state_changed'], 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw') RETURNING id`,
      [`http://localhost:${port}/sendbook-events`],
    );
    await sb
      .api()
      .post('/v1/messages')
      .send({ dedupe_key: 'to-a-private-endpoint', to: '+16505550501', purpose: 'order_update', payload: { type: 'text', text: { body: 'hi' } } })
      .expect(201);
    let attempts: { status_code: number | null; error: string }[] = [];
    await waitFor(
      async () => {
        const data = (await sb.api().get(`/v1/event-endpoints/${endpoint.id}/deliveries`).expect(200)).body.data as { recent_attempts: typeof attempts }[];
        attempts = data.flatMap((d) => d.recent_attempts);
        return attempts.length > 0;
      },
      { what: 'a refused attempt' },
    );
    expect(attempts[0]).toMatchObject({ status_code: null, error: expect.stringMatching(/^refused: localhost resolves to (127\.0\.0\.1|::1).*loopback/) });
    expect(receiver.received).toEqual([]);
  });
});
