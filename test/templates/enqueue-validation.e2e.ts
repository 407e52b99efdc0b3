import { messageRequest, startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';

describe('template messages are checked against the registry before they are queued', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook();
    await sb.api().post('/v1/templates/sync').expect(200);
  });
  afterAll(() => sb.close());

  const storedRows = async (): Promise<number> => (await sb.dataSource.query('SELECT count(*)::int AS n FROM outbound_messages'))[0].n;

  async function expectRefused(body: Record<string, unknown>, field: string): Promise<string> {
    const before = await storedRows();
    const res = await sb.api().post('/v1/messages').send(body).expect(400);
    expect(res.body.error).toBe('validation_failed');
    expect(res.body.details.map((d: { field: string }) => d.field)).toEqual([field]);
    expect(await storedRows()).toBe(before);
    return res.body.details[0].message as string;
  }

  const withTemplate = (template: Record<string, unknown>, key: string) => messageRequest({ dedupe_key: key, payload: { type: 'template', template } });

  it('a right template is queued, and the message shows the text the customer saw', async () => {
    const created = await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'tpl-ok' }))
      .expect(201);
    expect(created.body.message.rendered.text).toContain('Hi Pablo, your order 44812 has shipped and should arrive by Friday.');
    expect(created.body.message.rendered.buttons.map((b: { text: string }) => b.text)).toEqual(['Track it', 'Stop updates']);
  });

  it('wrong parameter count → 400 naming the component', async () => {
    const template = { ...templatePayload().template, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Pablo' }] }] };
    const message = await expectRefused(withTemplate(template, 'tpl-count'), 'payload.template.components[body]');
    expect(message).toMatch(/needs 3 parameter\(s\).*got 1/);
  });

  it('a named template with a wrong header → 400 naming the header', async () => {
    const template = {
      name: 'appointment_reminder',
      language: { code: 'en' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', parameter_name: 'day', text: 'Mon' },
            { type: 'text', parameter_name: 'time', text: '9am' },
          ],
        },
      ],
    };
    await expectRefused(withTemplate(template, 'tpl-header'), 'payload.template.components[header]');
  });

  it('unknown language → 400 naming payload.template.language.code', async () => {
    const template = { ...templatePayload().template, language: { code: 'fr' } };
    const message = await expectRefused(withTemplate(template, 'tpl-lang'), 'payload.template.language.code');
    expect(message).toMatch(/does not exist in fr/);
  });

  it('unknown template, and one not approved → 400 naming payload.template.name', async () => {
    await expectRefused(withTemplate({ name: 'no_such_template', language: { code: 'en' } }, 'tpl-unknown'), 'payload.template.name');
    const message = await expectRefused(withTemplate({ name: 'winter_promo', language: { code: 'en' } }, 'tpl-pending'), 'payload.template.name');
    expect(message).toMatch(/PENDING/);
  });

  it('the fallback template is checked too', async () => {
    const fallback = { ...templatePayload().template, components: [] };
    await expectRefused(
      messageRequest({ dedupe_key: 'tpl-fallback', payload: { type: 'text', text: { body: 'hi' } }, fallback_template: fallback }),
      'fallback_template.components[body]',
    );
  });

  it('renders a template message as the customer saw it', async () => {
    const res = await sb
      .api()
      .post('/v1/templates/render')
      .send({
        template: {
          name: 'appointment_reminder',
          language: { code: 'en' },
          components: [
            { type: 'header', parameters: [{ type: 'text', parameter_name: 'first_name', text: 'Pablo' }] },
            {
              type: 'body',
              parameters: [
                { type: 'text', parameter_name: 'day', text: 'Monday' },
                { type: 'text', parameter_name: 'time', text: '9am' },
              ],
            },
          ],
        },
      })
      .expect(200);
    expect(res.body.rendered.text).toBe('Reminder for Pablo\nYour appointment is on Monday at 9am. Can you make it?\n[Yes]\n[No]');
    await sb
      .api()
      .post('/v1/templates/render')
      .send({ template: { name: 'nope', language: { code: 'en' } } })
      .expect(404);
  });
});
