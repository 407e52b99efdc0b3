import { INTEGRATOR_EVENT_TYPES } from '@sendbook/queue';
import { inbound } from '../conversations/conversation-support.js';
import { startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';
import { createStaff } from '../support/staff.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';
import { adminCalls, FAST_DELIVERY_ENV, Receiver } from './receiver.js';

// Endpoints narrow the events of their types by business number, purpose and campaign. The rule is
// one SQL function (`event_endpoint_accepts`, over `integrator_event_facets` of the event), used by
// the one trigger that makes deliveries and by `recover`: an event about no number in particular
// passes a filter on numbers; an event about no message passes neither purposes nor campaigns; an
// inbound message is about the message it answers.

const N1 = TEST_SECRETS.phoneNumberId;
const N2 = '106540352242955';
const EVERY_TYPE = [...INTEGRATOR_EVENT_TYPES];

const FILTERS = {
  byNumber: { phone_number_ids: [N2] },
  byPurpose: { purposes: ['order_shipped'] },
  byCampaign: { campaigns: ['black-friday'] },
  numberAndCampaign: { phone_number_ids: [N1], campaigns: ['black-friday'] },
  none: null,
} as const;
type Name = keyof typeof FILTERS;
const NAMES = Object.keys(FILTERS) as Name[];

describe('event endpoints: filters by number, purpose and campaign', () => {
  let sb: Sendbook;
  const receivers = {} as Record<Name, Receiver>;
  const ids = {} as Record<Name, string>;
  beforeAll(async () => {
    sb = await startSendbook({
      sim: {
        phoneNumbers: [
          { id: N1, displayPhoneNumber: '15550783881', wabaId: TEST_SECRETS.businessAccountId, mps: 80 },
          { id: N2, displayPhoneNumber: '15550783882', wabaId: TEST_SECRETS.businessAccountId, mps: 80 },
        ],
      },
      app: { env: FAST_DELIVERY_ENV },
    });
    for (const name of NAMES) {
      receivers[name] = await Receiver.start();
      const res = await sb
        .api()
        .post('/v1/event-endpoints')
        .send({ url: receivers[name].url, events: EVERY_TYPE, description: name, ...(FILTERS[name] ? { filter: FILTERS[name] } : {}) })
        .expect(201);
      ids[name] = res.body.endpoint.id;
    }
  });
  afterAll(async () => {
    await sb?.close();
    for (const r of Object.values(receivers)) await r.close();
  });

  let n = 0;
  const enqueue = async (fields: { phone_number_id: string; purpose: string; campaign?: string; to: string; not_before?: string }) => {
    n += 1;
    const res = await sb
      .api()
      .post('/v1/messages')
      .send({ dedupe_key: `filters-${n}`, payload: templatePayload(String(n)), ...fields })
      .expect(201);
    return res.body.message.id as string;
  };

  it('the rule, in PostgreSQL: each dimension a filter names must match; an event about no number passes a number filter, one about no message neither purposes nor campaigns', async () => {
    const shown = (await sb.api().get('/v1/event-endpoints').expect(200)).body.data as { id: string; filter: unknown }[];
    for (const name of NAMES) expect({ name, filter: shown.find((e) => e.id === ids[name])!.filter }).toEqual({ name, filter: FILTERS[name] });
    const answered = await enqueue({
      phone_number_id: N2,
      purpose: 'order_shipped',
      campaign: 'black-friday',
      to: '+16505550801',
      not_before: '2099-01-01T00:00:00Z',
    });
    const message = (number: string, purpose: string, campaign: string | null) => ({ message: { id: 'm', phone_number_id: number, purpose, campaign } });
    const cases: [string, Record<string, unknown>, Name[]][] = [
      ['a message from N1, order_shipped, no campaign', message(N1, 'order_shipped', null), ['byPurpose', 'none']],
      ['a message from N2, order_shipped, black-friday', message(N2, 'order_shipped', 'black-friday'), ['byNumber', 'byPurpose', 'byCampaign', 'none']],
      ['a message from N1, promo, black-friday', message(N1, 'promo', 'black-friday'), ['byCampaign', 'numberAndCampaign', 'none']],
      ['an account-wide alert', { alert: { id: 'a', details: { scope: 'account', phone_number_id: null } } }, ['byNumber', 'none']],
      ['an alert about N1', { alert: { id: 'a', details: { scope: 'number', phone_number_id: N1 } } }, ['none']],
      ['an alert about N2', { alert: { id: 'a', details: { scope: 'number', phone_number_id: N2 } } }, ['byNumber', 'none']],
      ['a webhook body no one could read', { delivery: { id: 'd' }, work_item: { kind: 'poison_webhook' } }, ['byNumber', 'none']],
      ['a conversation on N2', { conversation: { id: 'c', phone_number_id: N2 } }, ['byNumber', 'none']],
      ['a reply on N2 answering no message', { inbound: { id: 'i', phone_number_id: N2, message_id: null } }, ['byNumber', 'none']],
      [
        'a reply on N2 answering the N2 black-friday message',
        { inbound: { id: 'i', phone_number_id: N2, message_id: answered } },
        ['byNumber', 'byPurpose', 'byCampaign', 'none'],
      ],
      [
        'a reply on N1 answering a promo black-friday message (as inbound.attributed carries it)',
        { inbound: { id: 'i', phone_number_id: N1, message_id: 'x' }, ...message(N1, 'promo', 'black-friday') },
        ['byCampaign', 'numberAndCampaign', 'none'],
      ],
    ];
    for (const [what, snapshot, expected] of cases) {
      const rows: { id: string }[] = await sb.dataSource.query(
        `SELECT e.id FROM event_endpoints e WHERE event_endpoint_accepts(e, 'message.state_changed', integrator_event_facets($1::jsonb))`,
        [JSON.stringify(snapshot)],
      );
      const accepted = NAMES.filter((name) => rows.some((r) => r.id === ids[name]));
      expect({ what, accepted }).toEqual({ what, accepted: expected });
    }
    // The types come first: an endpoint that does not take the type takes none of it, whatever the filter.
    const narrow = await sb
      .api()
      .post('/v1/event-endpoints')
      .send({ url: receivers.none.url, events: ['message.failed'] })
      .expect(201);
    const [{ takes }] = await sb.dataSource.query(
      `SELECT event_endpoint_accepts(e, 'message.state_changed', integrator_event_facets($2::jsonb)) AS takes FROM event_endpoints e WHERE e.id = $1`,
      [narrow.body.endpoint.id, JSON.stringify(message(N1, 'order_shipped', null))],
    );
    expect(takes).toBe(false);
    await adminCalls(sb).delete(`/v1/event-endpoints/${narrow.body.endpoint.id}`).expect(204);
  });

  it('each endpoint receives exactly the events its filter matches, from every kind of trigger', async () => {
    const settled = async () => (await sb.dataSource.query(`SELECT 1 FROM event_deliveries WHERE state <> 'delivered'`)).length === 0;
    await waitFor(settled, { what: 'what came before delivered' });
    for (const r of Object.values(receivers)) r.received.length = 0;
    const [{ since }] = (await sb.dataSource.query(`SELECT now() AS since`)) as { since: Date }[];
    const m1 = await enqueue({ phone_number_id: N1, purpose: 'order_shipped', to: '+16505550811' });
    const m2 = await enqueue({ phone_number_id: N2, purpose: 'order_shipped', campaign: 'black-friday', to: '+16505550812' });
    const m3 = await enqueue({ phone_number_id: N1, purpose: 'promo', campaign: 'black-friday', to: '+16505550813' });
    const m4 = await enqueue({ phone_number_id: N2, purpose: 'promo', to: '+16505550814' });
    const messages = [m1, m2, m3, m4];
    const wamidOf = async (id: string) => {
      let wamid: string | null = null;
      await waitFor(async () => (wamid = (await sb.api().get(`/v1/messages/${id}`).expect(200)).body.message.wamid) !== null, { what: `${id} accepted` });
      return wamid as unknown as string;
    };
    // A reply on N2 quoting the black-friday message, and a customer writing to N1 out of the blue.
    const answer = await inbound(sb, sb.sim.customer('16505550812', { phoneNumberId: N2 }).sendText('thanks!', { contextWamid: await wamidOf(m2) }));
    expect(answer).toMatchObject({ message_id: m2, phone_number_id: N2 });
    const hello = await inbound(sb, sb.sim.customer('16505550815', { phoneNumberId: N1 }).sendText('hello?'));
    expect(hello).toMatchObject({ message_id: null, phone_number_id: N1 });
    // Alerts: about the whole account, about N1, about N2; each opened and resolved.
    const { AlertsService } = await import('../../apps/api/src/modules/alerts/alerts.service.js');
    const alerts = sb.app.get(AlertsService);
    const alertIds: Record<'account' | 'n1' | 'n2', string> = { account: '', n1: '', n2: '' };
    for (const [key, number] of [
      ['account', null],
      ['n1', N1],
      ['n2', N2],
    ] as const) {
      const { alert } = await alerts.raise({
        source: 'test',
        key: `filters.${key}`,
        title: `About ${key}`,
        details: { scope: number ? 'number' : 'account', phone_number_id: number },
      });
      alertIds[key] = alert.id;
      await sb.api().post(`/v1/alerts/${alert.id}/resolve`).send({ note: 'seen' }).expect(200);
    }
    // An assignment in each conversation (the conversation trigger).
    const agent = await createStaff(sb, 'agent');
    for (const c of [answer, hello]) await adminCalls(sb).patch(`/v1/conversations/${c.conversation_id}`).send({ assignee: agent.id }).expect(200);

    await waitFor(async () => (await sb.dataSource.query(`SELECT 1 FROM outbound_messages WHERE id = ANY($1) AND state <> 'read'`, [messages])).length === 0, {
      what: 'the four messages read',
    });
    await waitFor(settled, { what: 'every delivery made' });

    const events: { id: string; ordering_key: string; type: string }[] = await sb.dataSource.query(
      `SELECT id, ordering_key, type FROM integrator_events WHERE created_at >= $1 ORDER BY seq`,
      [since],
    );
    const key = {
      m1: `message:${m1}`,
      m2: `message:${m2}`,
      m3: `message:${m3}`,
      m4: `message:${m4}`,
      answer: `inbound:${answer.id}`,
      hello: `inbound:${hello.id}`,
      account: `alert:${alertIds.account}`,
      n1: `alert:${alertIds.n1}`,
      n2: `alert:${alertIds.n2}`,
      answerConversation: `conversation:${answer.conversation_id}`,
      helloConversation: `conversation:${hello.conversation_id}`,
    };
    // Every event of the period is about one of these (and each of them made some).
    expect([...new Set(events.map((e) => e.ordering_key))].sort()).toEqual(Object.values(key).sort());
    expect(events.filter((e) => e.ordering_key === key.answer).map((e) => e.type)).toEqual(['inbound.received', 'inbound.attributed']);
    expect(events.filter((e) => e.type === 'conversation.assigned')).toHaveLength(2);

    const expected: Record<Name, string[]> = {
      // N2's messages, the reply on N2 and its conversation, N2's alert and the account's.
      byNumber: [key.m2, key.m4, key.answer, key.answerConversation, key.n2, key.account],
      // order_shipped messages, and the reply answering one; nothing about no message.
      byPurpose: [key.m1, key.m2, key.answer],
      byCampaign: [key.m2, key.m3, key.answer],
      numberAndCampaign: [key.m3],
      none: Object.values(key),
    };
    for (const name of NAMES) {
      const owed = events.filter((e) => expected[name].includes(e.ordering_key)).map((e) => e.id);
      const got = receivers[name].accepted().map((r) => r.id);
      expect({ name, got: [...got].sort() }).toEqual({ name, got: [...owed].sort() });
      // Made once each: a filtered-out event leaves no delivery row behind.
      const rows = await sb.dataSource.query(
        `SELECT event_id FROM event_deliveries d JOIN integrator_events ev ON ev.id = d.event_id WHERE d.endpoint_id = $1 AND ev.created_at >= $2`,
        [ids[name], since],
      );
      expect(rows.length).toBe(owed.length);
    }
  });

  it('recover owes an endpoint only what its filter takes', async () => {
    await adminCalls(sb).patch(`/v1/event-endpoints/${ids.byNumber}`).send({ enabled: false }).expect(200);
    const since = new Date().toISOString();
    const later = '2099-01-01T00:00:00Z';
    await enqueue({ phone_number_id: N1, purpose: 'order_shipped', to: '+16505550821', not_before: later });
    const onN2 = await enqueue({ phone_number_id: N2, purpose: 'order_shipped', to: '+16505550822', not_before: later });
    await adminCalls(sb).patch(`/v1/event-endpoints/${ids.byNumber}`).send({ enabled: true }).expect(200);
    receivers.byNumber.received.length = 0;
    const recovered = await sb.api().post(`/v1/event-endpoints/${ids.byNumber}/recover`).send({ since }).expect(200);
    expect(recovered.body.owed).toBe(1);
    await waitFor(() => receivers.byNumber.accepted().length === 1, { what: 'the recovered event' });
    expect(receivers.byNumber.accepted()[0]!.event.data).toMatchObject({ message: { id: onN2, phone_number_id: N2, state: 'queued' } });
  });

  it('a filter is changed or removed by PATCH, and refused field by field when it is not one', async () => {
    const patch = (body: Record<string, unknown>) => adminCalls(sb).patch(`/v1/event-endpoints/${ids.byPurpose}`).send(body);
    const changed = await patch({ filter: { purposes: ['promo'], campaigns: ['spring'] }, rate_per_second: 50 }).expect(200);
    expect(changed.body.endpoint).toMatchObject({ filter: { purposes: ['promo'], campaigns: ['spring'] }, rate_per_second: 50 });
    // The whole filter is replaced, not merged.
    expect((await patch({ filter: { phone_number_ids: [N1] } }).expect(200)).body.endpoint.filter).toEqual({ phone_number_ids: [N1] });
    expect((await patch({ filter: {} }).expect(200)).body.endpoint.filter).toBeNull();
    expect((await patch({ filter: { campaigns: ['x'] } }).expect(200)).body.endpoint.filter).toEqual({ campaigns: ['x'] });
    expect((await patch({ filter: null, rate_per_second: null }).expect(200)).body.endpoint).toMatchObject({ filter: null, rate_per_second: null });

    const refused = async (body: Record<string, unknown>, field: string) => {
      const res = await patch(body).expect(400);
      expect({ body, fields: res.body.details.map((d: { field: string }) => d.field) }).toEqual({ body, fields: expect.arrayContaining([field]) });
    };
    await refused({ filter: { phone_number_ids: ['not digits'] } }, 'filter.phone_number_ids');
    await refused({ filter: { phone_number_ids: [] } }, 'filter.phone_number_ids');
    await refused({ filter: { purposes: ['has space'] } }, 'filter.purposes');
    await refused({ filter: { purposes: ['promo', 'promo'] } }, 'filter.purposes');
    await refused({ filter: { campaigns: [''] } }, 'filter.campaigns');
    await refused({ filter: { campaigns: 'black-friday' } }, 'filter.campaigns');
    await refused({ filter: { numbers: [N1] } }, 'filter.numbers');
    await refused({ filter: 'everything' }, 'filter');
    await refused({ rate_per_second: 0 }, 'rate_per_second');
    await refused({ rate_per_second: 1001 }, 'rate_per_second');
    await refused({ rate_per_second: 2.5 }, 'rate_per_second');
    const created = await sb
      .api()
      .post('/v1/event-endpoints')
      .send({ url: receivers.none.url, events: ['message.failed'], filter: { purposes: [] } })
      .expect(400);
    expect(created.body.details.map((d: { field: string }) => d.field)).toEqual(['filter.purposes']);
  });
});
