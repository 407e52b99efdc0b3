import request from 'supertest';
import { asSession, createStaff, signIn } from '../support/staff.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { TEST_SECRETS } from '../support/test-env.js';

describe('snippets: saved answers agents read and admins keep', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const admin = () => ({
    get: (p: string) => request(t.url).get(p).set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`),
    post: (p: string) => request(t.url).post(p).set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`),
    patch: (p: string) => request(t.url).patch(p).set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`),
    delete: (p: string) => request(t.url).delete(p).set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`),
  });

  it('an admin saves one with variables; agents list them by title with the variables each uses', async () => {
    const created = await admin()
      .post('/v1/snippets')
      .send({ title: 'Shipping delay', text: 'Hi {{contact.name}}, order {{ last_message.trigger_ref }} leaves tomorrow. {{agent.name}}' })
      .expect(201);
    expect(created.body.snippet).toMatchObject({
      title: 'Shipping delay',
      variables: ['contact.name', 'last_message.trigger_ref', 'agent.name'],
      created_by: expect.stringMatching(/^api_key:/),
    });
    await admin().post('/v1/snippets').send({ title: 'Apology', text: 'Sorry for the wait!' }).expect(201);

    const agent = await createStaff(t, 'agent');
    const listed = await asSession(t, await signIn(t, agent))
      .get('/v1/snippets')
      .expect(200);
    expect(listed.body.data.map((s: { title: string }) => s.title)).toEqual(['Apology', 'Shipping delay']);
    expect(listed.body.variables).toEqual(['contact.name', 'contact.phone', 'agent.name', 'last_message.trigger_ref']);
    // Agents read; writing is for admins.
    await asSession(t, await signIn(t, agent))
      .post('/v1/snippets')
      .send({ title: 'Mine', text: 'x' })
      .expect(403);
  });

  it('refuses a variable nobody could fill, a blank text and a title already taken, naming the field', async () => {
    const unknown = await admin().post('/v1/snippets').send({ title: 'Email', text: 'We wrote to {{contact.email}}' }).expect(400);
    expect(unknown.body.details).toEqual([
      {
        field: 'text',
        message: 'unknown variable {{contact.email}}; known: {{contact.name}}, {{contact.phone}}, {{agent.name}}, {{last_message.trigger_ref}}',
      },
    ]);
    expect((await admin().post('/v1/snippets').send({ title: 'Blank', text: '   ' }).expect(400)).body.details[0].field).toBe('text');
    await admin().post('/v1/snippets').send({ title: 'Greeting', text: 'Hello!' }).expect(201);
    expect((await admin().post('/v1/snippets').send({ title: 'Greeting', text: 'Hi!' }).expect(409)).body.error).toBe('snippet_exists');
  });

  it('changes and deletes one, audited; an unknown id is 404', async () => {
    const { snippet } = (await admin().post('/v1/snippets').send({ title: 'Hours', text: 'We answer 9 to 5.' }).expect(201)).body;
    const changed = await admin().patch(`/v1/snippets/${snippet.id}`).send({ text: 'We answer 9 to 6, {{contact.name}}.' }).expect(200);
    expect(changed.body.snippet).toMatchObject({ title: 'Hours', text: 'We answer 9 to 6, {{contact.name}}.', variables: ['contact.name'] });
    expect((await admin().patch(`/v1/snippets/${snippet.id}`).send({ title: 'Greeting' }).expect(409)).body.error).toBe('snippet_exists');
    await admin().delete(`/v1/snippets/${snippet.id}`).expect(204);
    await admin().delete(`/v1/snippets/${snippet.id}`).expect(404);
    await admin().patch('/v1/snippets/not-an-id').send({ text: 'x' }).expect(404);
    const trail = await t.dataSource.query(`SELECT action FROM audit_events WHERE subject_type = 'snippet' AND subject_id = $1 ORDER BY at, id`, [snippet.id]);
    expect(trail.map((r: { action: string }) => r.action)).toEqual(['snippet.created', 'snippet.updated', 'snippet.deleted']);
  });
});
