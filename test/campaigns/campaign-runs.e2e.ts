import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { exited, startWorkerProcess } from '../support/worker-process.js';
import { waitFor } from '../support/wait-for.js';

const waId = (n: number) => `97250420${String(n).padStart(4, '0')}`;
const SALE = { name: 'spring_sale', language: 'en' };

/**
 * Campaigns as resources on the real stack: every row checked (line and reason), the template's
 * status, each recipient sent once however often the campaign is submitted, and a writer that
 * dies mid-way resumes where it stopped without sending anything twice.
 */
describe('POST /v1/campaigns: checked rows, exactly once per recipient', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook({ app: { env: { PAIR_INTERVAL_MS: '1', PAIR_MARGIN_MS: '0', MESSAGING_LIMIT: 'unlimited' } } });
    await sb.api().post('/v1/templates/sync').expect(200);
  }, 120_000);
  afterAll(() => sb?.close());

  const run = async (ref: string) =>
    (
      await sb
        .api()
        .get(`/v1/campaigns/${encodeURIComponent(ref)}/run`)
        .expect(200)
    ).body.campaign;

  it('a CSV: every bad row named by line and reason, duplicates of another row too; a PENDING template is refused naming the field', async () => {
    const csv = ['phone,name,discount', `+${waId(1)},Ada,20%`, 'not-a-phone,Ben,10%', `+${waId(1)},Ada twice,20%`, `+${waId(2)},,5%`, `+${waId(3)},Eve`].join(
      '\n',
    );
    const res = await sb
      .api()
      .post('/v1/campaigns/preview?name=checks&template_name=spring_sale&template_language=en')
      .set('Content-Type', 'text/csv')
      .send(csv)
      .expect(200);
    expect(res.body.summary).toMatchObject({ rows: 5, valid: 1, refused: 4, duplicates: 1, will_go: 1, template_category: 'MARKETING' });
    expect(res.body.refused).toEqual([
      { line: 3, reason: expect.stringMatching(/^not a valid phone number/) },
      { line: 4, reason: 'duplicate of line 2: the same recipient' },
      { line: 5, reason: 'variable {{1}} is empty' },
      { line: 6, reason: 'has 2 fields, the header 3' },
    ]);
    expect(res.body.preview[0]).toMatchObject({ line: 2, text: 'Hi Ada! Our spring sale starts today: 20% off everything.' });

    const pending = await sb
      .api()
      .post('/v1/campaigns')
      .send({ name: 'winter', template: { name: 'winter_promo', language: 'en' }, recipients: [{ to: `+${waId(1)}`, variables: [] }] })
      .expect(400);
    expect(pending.body.details).toEqual([expect.objectContaining({ field: 'template', message: expect.stringContaining('PENDING') })]);
  });

  it('an approved template whose header or button takes a parameter is refused at submit: a file fills only body variables', async () => {
    const submit = (template: { name: string; language: string }) =>
      sb
        .api()
        .post('/v1/campaigns')
        .send({ name: `params-${template.name}`, template, recipients: [{ to: `+${waId(9)}`, variables: ['Ada'] }] })
        .expect(400);
    expect((await submit({ name: 'august_promotion', language: 'en' })).body.details).toEqual([
      {
        field: 'template',
        message: expect.stringMatching(
          /^august_promotion \(en\) cannot be sent from a file: its header takes an image; a campaign from a file fills only body variables/,
        ),
      },
    ]);
    expect((await submit({ name: 'verification_code', language: 'en_US' })).body.details).toEqual([
      { field: 'template', message: expect.stringContaining('its code button takes a one-time code') },
    ]);
    expect(await sb.dataSource.query(`SELECT count(*)::int AS n FROM campaigns WHERE name LIKE 'params-%'`)).toEqual([{ n: 0 }]);
  });

  it('the same campaign submitted twice sends each recipient once', async () => {
    const recipients = Array.from({ length: 40 }, (_, i) => ({ to: `+${waId(100 + i)}`, variables: [`Friend ${i}`, '15%'] }));
    const body = { name: 'twice', template: SALE, recipients };
    const first = await sb.api().post('/v1/campaigns').send(body).expect(202);
    const id = first.body.campaign.id as string;
    expect(first.body.summary).toMatchObject({ will_go: 40, added: 40, already_in_campaign: 0 });
    const again = await sb.api().post('/v1/campaigns').send(body).expect(202);
    expect(again.body.campaign.id).toBe(id);
    expect(again.body.summary).toMatchObject({ added: 0, already_in_campaign: 40 });
    await waitFor(async () => (await run(id)).state === 'completed', { what: 'the campaign completed', timeoutMs: 30_000 });
    for (const r of recipients) expect(sb.sim.ledger().filter((m) => m.to === r.to.slice(1)).length).toBe(1);
    expect(sb.sim.duplicatedCallbackData()).toEqual([]);
    expect(await run(id)).toMatchObject({ rows_total: 40, rows_written: 40 });
  }, 120_000);

  it('pause holds what has not gone (held, not failed), resume sends it: each recipient once, none lost', async () => {
    const recipients = Array.from({ length: 300 }, (_, i) => ({ to: `+${waId(1000 + i)}`, variables: [`Friend ${i}`, '10%'] }));
    const id = (await sb.api().post('/v1/campaigns').send({ name: 'paused', template: SALE, recipients }).expect(202)).body.campaign.id as string;
    const paused = (await sb.api().post(`/v1/campaigns/${id}/pause`).expect(200)).body.campaign;
    expect(paused.state).toBe('paused');
    await waitFor(async () => ((await run(id)).by_state.sending ?? 0) === 0, { what: 'sends in flight done' });
    const sentWhilePaused = sb.sim.ledger().filter((m) => m.to.startsWith('97250421') || m.to.startsWith('97250422')).length;
    const atPause = await run(id);
    expect((atPause.by_state.failed ?? 0) + (atPause.by_state.queued ?? 0)).toBe(0);
    // Every row written is either gone or held for the pause; none failed, none lost.
    expect(atPause.held_for_pause + sentWhilePaused).toBe(atPause.rows_written);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(sb.sim.ledger().filter((m) => m.to.startsWith('97250421') || m.to.startsWith('97250422')).length).toBe(sentWhilePaused);
    await sb.api().post(`/v1/campaigns/${id}/resume`).expect(200);
    await waitFor(async () => (await run(id)).state === 'completed', { what: 'the campaign completed after resume', timeoutMs: 30_000 });
    for (const r of recipients) expect(sb.sim.ledger().filter((m) => m.to === r.to.slice(1)).length).toBe(1);
    const trail = await sb.dataSource.query(`SELECT action FROM audit_events WHERE subject_type = 'campaign' AND subject_id = $1 ORDER BY at`, [id]);
    expect(trail.map((t: { action: string }) => t.action)).toEqual(['campaign.created', 'campaign.paused', 'campaign.resumed']);
  }, 120_000);
  it('a send in flight when the campaign is paused, refused with a retry, waits for the resume: sent once, after it', async () => {
    const recipients = [0, 1, 2].map((i) => ({ to: `+${waId(3000 + i)}`, variables: [`Friend ${i}`, '5%'] }));
    // The first send is held at "Meta" for 1.5 s, then refused with code 2 (retry): it is `sending` when the pause comes.
    sb.sim.scriptNext(1, { kind: 'error', code: 2, afterMs: 1_500 });
    const id = (await sb.api().post('/v1/campaigns').send({ name: 'retry-in-pause', template: SALE, recipients }).expect(202)).body.campaign.id as string;
    const inFlight = async () =>
      (await sb.dataSource.query(`SELECT id FROM outbound_messages WHERE campaign = 'retry-in-pause' AND state = 'sending'`))[0] as { id: string } | undefined;
    await waitFor(async () => (await inFlight()) !== undefined, { what: 'a send in flight' });
    await sb.api().post(`/v1/campaigns/${id}/pause`).expect(200);
    // The refused row is the one the script held, whichever of the sends in flight that was.
    const requeued = async () =>
      (
        await sb.dataSource.query(
          `SELECT id, not_before FROM outbound_messages WHERE campaign = 'retry-in-pause' AND state = 'queued' AND last_error->>'code' = '2'`,
        )
      )[0] as { id: string; not_before: Date } | undefined;
    await waitFor(async () => (await requeued()) !== undefined, { what: 'the refused send back in the queue for a retry' });
    const { id: rowId, not_before: notBefore } = (await requeued())!;
    const due = notBefore.getTime();
    // Its retry falls due during the pause: the claim leaves it in the queue.
    await waitFor(() => Date.now() > due + 1_500, { what: 'the retry due and past', timeoutMs: 30_000, intervalMs: 200 });
    expect(sb.sim.ledger({ bizOpaqueCallbackData: rowId })).toEqual([]);
    await sb.api().post(`/v1/campaigns/${id}/resume`).expect(200);
    await waitFor(() => sb.sim.ledger({ bizOpaqueCallbackData: rowId }).length === 1, { what: 'the retry sent after the resume', timeoutMs: 20_000 });
    await waitFor(async () => (await run(id)).state === 'completed', { what: 'the campaign completed' });
    for (const r of recipients) expect(sb.sim.ledger().filter((m) => m.to === r.to.slice(1))).toHaveLength(1);
  }, 120_000);
});

