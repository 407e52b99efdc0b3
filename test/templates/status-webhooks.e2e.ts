import { messageRequest, startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { postTemplateStatus } from './template-support.js';

describe('template webhooks update the registry between syncs', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook();
    await sb.api().post('/v1/templates/sync').expect(200);
  });
  afterAll(() => sb.close());

  const later = () => new Date(Date.now() + 3_600_000).toISOString();
  const stateOf = async (id: string): Promise<string> => (await sb.dataSource.query('SELECT state FROM outbound_messages WHERE id = $1', [id]))[0].state;

  it('a template flipped to PAUSED holds its queued rows in one go, each audited', async () => {
    const ids: string[] = [];
    for (const n of ['1', '2', '3']) {
      const res = await sb
        .api()
        .post('/v1/messages')
        .send(messageRequest({ dedupe_key: `paused-${n}`, payload: templatePayload(n), not_before: later() }))
        .expect(201);
      ids.push(res.body.message.id);
    }
    const other = await sb
      .api()
      .post('/v1/messages')
      .send(
        messageRequest({
          dedupe_key: 'paused-other',
          payload: {
            type: 'template',
            template: {
              name: 'spring_sale',
              language: { code: 'en' },
              components: [
                {
                  type: 'body',
                  parameters: [
                    { type: 'text', text: 'Pablo' },
                    { type: 'text', text: '20%' },
                  ],
                },
              ],
            },
          },
          not_before: later(),
        }),
      )
      .expect(201);

    const res = await postTemplateStatus(sb.url, { id: '1402287104165532', name: 'order_shipped', language: 'en', event: 'PAUSED', title: 'FIRST_PAUSE' });
    expect(res.status).toBe(200);

    await waitFor(async () => (await Promise.all(ids.map(stateOf))).every((s) => s === 'held'), { what: 'order_shipped rows held' });
    expect(await stateOf(other.body.message.id)).toBe('queued');

    const audit = await sb.dataSource.query(
      `SELECT message_id, from_state, to_state, actor, reason, details FROM outbound_message_events WHERE to_state = 'held' ORDER BY message_id`,
    );
    expect(audit).toHaveLength(3);
    for (const row of audit) {
      expect(row).toMatchObject({ from_state: 'queued', to_state: 'held', actor: 'webhook', reason: 'template paused: held' });
      expect(row.details.error.message).toMatch(/order_shipped \(en\) is PAUSED/);
    }

    const listed = await sb.api().get('/v1/templates?name=order_shipped').expect(200);
    expect(listed.body.data[0]).toMatchObject({ status: 'PAUSED' });

    // While paused, no new message of it is queued.
    const refused = await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'paused-new' }))
      .expect(400);
    expect(refused.body.details.map((d: { field: string }) => d.field)).toEqual(['payload.template.name']);

    // Reinstated: it is approved again (held rows wait for a person).
    await postTemplateStatus(sb.url, { id: '1402287104165532', name: 'order_shipped', language: 'en', event: 'REINSTATED' });
    await waitFor(async () => (await sb.api().get('/v1/templates?name=order_shipped')).body.data[0]?.status === 'APPROVED', { what: 'reinstated' });
    expect(await stateOf(ids[0]!)).toBe('held');
  });
});
