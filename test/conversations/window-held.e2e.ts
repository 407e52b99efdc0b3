import { startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';

describe('the sender consults the 24 h window before any free-form send', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook();
  });
  afterAll(() => sb.close());

  const message = async (id: string) => (await sb.api().get(`/v1/messages/${id}`).expect(200)).body.message;
  const enqueue = async (dedupeKey: string, waId: string, extra: Record<string, unknown> = {}) =>
    (
      await sb
        .api()
        .post('/v1/messages')
        .send({
          dedupe_key: dedupeKey,
          to: `+${waId}`,
          purpose: 'shipping_update',
          payload: { type: 'text', text: { body: 'Your parcel is on its way' } },
          ...extra,
        })
        .expect(201)
    ).body.message.id as string;

  it('free text to a contact who never wrote is held, never sent to fail with 131047', async () => {
    const id = await enqueue('held-1', '972507000001');
    await waitFor(async () => (await message(id)).state === 'held');
    expect((await message(id)).last_error).toMatchObject({ code: 'window_closed' });
    expect(sb.sim.ledger().filter((e) => e.bizOpaqueCallbackData === id)).toHaveLength(0);
    expect(sb.sim.rejections().filter((r) => r.code === 131047)).toHaveLength(0);
    const held = (await sb.api().get('/v1/work-items?kind=held').expect(200)).body.data;
    expect(held.map((w: { id: string }) => w.id)).toContain(id);
  });

  it('with a fallback template, the template goes out instead', async () => {
    const id = await enqueue('held-2', '972507000002', { fallback_template: templatePayload('7').template });
    await waitFor(async () => ['accepted', 'sent', 'delivered', 'read'].includes((await message(id)).state));
    const sent = sb.sim.ledger().filter((e) => e.bizOpaqueCallbackData === id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.type).toBe('template');
  });

  it('once the customer has written, free text goes out as it is', async () => {
    await sb.sim.customer('972507000003', { name: 'Dana' }).sendText('Hi, where is my parcel?');
    await waitFor(async () =>
      (await sb.api().get('/v1/conversations').expect(200)).body.data.some((c: { window_open_until: string | null }) => c.window_open_until !== null),
    );
    const id = await enqueue('held-3', '972507000003');
    await waitFor(async () => ['accepted', 'sent', 'delivered', 'read'].includes((await message(id)).state));
    expect(sb.sim.ledger().filter((e) => e.bizOpaqueCallbackData === id)[0]!.type).toBe('text');
  });

  it('when Meta says 131047 although we thought the window open, the window is marked closed: the next free text is held without asking Meta', async () => {
    await sb.sim.customer('972507000004', { name: 'Noa' }).sendText('Hello?');
    const open = async () =>
      (await sb.api().get('/v1/conversations').expect(200)).body.data.find((c: { contact: { wa_id: string } }) => c.contact.wa_id === '972507000004')
        ?.window_open_until ?? null;
    await waitFor(async () => (await open()) !== null && new Date(await open()).getTime() > Date.now());

    sb.sim.scriptNext(1, { kind: 'error', code: 131047 });
    const first = await enqueue('held-4', '972507000004');
    await waitFor(async () => (await message(first)).state === 'held');
    expect(new Date(await open()).getTime()).toBeLessThanOrEqual(Date.now());

    const requestsBefore = sb.sim.requests();
    const second = await enqueue('held-5', '972507000004');
    await waitFor(async () => (await message(second)).state === 'held');
    expect((await message(second)).last_error).toMatchObject({ code: 'window_closed' });
    expect(sb.sim.requests()).toBe(requestsBefore);
  });
});