describe('the campaign writer: a worker killed mid-write, another resumes where it stopped', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    // The API alone: a separate worker process writes (and is killed), then another.
    sb = await startSendbook({ app: { env: { ROLE: 'api', MESSAGING_LIMIT: 'unlimited' } } });
  }, 120_000);
  afterAll(() => sb?.close());

  it('20,000 recipients: killed mid-write, the next worker finishes; every recipient has exactly one row', async () => {
    const n = 20_000;
    const recipients = Array.from({ length: n }, (_, i) => ({ to: `+9725060${String(i).padStart(5, '0')}`, variables: [] }));
    const res = await sb
      .api()
      .post('/v1/campaigns')
      .send({ name: 'crash', template: { name: 'hello_world', language: 'en_US' }, recipients })
      .expect(202);
    const id = res.body.campaign.id as string;
    const written = async () => Number((await sb.dataSource.query(`SELECT rows_written FROM campaigns WHERE id = $1`, [id]))[0].rows_written);
    const first = startWorkerProcess(sb, { SEND_RATE_PER_SECOND: '1' });
    await waitFor(async () => (await written()) >= 2_000, { what: 'some batches written', timeoutMs: 60_000, intervalMs: 20 });
    first.kill('SIGKILL');
    await exited(first);
    const at = await written();
    expect(at).toBeLessThan(n);
    const second = startWorkerProcess(sb, { SEND_RATE_PER_SECOND: '1' });
    try {
      await waitFor(async () => (await written()) === n, { what: 'every row written', timeoutMs: 120_000 });
      const rows = await sb.dataSource.query(
        `SELECT count(*)::int AS n, count(DISTINCT to_wa_id)::int AS distinct FROM outbound_messages WHERE starts_with(dedupe_key, $1)`,
        [`campaign:${id}:`],
      );
      expect(rows[0]).toEqual({ n, distinct: n });
    } finally {
      second.kill('SIGKILL');
      await exited(second);
    }
  }, 240_000);
});
