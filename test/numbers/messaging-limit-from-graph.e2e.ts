import { startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';

interface NumberItem {
  phone_number_id: string;
  messaging_limit: { limit: number | 'unlimited'; users_in_window: number };
}

const user = (n: number) => `+97250500${String(n).padStart(4, '0')}`;

describe('the messaging limit is read from the Graph API (whatsapp_business_manager_messaging_limit)', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    // Nothing configured (the assumption is 250) and no webhook: Meta says TIER_2K when asked.
    sb = await startSendbook({
      sim: { phoneNumbers: [{ id: '106540352242922', displayPhoneNumber: '15550783881', wabaId: '102290129340398', messagingLimit: 'TIER_2K' }] },
    });
  });
  afterAll(() => sb.close());

  const ours = async (): Promise<NumberItem> =>
    ((await sb.api().get('/v1/numbers').expect(200)).body.data as NumberItem[]).find((n) => n.phone_number_id === sb.config.whatsapp.phoneNumberId)!;
  const storedSource = async () =>
    (await sb.dataSource.query(`SELECT messaging_limit, source FROM messaging_limits`)) as { messaging_limit: string; source: string }[];

  it('at boot, then again when Meta changed it: a lowered limit holds new users back, a raised one releases them at once', async () => {
    expect(sb.config.policy.messagingLimit).toBe(250);
    await waitFor(async () => (await ours()).messaging_limit.limit === 2000, { what: 'the boot sync to read TIER_2K' });
    expect(await storedSource()).toEqual([{ messaging_limit: '2000', source: 'graph:whatsapp_business_manager_messaging_limit' }]);
    // The same answer again changes nothing.
    await sb.api().post('/v1/numbers/sync').expect(200);
    expect(await storedSource()).toEqual([{ messaging_limit: '2000', source: 'graph:whatsapp_business_manager_messaging_limit' }]);

    // Meta lowers the portfolio to 250 (quality dropped): the next read takes it.
    const number = sb.sim.config().phoneNumbers[0]!;
    sb.sim.configure({ phoneNumbers: [{ ...number, messagingLimit: 'TIER_250' }] });
    await sb.api().post('/v1/numbers/sync').expect(200);
    expect((await ours()).messaging_limit.limit).toBe(250);

    // 251 new users in one batch: 250 go, the 251st waits for a slot (queued, not failed).
    const res = await sb
      .api()
      .post('/v1/messages/batch')
      .send({
        messages: Array.from({ length: 251 }, (_, i) => ({
          dedupe_key: `graph-limit-${i}`,
          to: user(i),
          purpose: 'order_update',
          payload: templatePayload(String(i)),
        })),
      })
      .expect(200);
    const ids = res.body.results.map((r: { message: { id: string } }) => r.message.id) as string[];
    await waitFor(() => sb.sim.ledger().length === 250, { what: '250 sends', timeoutMs: 30_000 });
    const state = async () =>
      (await sb.dataSource.query(`SELECT id, state, last_error->>'code' AS code FROM outbound_messages WHERE state = 'queued'`)) as {
        id: string;
        code: string | null;
      }[];
    await waitFor(async () => (await state()).some((r) => r.code === 'messaging_limit'), { what: 'one row to wait for a slot' });
    const [waiting] = await state();
    expect(ids).toContain(waiting!.id);

    // Meta raises it to unlimited: the next read releases the waiting row at once, not in 24 h.
    sb.sim.configure({ phoneNumbers: [{ ...number, messagingLimit: 'TIER_UNLIMITED' }] });
    await sb.api().post('/v1/numbers/sync').expect(200);
    expect((await ours()).messaging_limit.limit).toBe('unlimited');
    await waitFor(() => sb.sim.ledger({ bizOpaqueCallbackData: waiting!.id }).length === 1, {
      what: 'the waiting row sent after the raise',
      timeoutMs: 15_000,
    });
    expect(sb.sim.ledger()).toHaveLength(251);
    expect(sb.sim.duplicatedCallbackData()).toEqual([]);
  }, 120_000);
});
