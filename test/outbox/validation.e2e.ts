import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';

describe('bad input gets a clear error and stores nothing', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook();
  });
  afterAll(() => sb.close());

  async function expectRefused(body: unknown, field: string, status = 400) {
    const res = await sb
      .api()
      .post('/v1/messages')
      .send(body as object)
      .expect(status);
    expect(res.body.error).toBe(status === 413 ? 'payload_too_large' : 'validation_failed');
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await storedRows()).toBe(0);
  }

  async function storedRows(): Promise<number> {
    return (await sb.dataSource.query('SELECT count(*)::int AS n FROM outbound_messages'))[0].n;
  }

  it('missing dedupe_key', () => {
    const { dedupe_key: _omitted, ...body } = messageRequest();
    return expectRefused(body, 'dedupe_key');
  });

  it('a `to` that is not a phone number', () => expectRefused(messageRequest({ to: 'call me maybe' }), 'to'));

  it('an unknown payload type', () => expectRefused(messageRequest({ payload: { type: 'hologram', hologram: {} } }), 'payload.type'));

  it('a text body longer than WhatsApp allows', () =>
    expectRefused(messageRequest({ payload: { type: 'text', text: { body: 'x'.repeat(5000) } } }), 'payload.text.body'));

  it('a request body over the size limit', () =>
    expectRefused(messageRequest({ trigger_ref: 'x', payload: { type: 'text', text: { body: 'x'.repeat(300_000) } } }), 'body', 413));

  it('unknown fields, and a not_before that is not a date', async () => {
    const res = await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ colour: 'blue', not_before: 'tomorrow' }))
      .expect(400);
    expect(res.body.details.map((d: { field: string }) => d.field).sort()).toEqual(['colour', 'not_before']);
    expect(await storedRows()).toBe(0);
  });

  it('401 without a valid API key', async () => {
    const { default: request } = await import('supertest');
    const res = await request(sb.url).post('/v1/messages').send(messageRequest()).expect(401);
    expect(res.body).toEqual({ error: 'unauthorized', message: expect.stringMatching(/API key/) });
    await request(sb.url).get('/v1/messages').set('Authorization', 'Bearer sk_wrong_0123456789abcdef').expect(401);
    expect(await storedRows()).toBe(0);
  });
});
