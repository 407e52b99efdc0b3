import { randomUUID } from 'node:crypto';
import { PARTITION_MISSING_ALERT, RETENTION_WAITING_ALERT, WebhookRetention } from '../../apps/api/src/modules/webhooks/webhook-retention.service.js';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { dayPartitionName, partitionsOf, startRoundDone } from './partition-support.js';
import { envelope, postWebhook, textMessage } from './webhook-support.js';

const DAY = 86_400_000;
const dayName = (daysAgo: number) => dayPartitionName('webhook_deliveries', daysAgo);

/**
 * Retention of stored webhook bodies by whole daily partitions, on the real stack with signed
 * webhooks acknowledged throughout: expired days dropped, a day holding a poison body kept (and
 * said so) until staff dismiss it, bodies that found no partition moved into one, event claims
 * younger than 8 days untouched, and not one ack failed or body lost.
 */
describe('webhook bodies: daily partitions dropped whole past the retention, while acks go on', () => {
  let sb: Sendbook;
  let retention: WebhookRetention;
  beforeAll(async () => {
    // The task runs once at start; the test runs the rounds itself.
    sb = await startSendbook({ app: { env: { WEBHOOK_BODY_RETENTION_DAYS: '30', WEBHOOK_PARTITION_INTERVAL_MS: '86400000' } } });
    retention = sb.app.get(WebhookRetention);
    await startRoundDone(sb.app);
  }, 120_000);
  afterAll(() => sb?.close());

  const partitions = () => partitionsOf(sb.dataSource, 'webhook_deliveries');
  const openAlert = async (key: string) =>
    ((await sb.dataSource.query(`SELECT 1 FROM alerts WHERE key = $1 AND state = 'open'`, [key])) as unknown[]).length > 0;
  const seed = async (daysAgo: number, state: 'processed' | 'poison', n = 1) => {
    const ids = Array.from({ length: n }, () => randomUUID());
    await sb.dataSource.query(
      `INSERT INTO webhook_deliveries (id, received_at, headers, body, state, processed_at)
       SELECT id, now() - make_interval(days => $2), '{}', convert_to('{"old":true}', 'UTF8'), $3, now() FROM unnest($1::uuid[]) AS id`,
      [ids, daysAgo, state],
    );
    return ids;
  };

  it('drops what is past 30 days, keeps a day with a poison body until it is dismissed, and every ack meanwhile is stored', async () => {
    // Partitions for today and three days ahead exist from the start.
    expect(await partitions()).toEqual(expect.arrayContaining([dayName(0), dayName(-1), dayName(-3), 'webhook_deliveries_default']));

    // History from before: 45 and 40 days ago (one poison among them), 20 days ago; none had a partition, so the default took them.
    await seed(45, 'processed', 50);
    await seed(40, 'processed', 50);
    const [poison] = await seed(40, 'poison');
    await seed(20, 'processed', 10);
    expect(Number((await sb.dataSource.query(`SELECT count(*) AS n FROM webhook_deliveries_default`))[0].n)).toBe(111);
    // An event claim 7 days old (Meta may still redeliver it) must survive every round.
    await sb.dataSource.query(
      `INSERT INTO webhook_event_claims (key, field, delivery_id, state, claimed_at) VALUES ('msg:1:wamid.kept', 'messages', $1, 'done', now() - interval '7 days')`,
      [randomUUID()],
    );

    // Signed webhooks all along, each a body of its own.
    const traffic = { running: true };
    const acked: string[] = [];
    const failed: number[] = [];
    const load = (async () => {
      for (let i = 0; traffic.running; i++) {
        const wamid = `wamid.retention-${i}`;
        const response = await postWebhook(sb.url, envelope({ messages: [textMessage(wamid, `hello ${i}`, '16505550100')] }));
        if (response.status === 200) acked.push(wamid);
        else failed.push(response.status);
      }
    })();

    try {
      const settle = () => new Promise((resolve) => setTimeout(resolve, 500));
      await settle();
      // A day's move out of the default partition gives up on its 500 ms lock behind the acks' inserts
      // and is tried again the next round: rounds run until no day of bodies is left over.
      const created = new Set<string>();
      const dropped = new Set<string>();
      let first = (await retention.maintain()).bodies!;
      for (const day of [...first.created]) created.add(day);
      for (const day of [...first.dropped]) dropped.add(day);
      await waitFor(
        async () => {
          if (first.stray.length === 0) return true;
          first = (await retention.maintain()).bodies!;
          for (const day of [...first.created]) created.add(day);
          for (const day of [...first.dropped]) dropped.add(day);
          return false;
        },
        { what: 'every stray day of bodies given its partition' },
      );
      // The stray days got partitions of their own; 45 days ago was then dropped, 40 days ago kept for its poison body.
      expect([...created]).toEqual(expect.arrayContaining([dayName(45), dayName(40), dayName(20)]));
      expect([...dropped]).toEqual([dayName(45)]);
      expect(first.waiting).toEqual([{ partition: dayName(40), keeping: { received: 0, poison: 1 } }]);
      expect(await openAlert(RETENTION_WAITING_ALERT)).toBe(true);
      // The claims' day for the 7-day-old claim may have missed its 500 ms lock behind the load's
      // claims (the round tries again next time): the alert closes once no table has a day left over.
      await waitFor(
        async () => {
          const round = await retention.maintain();
          return [round.bodies, round.claims, round.statuses].every((r) => (r?.stray.length ?? 0) === 0);
        },
        { what: 'no day left in a default partition' },
      );
      expect(await openAlert(PARTITION_MISSING_ALERT)).toBe(false);
      expect(await partitions()).not.toContain(dayName(45));
      expect(await partitions()).toEqual(expect.arrayContaining([dayName(40), dayName(20)]));

      // Staff dismiss the poison body: the next round drops its day and the alert closes.
      await sb.api().post(`/v1/work-items/poison_webhook/${poison}/dismiss`).send({ note: 'an old test body' }).expect(200);
      await settle();
      // Dropping takes the table's lock too, given up after 500 ms behind the acks: the next round tries again.
      const laterDrops: string[] = [];
      let second = (await retention.maintain()).bodies!;
      laterDrops.push(...second.dropped);
      await waitFor(
        async () => {
          if (laterDrops.includes(dayName(40))) return true;
          second = (await retention.maintain()).bodies!;
          laterDrops.push(...second.dropped);
          return false;
        },
        { what: 'the day of the dismissed poison body dropped' },
      );
      await settle();
      expect(laterDrops).toEqual([dayName(40)]);
      expect(second.waiting).toEqual([]);
      expect(await openAlert(RETENTION_WAITING_ALERT)).toBe(false);
    } finally {
      // Stopped whatever failed: a load left running would reach the next test's server.
      traffic.running = false;
      await load;
    }
    expect(failed).toEqual([]);
    expect(acked.length).toBeGreaterThan(10);
    // Every acknowledged body is stored (by its wamid in the body), and the 20-day-old history and the young claim remain.
    const stored = (await sb.dataSource.query(
      `SELECT count(DISTINCT substring(convert_from(body, 'UTF8') from 'wamid\\.retention-[0-9]+'))::int AS n FROM webhook_deliveries WHERE received_at > now() - interval '1 hour'`,
    )) as { n: number }[];
    expect(stored[0]!.n).toBe(acked.length);
    expect(Number((await sb.dataSource.query(`SELECT count(*) AS n FROM webhook_deliveries WHERE received_at < now() - interval '19 days'`))[0].n)).toBe(10);
    expect(Number((await sb.dataSource.query(`SELECT count(*) AS n FROM webhook_event_claims WHERE key = 'msg:1:wamid.kept'`))[0].n)).toBe(1);
  }, 120_000);

  it('a body that finds no partition lands in the default one; while no partition can be made for it an alert says so, then it moves to its day', async () => {
    // Ten days ahead: beyond the three days made ahead.
    const ahead = new Date(Date.now() + 10 * DAY);
    await sb.dataSource.query(`INSERT INTO webhook_deliveries (id, received_at, headers, body, state) VALUES ($1, $2, '{}', '\\x7b7d', 'processed')`, [
      randomUUID(),
      ahead,
    ]);
    const inDefault = async () => Number((await sb.dataSource.query(`SELECT count(*) AS n FROM webhook_deliveries_default`))[0].n);
    expect(await inDefault()).toBe(1);

    // A long read holds the table: the round gives up on its lock after 500 ms instead of queuing acks behind it.
    const reader = sb.dataSource.createQueryRunner();
    await reader.connect();
    await reader.startTransaction();
    await reader.query(`LOCK TABLE webhook_deliveries IN SHARE MODE`);
    const blocked = (await retention.maintain()).bodies!;
    await reader.rollbackTransaction();
    await reader.release();
    expect(blocked.created).not.toContain(dayName(-10));
    expect(blocked.stray).toEqual([ahead.toISOString().slice(0, 10)]);
    expect(await openAlert(PARTITION_MISSING_ALERT)).toBe(true);

    const round = (await retention.maintain()).bodies!;
    expect(round.created).toContain(dayName(-10));
    expect(await inDefault()).toBe(0);
    expect(Number((await sb.dataSource.query(`SELECT count(*) AS n FROM "${dayName(-10)}"`))[0].n)).toBe(1);
    expect(await openAlert(PARTITION_MISSING_ALERT)).toBe(false);
  }, 120_000);
});
