import { postWebhook } from '../webhooks/webhook-support.js';
import { startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';

const user = (n: number) => `+97250500${String(n).padStart(4, '0')}`;
const WAITING = 20;

describe('a raised messaging limit releases the waiting rows at once, not at the next promotion of overdue jobs', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook({
      sim: { pairIntervalMs: 0 },
      // The default PROMOTE_OVERDUE_AFTER_MS (60 s): only moving the jobs makes them go within seconds.
      app: { env: { MESSAGING_LIMIT: '250', PAIR_INTERVAL_MS: '1', PAIR_MARGIN_MS: '0', SEND_RATE_PER_SECOND: '1000' } },
    });
  });
  afterAll(() => sb.close());

  const send = (key: string, to: string) =>
    sb
      .api()
      .post('/v1/messages')
      .send({ dedupe_key: key, to, purpose: 'order_update', payload: templatePayload() })
      .expect(201)
      .then((r) => r.body.message.id as string);

  it(`${WAITING} rows waiting for a slot go within seconds of the business_capability_update that raises the limit`, async () => {
    await Promise.all(Array.from({ length: 250 }, (_, i) => send(`fill-${i}`, user(i))));
    await waitFor(() => sb.sim.ledger().length === 250, { what: '250 first messages' });
    const waiting = await Promise.all(Array.from({ length: WAITING }, (_, i) => send(`wait-${i}`, user(250 + i))));
    await waitFor(
      async () =>
        Number(
          (
            await sb.dataSource.query(`SELECT count(*) AS n FROM outbound_messages WHERE id = ANY($1::uuid[]) AND last_error->>'code' = 'messaging_limit'`, [
              waiting,
            ])
          )[0].n,
        ) === WAITING,
      { what: 'every newcomer to wait for a slot' },
    );

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
    const raised = Date.now();
    expect((await postWebhook(sb.url, body)).status).toBe(200);
    await waitFor(() => waiting.every((id) => sb.sim.ledger({ bizOpaqueCallbackData: id }).length === 1), {
      timeoutMs: 20_000,
      what: `the ${WAITING} released rows`,
    });
    const lastWentAfterMs = Date.now() - raised;
    // Measured 3.6–6.1 s on a busy two-core machine (most of it the webhook's own way to a worker);
    // before, the jobs waited for the overdue promotion: over 60 s.
    expect(lastWentAfterMs).toBeLessThan(15_000);
    expect(sb.sim.duplicatedCallbackData()).toEqual([]);
  }, 90_000);
});
