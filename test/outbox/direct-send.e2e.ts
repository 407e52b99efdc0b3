import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';

/**
 * Direct Send (Meta's 2026 beta): a utility or authentication message without a template of its
 * own. Business-initiated like a template, so it goes to a customer who never wrote (no window);
 * what is left of its `expires_at` goes to Meta as `ttl_seconds`; Meta's refusals are classified.
 */
describe('Direct Send: utility messages without a template', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook();
  });
  afterAll(() => sb?.close());

  const get = async (id: string) => (await sb.api().get(`/v1/messages/${id}`).expect(200)).body.message;
  const send = (key: string, to: string, payload: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    sb
      .api()
      .post('/v1/messages')
      .send({ dedupe_key: key, to, purpose: 'order_update', payload, ...extra });
  const utility = (body: string) => ({ type: 'text', text: { body }, category: 'utility' });

  it('goes to a customer who never wrote, billed as utility, with the time left of its expires_at as ttl_seconds', async () => {
    const expiresAt = new Date(Date.now() + 600_000).toISOString();
    const created = await send('direct-1', '+972504440101', utility('Your order 4411 ships today.'), { expires_at: expiresAt }).expect(201);
    const id = created.body.message.id as string;
    await waitFor(async () => (await get(id)).pricing !== null, { what: 'the message sent and priced' });
    const message = await get(id);
    expect(message.state).not.toBe('failed');
    expect(message.pricing).toEqual({ billable: true, pricing_model: 'PMP', category: 'utility', type: 'regular' });
    const [atMeta] = sb.sim.acceptedMessages().filter((m) => m.bizOpaqueCallbackData === id);
    expect(atMeta!.directSend!.category).toBe('utility');
    expect(atMeta!.body.category).toBe('utility');
    expect(atMeta!.directSend!.ttlSeconds).toBeGreaterThan(590);
    expect(atMeta!.directSend!.ttlSeconds).toBeLessThanOrEqual(600);
  });

  it('refuses what Meta would, naming the field', async () => {
    const fields = async (payload: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      ((await send(`direct-bad-${Math.random()}`, '+972504440102', payload, extra).expect(400)).body.details as { field: string }[]).map((d) => d.field);
    expect(await fields({ type: 'text', text: { body: 'hi' }, category: 'marketing' })).toContain('payload.category');
    expect(await fields({ type: 'image', image: { link: 'https://example.com/a.png' }, category: 'utility' })).toContain('payload.type');
    expect(await fields({ type: 'text', text: { body: 'hi' }, ttl_seconds: 60 })).toContain('payload.ttl_seconds');
    expect(await fields({ type: 'text', text: { body: 'code 1234' }, category: 'authentication', ttl_seconds: 901 })).toContain('payload.ttl_seconds');
  });

  it('an account without Direct Send: failed with Meta’s reason, not retried', async () => {
    sb.sim.configure({ directSend: false });
    try {
      const id = (await send('direct-not-enabled', '+972504440103', utility('Your parcel is at the depot.')).expect(201)).body.message.id as string;
      await waitFor(async () => (await get(id)).state === 'failed', { what: 'the message failed' });
      const failed = await get(id);
      expect(failed.attempts).toBe(1);
      expect(failed.last_error).toMatchObject({ code: 100 });
      expect(JSON.stringify(failed.last_error)).toContain("Direct Send isn't enabled");
    } finally {
      sb.sim.configure({ directSend: true });
    }
  });

  it('access blocked (139200): failed, said in words, not retried', async () => {
    sb.sim.scriptNext(1, { kind: 'error', code: 139200 });
    const id = (await send('direct-blocked', '+972504440104', utility('Your appointment is confirmed.')).expect(201)).body.message.id as string;
    await waitFor(async () => (await get(id)).state === 'failed', { what: 'the message failed' });
    expect((await get(id)).last_error).toMatchObject({ code: 139200, title: 'Direct Send access is blocked for this account' });
  });
});
