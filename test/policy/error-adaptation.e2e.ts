import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';

describe('error-driven adaptation of the sending policy', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook({ sim: { pairIntervalMs: 0 }, app: { env: { SWEEP_INTERVAL_MS: '200' } } });
  });
  afterAll(() => sb.close());
  beforeEach(() => sb.sim.reset());

  const numberId = () => sb.config.whatsapp.phoneNumberId;
  const get = async (id: string) => (await sb.api().get(`/v1/messages/${id}`).expect(200)).body.message;
  const ourNumber = async () =>
    (await sb.api().get('/v1/numbers').expect(200)).body.data.find((n: { phone_number_id: string }) => n.phone_number_id === numberId());
  let n = 0;
  const enqueue = async (to = `+9725060${String(10000 + n)}`) =>
    (
      await sb
        .api()
        .post('/v1/messages')
        .send(messageRequest({ dedupe_key: `adapt-${n++}`, to }))
        .expect(201)
    ).body.message;

  it('131048 (spam rate limit) pauses that number and raises an alert; nothing fails; resume sends once and settles the alert', async () => {
    sb.sim.scriptNext(1, { kind: 'error', code: 131048 });
    const first = await enqueue();
    await waitFor(async () => (await ourNumber()).paused, { what: 'the number to pause' });
    const second = await enqueue();

    const alerts = (await sb.api().get('/v1/work-items?kind=alert').expect(200)).body.data;
    expect(alerts).toHaveLength(1);
    expect(JSON.stringify(alerts[0])).toContain(`sending_paused:number:${numberId()}`);
    expect((await ourNumber()).pauses).toMatchObject([{ scope: 'number', code: '131048' }]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await get(first.id)).state).toBe('queued');
    expect((await get(second.id)).state).toBe('queued');
    expect(sb.sim.ledger()).toEqual([]);

    await sb.api().post(`/v1/numbers/${numberId()}/resume`).expect(200);
    await waitFor(() => sb.sim.ledger().length === 2, { what: 'both messages after the resume' });
    expect(sb.sim.duplicatedCallbackData()).toEqual([]);
    expect((await sb.api().get('/v1/work-items?kind=alert').expect(200)).body.data).toEqual([]);
    expect((await ourNumber()).paused).toBe(false);
  });

  it("130429 cuts the number's rate, which climbs back in full within seconds; the row is retried and goes once", async () => {
    sb.sim.scriptNext(1, { kind: 'error', code: 130429 });
    const message = await enqueue();
    await waitFor(async () => (await get(message.id)).last_error?.code === 130429, { what: 'the 130429 rejection' });
    const slowed = await ourNumber();
    // Cut to half (36 of the 72 msg/s aimed for), held a second, then climbing: somewhere in between now.
    expect(slowed.effective_rate_per_second).toBeGreaterThanOrEqual(80 * 0.9 * 0.5);
    expect(slowed.effective_rate_per_second).toBeLessThan(80 * 0.9);
    expect(new Date(slowed.slowed_until).getTime() - Date.now()).toBeLessThanOrEqual(3_000);
    await waitFor(() => sb.sim.ledger({ bizOpaqueCallbackData: message.id }).length === 1, { what: 'the retried message' });
    await waitFor(async () => (await ourNumber()).slowed_until === null, { timeoutMs: 5_000, what: 'the rate back in full' });
    expect((await ourNumber()).effective_rate_per_second).toBeCloseTo(80 * 0.9);
    expect(sb.sim.ledger({ bizOpaqueCallbackData: message.id })).toHaveLength(1);
  });

  it("131056 pushes that user's next slot: the retry waits at least the pair interval", async () => {
    sb.sim.scriptNext(1, { kind: 'error', code: 131056 });
    const message = await enqueue('+972506099999');
    await waitFor(async () => (await get(message.id)).last_error?.code === 131056, { what: 'the 131056 rejection' });
    const row = await get(message.id);
    expect(row.state).toBe('queued');
    expect(new Date(row.not_before).getTime() - new Date(row.updated_at).getTime()).toBeGreaterThanOrEqual(6000);
  });
});
