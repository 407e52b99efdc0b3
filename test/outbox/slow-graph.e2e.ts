import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';

const ROWS = 256;
/** Above the Graph client's old fixed pool of 64 sockets. */
const CONCURRENCY = 256;

describe('a slow Meta with more concurrent sends than the old socket pool: no false unknowns', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook({
      // Each answer takes 1.5 s: four waves through the old 64 sockets took 6 s, past the 5 s
      // time-out that counted the wait, so the last wave came back `unknown` (or, worse, a
      // `not_sent` for a request the simulator had read). The 3.5 s left are for a loaded machine.
      sim: {
        phoneNumbers: [{ id: '106540352242922', displayPhoneNumber: '15550783881', wabaId: '102290129340398', mps: 100_000 }],
        chaos: { slowResponseMs: 1_500 },
        statusDelaysMs: { sent: 10, delivered: null, read: null },
      },
      app: {
        env: {
          SEND_CONCURRENCY: String(CONCURRENCY),
          GRAPH_TIMEOUT_MS: '5000',
          MESSAGING_LIMIT: 'unlimited',
          SEND_RATE_PER_SECOND: '2000',
          SWEEP_INTERVAL_MS: '500',
        },
      },
    });
  });
  afterAll(() => sb.close());

  it(`${ROWS} sends at concurrency ${CONCURRENCY} against 1.5 s answers: all accepted once, none unknown or stuck`, async () => {
    // Due a moment ahead, so the workers find them all waiting and take CONCURRENCY at once.
    const due = new Date(Date.now() + 3_000).toISOString();
    const ids: string[] = [];
    for (let batch = 0; batch < ROWS / 64; batch++) {
      const created = await Promise.all(
        Array.from({ length: 64 }, (_, i) => {
          const k = batch * 64 + i;
          return sb
            .api()
            .post('/v1/messages')
            .send(messageRequest({ dedupe_key: `slow-${k}`, to: `+9725060${String(10000 + k)}`, not_before: due }))
            .expect(201);
        }),
      );
      ids.push(...created.map((r) => r.body.message.id as string));
    }

    expect(ids).toHaveLength(ROWS);
    await waitFor(() => Object.keys(sb.sim.ledgerCountByCallbackData()).length >= ROWS, { timeoutMs: 60_000, what: `${ROWS} sends at the simulator` });
    // Past the Graph time-out of the last ones: whatever was going to time out has.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    // Before: retries of false `not_sent`s and `unknown`s (the latter healed only because a status
    // webhook named the row). Timing-bound: on a machine loaded far past its cores it can still miss.
    const outcomes = (await sb.dataSource.query(
      `SELECT reason, count(*)::int AS n FROM outbound_message_events WHERE reason LIKE 'outcome unknown%' OR reason LIKE 'send will be retried%' GROUP BY reason`,
    )) as { reason: string; n: number }[];
    expect(outcomes).toEqual([]);
    const states = (await sb.dataSource.query(`SELECT state, count(*)::int AS n FROM outbound_messages GROUP BY state`)) as { state: string; n: number }[];
    expect(states.filter((s) => ['queued', 'sending', 'failed'].includes(s.state))).toEqual([]);
    const perRow = sb.sim.ledgerCountByCallbackData();
    expect(ids.filter((id) => perRow[id] !== 1)).toEqual([]);
    expect((await sb.api().get('/v1/work-items?kind=stuck_sending').expect(200)).body.data).toEqual([]);
  }, 120_000);
});
