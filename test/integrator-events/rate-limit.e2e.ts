import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { endpointRateKeys, endpointSlotIntervalMs } from '@sendbook/queue';
import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { exited, startWorkerProcess } from '../support/worker-process.js';
import { FAST_DELIVERY_ENV, Receiver } from './receiver.js';

const RATE = 8;
const WAITING = 40;

// An endpoint's rate_per_second holds across worker processes: two workers share one limiter in
// Redis. Its own ledger (POSTs let through per second) is the strict check; the receiver's clock
// only gets generous bounds, since a machine under load delays POSTs unevenly. What waits is not
// an attempt: every delivery is made with exactly one.
describe('event endpoints: rate_per_second across two worker processes', () => {
  let sb: Sendbook;
  let receiver: Receiver;
  let redis: Redis;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    receiver = await Receiver.start();
    // The API alone: the events wait until the two workers start, then are all due at once.
    sb = await startSendbook({ app: { env: { ...FAST_DELIVERY_ENV, ROLE: 'api' } } });
    redis = new Redis(sb.config.redisUrl);
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await Promise.all(children.map(exited));
    redis?.disconnect();
    await sb?.close();
    await receiver?.close();
  });

  it(`at most ${RATE} POSTs a second reach the endpoint, however many are due; none waiting costs an attempt, and each message's events stay in order`, async () => {
    const created = await sb
      .api()
      .post('/v1/event-endpoints')
      .send({ url: receiver.url, events: ['message.state_changed'], rate_per_second: RATE })
      .expect(201);
    expect(created.body.endpoint.rate_per_second).toBe(RATE);
    const id = created.body.endpoint.id as string;
    // Messages due next century: one `queued` event each, forty ordering keys all claimable at once…
    const later = await sb
      .api()
      .post('/v1/messages/batch')
      .send({
        messages: Array.from({ length: WAITING }, (_, i) =>
          messageRequest({ dedupe_key: `rate-later-${i}`, to: `+165055590${String(i).padStart(2, '0')}`, not_before: '2099-01-01T00:00:00Z' }),
        ),
      })
      .expect(200);
    expect(later.body.results.every((r: { status: string }) => r.status === 'created')).toBe(true);
    // …and three sent now, whose events follow one another.
    for (let i = 0; i < 3; i++)
      await sb
        .api()
        .post('/v1/messages')
        .send(messageRequest({ dedupe_key: `rate-now-${i}`, to: `+1650555091${i}` }))
        .expect(201);

    // A POST is given 15 s, not the fast 2 s: on a loaded machine a late answer would count a
    // second attempt, and this test's subject is the waiting, which must count none.
    const env = { ...FAST_DELIVERY_ENV, EVENT_DELIVERY_CONCURRENCY_PER_ENDPOINT: '8', EVENT_DELIVERY_TIMEOUT_MS: '15000' };
    children.push(startWorkerProcess(sb, env), startWorkerProcess(sb, env));
    await waitFor(
      async () => (await sb.dataSource.query(`SELECT 1 FROM outbound_messages WHERE dedupe_key LIKE 'rate-now-%' AND state = 'read'`)).length === 3,
      { what: 'the three messages read', timeoutMs: 60_000 },
    );
    await waitFor(async () => (await sb.dataSource.query(`SELECT 1 FROM event_deliveries WHERE state <> 'delivered'`)).length === 0, {
      what: 'every event delivered',
      timeoutMs: 60_000,
    });

    const deliveries: { event_id: string; attempts: number; seq: string; ordering_key: string }[] = await sb.dataSource.query(
      `SELECT event_id, attempts, seq, ordering_key FROM event_deliveries WHERE endpoint_id = $1 ORDER BY seq`,
      [id],
    );
    const total = deliveries.length;
    // Each sent message: queued, sending, accepted and read at least (sent and delivered may come in one batch with read).
    expect(total).toBeGreaterThanOrEqual(WAITING + 3 * 4);
    // Held back is not an attempt: each delivery was made once, with its one attempt.
    expect(deliveries.filter((d) => d.attempts !== 1)).toEqual([]);
    const posts = receiver.received;
    expect(posts).toHaveLength(total);
    expect(new Set(posts.map((r) => r.id)).size).toBe(total);
    // In order per message.
    const seqOf = new Map(deliveries.map((d) => [d.event_id, Number(d.seq)]));
    const keyOf = new Map(deliveries.map((d) => [d.event_id, d.ordering_key]));
    for (const key of new Set(deliveries.map((d) => d.ordering_key))) {
      const seqs = posts.filter((r) => keyOf.get(r.id) === key).map((r) => seqOf.get(r.id)!);
      expect({ key, seqs }).toEqual({ key, seqs: [...seqs].sort((a, b) => a - b) });
    }

    // The limiter's own account: every second it let at most RATE through, and every POST had a slot.
    const ledger = Object.values(await redis.hgetall(endpointRateKeys(`${sb.config.redisPrefix}:rate`, id).ledger)).map(Number);
    expect(Math.max(...ledger)).toBeLessThanOrEqual(RATE);
    expect(ledger.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(total);

    // At the receiver, generously: spaced slots take at least (total - 1) intervals end to end (late POSTs only
    // lengthen that), and no sliding second holds anything like an unlimited burst.
    const at = posts.map((r) => r.receivedAtMs).sort((a, b) => a - b);
    expect(at.at(-1)! - at[0]!).toBeGreaterThanOrEqual((total - 1) * endpointSlotIntervalMs(RATE) * 0.8);
    const busiest = Math.max(...at.map((t) => at.filter((u) => u >= t && u < t + 1000).length));
    expect(busiest).toBeLessThanOrEqual(2 * RATE);
  });
});
