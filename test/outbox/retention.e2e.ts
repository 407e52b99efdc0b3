import { AdjustableClock } from '../../apps/api/src/common/clock.js';
import { IS_FINISHED_SQL } from '../../apps/api/src/modules/outbox/outbound-message.entity.js';
import { OutboxSweeper } from '../../apps/api/src/modules/outbox/outbox-sweeper.service.js';
import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';

const HOUR = 3_600_000;

describe('retention: outbound rows are the books; a purpose with OUTBOUND_RETENTION lets its finished rows go, never before the dedupe window', () => {
  const clock = new AdjustableClock();
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook({ app: { clock, env: { DEDUPE_WINDOWS: 'otp=1h', OUTBOUND_RETENTION: 'otp=1h' } } });
  });
  afterAll(() => sb.close());

  const stateOf = async (id: string): Promise<string | undefined> => (await sb.api().get(`/v1/messages/${id}`)).body.message?.state;
  const count = async (key: string): Promise<number> =>
    (await sb.dataSource.query(`SELECT count(*)::int AS n FROM outbound_messages WHERE dedupe_key = $1`, [key]))[0].n;

  it('purges finished rows of a purpose with a retention past it only, and then the key may be used again; other rows stay for good', async () => {
    const otp = await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'otp:login:1', purpose: 'otp' }))
      .expect(201);
    const order = await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'order-9:shipped' }))
      .expect(201);
    // Due in two days: still queued when its window has passed, and never purged while unsent.
    const later = await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'otp:login:2', purpose: 'otp', not_before: new Date(Date.now() + 48 * HOUR).toISOString() }))
      .expect(201);
    const finished = ['accepted', 'sent', 'delivered', 'read'];
    await waitFor(async () => finished.includes((await stateOf(otp.body.message.id)) ?? '') && finished.includes((await stateOf(order.body.message.id)) ?? ''));

    const purge = () => sb.app.get(OutboxSweeper, { strict: false }).purge();
    expect(await purge()).toBe(0);

    clock.advance(2 * HOUR);
    expect(await purge()).toBe(1);
    expect(await count('otp:login:1')).toBe(0);
    expect(await count('order-9:shipped')).toBe(1);
    expect(await stateOf(later.body.message.id)).toBe('queued');

    // Past its window the business event may happen again; the order's key still deduplicates.
    await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'otp:login:1', purpose: 'otp' }))
      .expect(201);
    const again = await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'order-9:shipped' }))
      .expect(200);
    expect(again.body.deduplicated).toBe(true);

    // A year on, past the default 90-day dedupe window: the order's row is the books, and stays.
    clock.advance(365 * 24 * HOUR);
    await purge();
    expect(await count('order-9:shipped')).toBe(1);
    expect((await sb.dataSource.query(`SELECT retain_until FROM outbound_messages WHERE dedupe_key = 'order-9:shipped'`))[0].retain_until).toBeNull();
  });

  it('the purge reads the retention index, which holds finished rows only', async () => {
    const rows = await sb.dataSource.query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'ix_outbound_messages_retain'`);
    expect(rows[0].indexdef).toMatch(
      /WHERE \(state = ANY \(ARRAY\['accepted'::text, 'sent'::text, 'delivered'::text, 'read'::text, 'played'::text, 'failed'::text, 'cancelled'::text\]\)\)/,
    );
    await sb.dataSource.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      // The purge's own predicate (OutboxRepository.purgeExpired) must imply the index's.
      const plan = await tx.query(`EXPLAIN SELECT id FROM outbound_messages WHERE retain_until < now() AND ${IS_FINISHED_SQL} LIMIT 10`);
      expect(plan.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n')).toContain('ix_outbound_messages_retain');
    });
  });
});
