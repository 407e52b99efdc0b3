import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';

const MAX_FAILURES = 3;

describe('a row that throws before or at its claim becomes a failed work item after a few tries', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook({
      app: {
        env: { SWEEP_INTERVAL_MS: '300', OUTBOX_MAX_PREPARE_FAILURES: String(MAX_FAILURES), MESSAGING_LIMIT: 'unlimited', PROMOTE_OVERDUE_AFTER_MS: '200' },
      },
    });
  });
  afterAll(() => sb.close());

  it(`fails it after ${MAX_FAILURES} tries with a reason a person can read; the other rows go on`, async () => {
    const poison = (
      await sb
        .api()
        .post('/v1/messages')
        .send(messageRequest({ dedupe_key: 'poison-1', to: '+972507000001', not_before: new Date(Date.now() + 600_000).toISOString() }))
        .expect(201)
    ).body.message.id as string;
    // (Its job waits for the old not_before; PROMOTE_OVERDUE_AFTER_MS brings it forward.)
    // A row no code path expects (as a bad import or a bug might leave one): its attempt counter
    // at the integer limit, so its claim throws (22003 out of range) every time; nothing is sent.
    await sb.dataSource.query(`UPDATE outbound_messages SET attempts = 2147483647, not_before = now() WHERE id = $1`, [poison]);
    const healthy = (
      await sb
        .api()
        .post('/v1/messages')
        .send(messageRequest({ dedupe_key: 'healthy-1', to: '+972507000002' }))
        .expect(201)
    ).body.message.id as string;

    const state = async () => ((await sb.dataSource.query(`SELECT state FROM outbound_messages WHERE id = $1`, [poison])) as { state: string }[])[0]!.state;
    await waitFor(async () => (await state()) === 'failed', { timeoutMs: 30_000, what: 'the poison row to fail' });
    const failed = (await sb.api().get(`/v1/messages/${poison}`).expect(200)).body.message;
    expect(failed.last_error).toMatchObject({ code: 'unprocessable', title: expect.stringContaining('could not be prepared') });
    const history = (await sb.api().get(`/v1/messages/${poison}/history`).expect(200)).body.data as { reason: string; to_state: string }[];
    expect(history.filter((h) => h.reason.startsWith('could not be prepared for sending'))).toHaveLength(MAX_FAILURES);
    expect(history.at(-1)).toMatchObject({ to_state: 'failed' });

    const items = (await sb.api().get('/v1/work-items?kind=failed').expect(200)).body.data as { message?: { id: string }; id?: string }[];
    expect(JSON.stringify(items)).toContain(poison);
    expect(sb.sim.ledger({ bizOpaqueCallbackData: poison })).toEqual([]);

    await waitFor(() => sb.sim.ledger({ bizOpaqueCallbackData: healthy }).length === 1, { what: 'the healthy row' });
    // Failed, it is left alone: no more tries.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = (await sb.api().get(`/v1/messages/${poison}/history`).expect(200)).body.data as unknown[];
    expect(after).toHaveLength(history.length);
  });
});
