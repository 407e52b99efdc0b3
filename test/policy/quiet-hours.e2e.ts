import { instantAtWallClock, nextDay, wallClockAt } from '@sendbook/queue';
import { AdjustableClock } from '../../apps/api/src/common/clock.js';
import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';

// +972 is Israel: no contact time zone is known, so the number's country decides.
const ZONE = 'Asia/Jerusalem';

/** The next time the recipient's clock reads hh:00 after `after`. */
function nextLocal(hour: number, after: Date): Date {
  const today = { ...wallClockAt(after, ZONE), hour, minute: 0, second: 0 };
  const at = instantAtWallClock(today, ZONE);
  return at.getTime() > after.getTime() ? at : instantAtWallClock(nextDay(today), ZONE);
}

describe('quiet hours per purpose, in the recipient’s local time', () => {
  const clock = new AdjustableClock();
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook({ app: { clock, env: { QUIET_HOURS: 'marketing=21:00-08:00', SWEEP_INTERVAL_MS: '200', PROMOTE_OVERDUE_AFTER_MS: '200' } } });
  });
  afterAll(() => sb.close());

  const row = async (id: string) => (await sb.api().get(`/v1/messages/${id}`).expect(200)).body.message;

  it('a marketing message enqueued at 23:00 recipient time goes out at 08:00, not before; a transactional one goes at once', async () => {
    const elevenPm = nextLocal(23, new Date(Date.now() + 60_000));
    clock.advance(elevenPm.getTime() - clock.now().getTime());
    const eightAm = nextLocal(8, elevenPm);

    const marketing = (
      await sb
        .api()
        .post('/v1/messages')
        .send(messageRequest({ dedupe_key: 'promo-1', purpose: 'marketing' }))
        .expect(201)
    ).body.message;
    const receipt = (
      await sb
        .api()
        .post('/v1/messages')
        .send(messageRequest({ dedupe_key: 'receipt-1', purpose: 'order_shipped', to: '+972501234568' }))
        .expect(201)
    ).body.message;

    await waitFor(async () => new Date((await row(marketing.id)).not_before).getTime() === eightAm.getTime(), { what: 'not_before moved to 08:00' });
    await waitFor(() => sb.sim.ledger({ bizOpaqueCallbackData: receipt.id }).length === 1, { what: 'the transactional message' });
    const history = (await sb.api().get(`/v1/messages/${marketing.id}/history`).expect(200)).body.data;
    expect(history.at(-1)).toMatchObject({ to_state: 'queued', actor: 'policy' });
    expect(history.at(-1).reason).toMatch(/quiet hours/);
    // The message says why it waits, until when, and in whose time, for the thread to show.
    expect((await row(marketing.id)).waiting).toEqual({ reason: 'quiet_hours', until: eightAm.toISOString(), time_zone: ZONE });

    // A minute before 08:00: still quiet, nothing goes however often the sweeper looks.
    clock.advance(eightAm.getTime() - 60_000 - clock.now().getTime());
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sb.sim.ledger({ bizOpaqueCallbackData: marketing.id })).toEqual([]);
    expect((await row(marketing.id)).state).toBe('queued');

    clock.advance(eightAm.getTime() + 1000 - clock.now().getTime());
    await waitFor(() => sb.sim.ledger({ bizOpaqueCallbackData: marketing.id }).length === 1, { what: 'the marketing message at 08:00' });
    // The simulator's ledger can be ahead of our row: wait for the accept to be recorded.
    await waitFor(async () => (await row(marketing.id)).accepted_at !== null, { what: 'the accept recorded' });
    const sent = await row(marketing.id);
    expect(new Date(sent.accepted_at).getTime()).toBeGreaterThanOrEqual(eightAm.getTime());
    expect(sent.attempts).toBe(1);
    expect(sent.waiting).toBeNull();
  });
});
