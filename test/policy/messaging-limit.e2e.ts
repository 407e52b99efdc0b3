import { postWebhook } from '../webhooks/webhook-support.js';
import { startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';

const user = (n: number) => `+97250400${String(n).padStart(4, '0')}`;

describe('messaging limit: unique users per rolling 24 h, business-initiated only', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook({
      // The per-user pacing has its own test; here it would only slow the repeat message down.
      sim: { pairIntervalMs: 0 },
      app: { env: { MESSAGING_LIMIT: '250', PAIR_INTERVAL_MS: '1', PAIR_MARGIN_MS: '0', SWEEP_INTERVAL_MS: '200', PROMOTE_OVERDUE_AFTER_MS: '200' } },
    });
  });
  afterAll(() => sb.close());

  const send = (key: string, to: string) =>
    sb
      .api()
      .post('/v1/messages')
      .send({ dedupe_key: key, to, purpose: 'order_update', payload: templatePayload() })
      .expect(201)
      .then((r) => r.body.message);
  const get = async (id: string) => (await sb.api().get(`/v1/messages/${id}`).expect(200)).body.message;

  it('tier 250: the 251st new user waits (not failed); a user already messaged today does not; a raised limit lets it go', async () => {
    await Promise.all(Array.from({ length: 250 }, (_, i) => send(`tier-${i}`, user(i))));
    await waitFor(() => sb.sim.ledger().length === 250, { what: '250 first messages' });

    const newcomer = await send('tier-250', user(250));
    const again = await send('tier-0-again', user(0));
    await waitFor(() => sb.sim.ledger({ bizOpaqueCallbackData: again.id }).length === 1, { what: 'the repeat to a counted user' });
    await waitFor(async () => (await get(newcomer.id)).last_error?.code === 'messaging_limit', { what: 'the newcomer to wait' });

    const waiting = await get(newcomer.id);
    expect(waiting.state).toBe('queued');
    expect(waiting.attempts).toBe(0);
    // A slot frees 24 h after the oldest counted user's message.
    expect(new Date(waiting.not_before).getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(sb.sim.ledger({ bizOpaqueCallbackData: newcomer.id })).toEqual([]);
    const number = (await sb.api().get('/v1/numbers').expect(200)).body.data.find(
      (n: { phone_number_id: string }) => n.phone_number_id === sb.config.whatsapp.phoneNumberId,
    );
    expect(number.messaging_limit).toMatchObject({ scope: 'portfolio', limit: 250, users_in_window: 250 });

    // Meta raises the portfolio's limit: a business_capability_update with max_daily_conversations_per_business.
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: sb.config.whatsapp.businessAccountId,
          time: Math.floor(Date.now() / 1000),
          changes: [{ field: 'business_capability_update', value: { max_daily_conversations_per_business: 2000 } }],
        },
      ],
    });
    expect((await postWebhook(sb.url, body)).status).toBe(200);
    await waitFor(() => sb.sim.ledger({ bizOpaqueCallbackData: newcomer.id }).length === 1, { what: 'the newcomer after the raise' });
    expect(sb.sim.duplicatedCallbackData()).toEqual([]);
    const after = (await sb.api().get('/v1/numbers').expect(200)).body.data.find(
      (n: { phone_number_id: string }) => n.phone_number_id === sb.config.whatsapp.phoneNumberId,
    );
    expect(after.messaging_limit).toMatchObject({ limit: 2000, users_in_window: 251 });
  });
});
