import request from 'supertest';
import { asSession, createStaff, signIn } from '../support/staff.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { TEST_SECRETS } from '../support/test-env.js';

describe('teams: staff that business numbers are routed to, with their settings', () => {
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
  const fields = (res: request.Response) => (res.body.details as { field: string }[]).map((d) => d.field);

  it('an admin makes a team with members, a number, targets and business hours; stored normalised; agents read it but cannot write', async () => {
    const ana = await createStaff(t, 'agent', 'Ana Agent');
    const ben = await createStaff(t, 'agent', 'Ben Agent');
    const created = await admin()
      .post('/v1/teams')
      .send({
        name: '  Support ',
        member_ids: [ben.id, ana.id],
        phone_number_ids: [TEST_SECRETS.phoneNumberId],
        assignment: { mode: 'balanced', max_open: 3 },
        targets: { first_response_seconds: 300, next_response_seconds: 900 },
        business_hours: {
          time_zone: 'Europe/Berlin',
          weekly: {
            mon: [
              ['13:00', '17:00'],
              ['09:00', '12:00'],
            ],
            fri: [['09:00', '15:00']],
          },
          holidays: ['2026-12-25', '2026-12-24'],
        },
      })
      .expect(201);
    const team = created.body.team;
    expect(team).toMatchObject({
      name: 'Support',
      members: [
        { id: ana.id, name: 'Ana Agent', role: 'agent', active: true },
        { id: ben.id, name: 'Ben Agent', role: 'agent', active: true },
      ],
      phone_number_ids: [TEST_SECRETS.phoneNumberId],
      assignment: { mode: 'balanced', max_open: 3 },
      targets: { first_response_seconds: 300, next_response_seconds: 900 },
      business_hours: {
        time_zone: 'Europe/Berlin',
        weekly: {
          mon: [
            ['09:00', '12:00'],
            ['13:00', '17:00'],
          ],
          tue: [],
          fri: [['09:00', '15:00']],
          sun: [],
        },
        holidays: ['2026-12-24', '2026-12-25'],
      },
    });

    // Defaults for what is left out; a person may be in several teams.
    const sales = (
      await admin()
        .post('/v1/teams')
        .send({ name: 'Sales', member_ids: [ana.id] })
        .expect(201)
    ).body.team;
    expect(sales).toMatchObject({
      assignment: { mode: 'manual', max_open: 10 },
      targets: { first_response_seconds: null, next_response_seconds: null },
      business_hours: null,
      phone_number_ids: [],
    });

    const agent = asSession(t, await signIn(t, ana));
    const listed = await agent.get('/v1/teams').expect(200);
    expect(listed.body.data.map((x: { name: string }) => x.name)).toEqual(['Sales', 'Support']);
    expect((await agent.get(`/v1/teams/${team.id}`).expect(200)).body.team.id).toBe(team.id);
    await agent.post('/v1/teams').send({ name: 'Mine' }).expect(403);
    await agent.patch(`/v1/teams/${team.id}`).send({ name: 'Ours' }).expect(403);
    await request(t.url)
      .delete(`/v1/teams/${team.id}`)
      .set('Cookie', await signIn(t, ana))
      .set('Origin', t.url)
      .expect(403);
  });

  it('refuses bad settings naming the field; unknown or deactivated members by index; a name taken whatever its case', async () => {
    const bad = async (body: Record<string, unknown>) => fields(await admin().post('/v1/teams').send(body).expect(400));
    expect(await bad({ name: 'A', assignment: { mode: 'random', max_open: 0 } })).toEqual(['assignment.mode', 'assignment.max_open']);
    expect(await bad({ name: 'A', assignment: { max_open: 101 } })).toEqual(['assignment.max_open']);
    expect(await bad({ name: 'A', targets: { first_response_seconds: 5 } })).toEqual(['targets.first_response_seconds']);
    expect(await bad({ name: 'A', targets: { next_response_seconds: 15.5 } })).toEqual(['targets.next_response_seconds']);
    expect(await bad({ name: ' ' })).toEqual(['name']);
    expect(await bad({ name: 'A', phone_number_ids: ['+49 30 1234'] })).toEqual(['phone_number_ids']);
    expect(await bad({ name: 'A', business_hours: { time_zone: 'Mars/Olympus' } })).toEqual(['business_hours.time_zone']);
    expect(
      await bad({
        name: 'A',
        business_hours: {
          time_zone: 'UTC',
          weekly: {
            mon: [
              ['09:00', '12:00'],
              ['11:00', '13:00'],
            ],
            tue: [['18:00', '08:00']],
          },
        },
      }),
    ).toEqual(['business_hours.weekly.mon[1]', 'business_hours.weekly.tue[0]']);
    expect(await bad({ name: 'A', business_hours: { time_zone: 'UTC', weekly: { mon: [['9', '17']] } } })).toEqual(['business_hours.weekly.mon[0]']);

    const gone = await createStaff(t, 'agent');
    await admin().patch(`/v1/staff/${gone.id}`).send({ active: false }).expect(200);
    const ok = await createStaff(t, 'agent');
    const members = await admin()
      .post('/v1/teams')
      .send({ name: 'A', member_ids: [ok.id, gone.id, '00000000-0000-4000-8000-000000000000'] })
      .expect(400);
    expect(members.body.details).toEqual([
      { field: 'member_ids[1]', message: `${gone.id} is deactivated` },
      { field: 'member_ids[2]', message: 'no staff member has id 00000000-0000-4000-8000-000000000000' },
    ]);

    await admin().post('/v1/teams').send({ name: 'Billing' }).expect(201);
    expect((await admin().post('/v1/teams').send({ name: 'BILLING' }).expect(409)).body.error).toBe('team_exists');
    // Nothing refused was kept.
    expect((await admin().get('/v1/teams').expect(200)).body.data.map((x: { name: string }) => x.name)).not.toContain('A');
  });

  it('routes a number to one team only: routing it to a second is 409 naming it, and nothing of that change is kept', async () => {
    const number = '200000000000001';
    const first = (
      await admin()
        .post('/v1/teams')
        .send({ name: 'Orders', phone_number_ids: [number] })
        .expect(201)
    ).body.team;
    const refused = await admin()
      .post('/v1/teams')
      .send({ name: 'Returns', phone_number_ids: ['200000000000002', number] })
      .expect(409);
    expect(refused.body).toMatchObject({
      error: 'number_routed',
      field: 'phone_number_ids[1]',
      routed: [{ phone_number_id: number, team_id: first.id, team_name: 'Orders' }],
    });
    expect(refused.body.message).toContain(number);
    expect((await admin().get('/v1/teams').expect(200)).body.data.map((x: { name: string }) => x.name)).not.toContain('Returns');

    const returns = (
      await admin()
        .post('/v1/teams')
        .send({ name: 'Returns', phone_number_ids: ['200000000000002'] })
        .expect(201)
    ).body.team;
    const moved = await admin()
      .patch(`/v1/teams/${returns.id}`)
      .send({ name: 'Refunds', phone_number_ids: [number] })
      .expect(409);
    expect(moved.body.error).toBe('number_routed');
    // The whole change was refused: the name and numbers stay.
    expect((await admin().get(`/v1/teams/${returns.id}`).expect(200)).body.team).toMatchObject({ name: 'Returns', phone_number_ids: ['200000000000002'] });

    // Once the first team lets it go, the other may take it.
    await admin().patch(`/v1/teams/${first.id}`).send({ phone_number_ids: [] }).expect(200);
    expect(
      (
        await admin()
          .patch(`/v1/teams/${returns.id}`)
          .send({ phone_number_ids: [number] })
          .expect(200)
      ).body.team.phone_number_ids,
    ).toEqual([number]);
  });

  it('changes and deletes a team, audited; null removes a target or the hours; an unknown id is 404', async () => {
    const member = await createStaff(t, 'agent');
    const { team } = (
      await admin()
        .post('/v1/teams')
        .send({
          name: 'Night shift',
          member_ids: [member.id],
          targets: { first_response_seconds: 60 },
          business_hours: { time_zone: 'UTC', weekly: { sat: [['00:00', '24:00']] } },
        })
        .expect(201)
    ).body;
    const changed = await admin()
      .patch(`/v1/teams/${team.id}`)
      .send({
        member_ids: [],
        assignment: { mode: 'round_robin' },
        targets: { first_response_seconds: null, next_response_seconds: 120 },
        business_hours: null,
      })
      .expect(200);
    expect(changed.body.team).toMatchObject({
      name: 'Night shift',
      members: [],
      assignment: { mode: 'round_robin', max_open: 10 },
      targets: { first_response_seconds: null, next_response_seconds: 120 },
      business_hours: null,
    });
    await admin().delete(`/v1/teams/${team.id}`).expect(204);
    await admin().delete(`/v1/teams/${team.id}`).expect(404);
    await admin().get(`/v1/teams/${team.id}`).expect(404);
    await admin().patch('/v1/teams/not-an-id').send({ name: 'x' }).expect(404);
    const trail = await t.dataSource.query(`SELECT action, details FROM audit_events WHERE subject_type = 'team' AND subject_id = $1 ORDER BY at, id`, [
      team.id,
    ]);
    expect(trail.map((r: { action: string }) => r.action)).toEqual(['team.created', 'team.updated', 'team.deleted']);
    expect(trail[1].details).toMatchObject({ member_ids: [], assignment: { mode: 'round_robin' }, business_hours: null });
    expect(await t.dataSource.query(`SELECT 1 FROM team_members WHERE team_id = $1`, [team.id])).toEqual([]);
  });

  it('the out-of-office reply and the reassignment time: saved, shown, turned off; a bad one names its field', async () => {
    const made = await admin()
      .post('/v1/teams')
      .send({ name: 'Night shift', assignment: { mode: 'round_robin', reassign_after_minutes: 15 }, out_of_office: { text: '  We answer from 9:00.  ' } })
      .expect(201);
    expect(made.body.team).toMatchObject({ assignment: { mode: 'round_robin', reassign_after_minutes: 15 }, out_of_office: { text: 'We answer from 9:00.' } });
    const id = made.body.team.id as string;
    expect(
      fields(
        await admin()
          .patch(`/v1/teams/${id}`)
          .send({ out_of_office: { text: '   ' } })
          .expect(400),
      ),
    ).toEqual(['out_of_office.text']);
    expect(
      fields(
        await admin()
          .patch(`/v1/teams/${id}`)
          .send({ out_of_office: { text: 'hi', html: '<b>hi</b>' } })
          .expect(400),
      ),
    ).toEqual(['out_of_office.html']);
    expect(
      fields(
        await admin()
          .patch(`/v1/teams/${id}`)
          .send({ assignment: { reassign_after_minutes: 0 } })
          .expect(400),
      ),
    ).toEqual(['assignment.reassign_after_minutes']);
    const off = await admin()
      .patch(`/v1/teams/${id}`)
      .send({ out_of_office: null, assignment: { reassign_after_minutes: null } })
      .expect(200);
    expect(off.body.team).toMatchObject({ assignment: { reassign_after_minutes: null }, out_of_office: null });
  });
});
