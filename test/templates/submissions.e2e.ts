import request from 'supertest';
import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { postTemplateStatus } from './template-support.js';

const draft = (overrides: Record<string, unknown> = {}) => ({
  name: 'pickup_ready',
  language: 'en',
  category: 'UTILITY',
  components: [
    { type: 'BODY', text: 'Hi {{1}}, your order is ready for pickup at the front desk.', example: { body_text: [['Pablo']] } },
    { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'On my way' }] },
  ],
  ...overrides,
});

describe('templates made in Sendbook: submitted to Meta, reviewed, edited, deleted', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook({ sim: { templateReviewMs: 100 } });
    await sb.api().post('/v1/templates/sync').expect(200);
  });
  afterAll(() => sb.close());

  const as = (t: request.Test) => t.set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`);
  const patch = (path: string) => as(request(sb.url).patch(path));
  const del = (path: string) => as(request(sb.url).delete(path));
  const statusOf = async (name: string) => (await sb.api().get(`/v1/templates?name=${name}`).expect(200)).body.data[0];
  const fieldsOf = (body: { details: { field: string }[] }) => body.details.map((d) => d.field);

  it('refuses a draft that breaks Meta’s rules, naming each field, before Meta hears of it', async () => {
    const before = sb.sim.requests();
    const res = await sb
      .api()
      .post('/v1/templates')
      .send(
        draft({
          name: 'Pickup Ready',
          components: [
            { type: 'HEADER', format: 'TEXT', text: '{{1}} and {{2}}', example: { header_text: ['a', 'b'] } },
            { type: 'BODY', text: '{{1}}, it is ready.' },
            { type: 'FOOTER', text: 'x'.repeat(61) },
            {
              type: 'BUTTONS',
              buttons: [
                { type: 'QUICK_REPLY', text: 'A label that is far too long' },
                { type: 'URL', text: 'Track', url: 'https://x.example/{{1}}/now' },
              ],
            },
          ],
        }),
      )
      .expect(400);
    expect(fieldsOf(res.body)).toEqual(
      expect.arrayContaining(['name', 'header.text', 'body.text', 'body.example', 'footer.text', 'buttons[0].text', 'buttons[1].url']),
    );
    expect(sb.sim.requests()).toBe(before);
  });

  it('submits PENDING, and Meta’s approval webhook makes it sendable', async () => {
    const res = await sb.api().post('/v1/templates').send(draft()).expect(201);
    expect(res.body.template).toMatchObject({
      name: 'pickup_ready',
      language: 'en',
      status: 'PENDING',
      category: 'UTILITY',
      rejection: null,
      parameter_format: 'POSITIONAL',
    });
    expect(res.body.template.id).toMatch(/^\d+$/);

    // While pending, it cannot be sent.
    const pending = await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'pickup-pending', payload: sendOf('pickup_ready') }))
      .expect(400);
    expect(fieldsOf(pending.body)).toContain('payload.template.name');

    await waitFor(async () => (await statusOf('pickup_ready'))?.status === 'APPROVED', { what: 'pickup_ready approved' });
    await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'pickup-approved', payload: sendOf('pickup_ready') }))
      .expect(201);

    const audit = await sb.dataSource.query(`SELECT action, subject_id, details FROM audit_events WHERE action = 'template.submitted'`);
    expect(audit).toEqual([expect.objectContaining({ subject_id: res.body.template.id, details: expect.objectContaining({ name: 'pickup_ready' }) })]);
    // Meta's list says the same: a sync keeps it.
    await sb.api().post('/v1/templates/sync').expect(200);
    expect(await statusOf('pickup_ready')).toMatchObject({ status: 'APPROVED', id: res.body.template.id });

    await sb.api().post('/v1/templates').send(draft()).expect(409);
  });

  it('a rejection keeps Meta’s reason, and a message of it is refused', async () => {
    const res = await sb
      .api()
      .post('/v1/templates')
      .send(
        draft({
          name: 'pickup_adjacent',
          components: [{ type: 'BODY', text: 'Hello {{1}}{{2}} your order is ready now.', example: { body_text: [['Pablo', 'Díaz']] } }],
        }),
      )
      .expect(201);
    await waitFor(async () => (await statusOf('pickup_adjacent'))?.status === 'REJECTED', { what: 'pickup_adjacent rejected' });
    expect((await statusOf('pickup_adjacent')).rejection).toEqual({
      reason: 'INVALID_FORMAT',
      detail: expect.stringMatching(/parameters placed next to each other/),
      recommendation: expect.any(String),
    });
    const refused = await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'adjacent', payload: sendOf('pickup_adjacent', ['Pablo', 'Díaz']) }))
      .expect(400);
    expect(refused.body.details).toEqual([expect.objectContaining({ field: 'payload.template.name', message: expect.stringMatching(/REJECTED/) })]);

    // A promotional text filed as utility is rejected as INCORRECT_CATEGORY.
    await sb
      .api()
      .post('/v1/templates')
      .send(
        draft({
          name: 'pickup_sale',
          components: [{ type: 'BODY', text: 'Hi {{1}}, our big sale starts today with a discount on everything.', example: { body_text: [['Pablo']] } }],
        }),
      )
      .expect(201);
    await waitFor(async () => (await statusOf('pickup_sale'))?.status === 'REJECTED', { what: 'pickup_sale rejected' });
    expect((await statusOf('pickup_sale')).rejection).toMatchObject({ reason: 'INCORRECT_CATEGORY' });

    // A rejected template may be edited, category included; it goes back to review and is approved.
    const edited = await patch(`/v1/templates/${res.body.template.id}`)
      .send({ components: [{ type: 'BODY', text: 'Hello {{1}}, order {{2}} is ready now.', example: { body_text: [['Pablo', '44812']] } }] })
      .expect(200);
    // An edit of a rejected template is not counted against Meta's limits.
    expect(edited.body.template).toMatchObject({ status: 'PENDING', rejection: null, approved_edits: [] });
    await waitFor(async () => (await statusOf('pickup_adjacent'))?.status === 'APPROVED', { what: 'edited template approved' });
  });

  it('edits as Meta allows, and refuses the rest', async () => {
    const approved = await statusOf('pickup_adjacent');
    // An approved template's category stays.
    const locked = await patch(`/v1/templates/${approved.id}`).send({ category: 'MARKETING' }).expect(409);
    expect(locked.body).toMatchObject({ error: 'template_not_editable', reason: 'category_locked' });
    // Once in 24 hours for an approved one. (A second APPROVED webhook within the same second as
    // the first would be the same event to Sendbook: entry time, field and value are its key.)
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await patch(`/v1/templates/${approved.id}`)
      .send({ components: [{ type: 'BODY', text: 'Hello {{1}}, order {{2}} is ready for you.', example: { body_text: [['Pablo', '44812']] } }] })
      .expect(200);
    await waitFor(async () => (await statusOf('pickup_adjacent'))?.status === 'APPROVED', { what: 'approved again' });
    // The list says when it was edited while approved, so the inbox can tell before an admin types.
    expect((await statusOf('pickup_adjacent')).approved_edits).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\dT/)]);
    const again = await patch(`/v1/templates/${approved.id}`)
      .send({ components: [{ type: 'BODY', text: 'Hello {{1}}, order {{2}} is ready.', example: { body_text: [['Pablo', '44812']] } }] })
      .expect(409);
    expect(again.body.reason).toBe('edit_limit');
    // A pending one cannot be edited.
    const pending = await sb
      .api()
      .post('/v1/templates')
      .send(draft({ name: 'pickup_pending' }))
      .expect(201);
    const notYet = await patch(`/v1/templates/${pending.body.template.id}`).send({ category: 'MARKETING' }).expect(409);
    expect(notYet.body.reason).toBe('not_editable');
    // An edit is checked like a draft (here of the rejected promotional one).
    const bad = await patch(`/v1/templates/${(await statusOf('pickup_sale')).id}`)
      .send({ components: [{ type: 'BODY', text: 'Hi {{2}} there, all good.' }] })
      .expect(400);
    expect(fieldsOf(bad.body)).toContain('body.text');
    await patch('/v1/templates/999').send({ category: 'UTILITY' }).expect(404);
  });

  it('deletes at Meta and from the registry, audited', async () => {
    const t = await statusOf('pickup_sale');
    await del(`/v1/templates/${t.id}`).expect(204);
    expect(await statusOf('pickup_sale')).toBeUndefined();
    expect(sb.sim.config().templates.some((x) => x.name === 'pickup_sale')).toBe(false);
    const audit = await sb.dataSource.query(`SELECT actor FROM audit_events WHERE action = 'template.deleted' AND subject_id = $1`, [t.id]);
    expect(audit).toHaveLength(1);
    await del(`/v1/templates/${t.id}`).expect(404);
  });

  it('a review at once (the webhook may come back before Meta’s answer is handled) still lands', async () => {
    sb.sim.configure({ templateReviewMs: 0 });
    try {
      const res = await sb
        .api()
        .post('/v1/templates')
        .send(draft({ name: 'pickup_instant' }))
        .expect(201);
      await waitFor(async () => (await statusOf('pickup_instant'))?.status === 'APPROVED', { what: 'pickup_instant approved' });
      expect((await statusOf('pickup_instant')).id).toBe(res.body.template.id);
    } finally {
      sb.sim.configure({ templateReviewMs: 100 });
    }
  });

  it('Meta refusing the submission leaves nothing behind', async () => {
    sb.sim.configure({
      templates: sb.sim
        .config()
        .templates.concat({ id: '1999', name: 'pickup_taken', language: 'en', status: 'APPROVED', category: 'UTILITY', components: [] }),
    });
    const res = await sb
      .api()
      .post('/v1/templates')
      .send(draft({ name: 'pickup_taken' }))
      .expect(422);
    expect(res.body).toMatchObject({ error: 'meta_refused', meta_error: { code: 100 } });
    expect(await statusOf('pickup_taken')).toBeUndefined();
  });

  it('a webhook for a template Sendbook submitted is applied by Meta’s id', async () => {
    const t = await statusOf('pickup_ready');
    await postTemplateStatus(sb.url, { id: t.id, name: 'pickup_ready', language: 'en', event: 'PAUSED', title: 'FIRST_PAUSE' });
    await waitFor(async () => (await statusOf('pickup_ready'))?.status === 'PAUSED', { what: 'paused' });
    expect((await statusOf('pickup_ready')).rejection).toBeNull();
  });
});

function sendOf(name: string, values: string[] = ['Pablo']) {
  return {
    type: 'template',
    template: { name, language: { code: 'en' }, components: [{ type: 'body', parameters: values.map((text) => ({ type: 'text', text })) }] },
  };
}
