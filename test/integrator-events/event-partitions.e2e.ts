import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../apps/api/src/database/data-source.js';
import { PartitionIntegratorEvents1796350000000 as Conversion } from '../../apps/api/src/database/migrations/1796350000000-PartitionIntegratorEvents.js';
import { AlertsService } from '../../apps/api/src/modules/alerts/alerts.service.js';
import { IntegratorEventRetention, type EventRetentionRound } from '../../apps/api/src/modules/integrator-events/integrator-event-retention.service.js';
import { BackgroundWork } from '../../apps/api/src/background/background-work.service.js';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { dayPartitionName, partitionsOf } from '../webhooks/partition-support.js';
import { FAST_DELIVERY_ENV, Receiver } from './receiver.js';

const TABLES = ['event_delivery_attempts', 'event_deliveries', 'integrator_events'] as const;
/** The day's partition of each of the three tables, in the order retention drops them. */
const dayOf = (daysAgo: number) => TABLES.map((table) => dayPartitionName(table, daysAgo));

/**
 * Integrator events, their deliveries and their attempts in daily partitions by the event's day:
 * retention (EVENT_RETENTION_DAYS, 30 here) drops a day from the three tables at once, but waits
 * while a delivery of that day is still owed; the migration turns an installation's three tables
 * into partitioned ones while events go on being made and delivered, nothing lost or sent twice.
 */
describe('integrator events: daily partitions by the event, retention by the day', () => {
  let sb: Sendbook;
  let receiver: Receiver;
  let retention: IntegratorEventRetention;
  let endpointId: string;
  // As migrations run (runMigrations): their own connection, no statement or read timeout.
  let migrations: DataSource | undefined;

  beforeAll(async () => {
    receiver = await Receiver.start();
    // POSTs get 15 s: under a loaded machine's 2 s a slow answer would be POSTed twice, and the subject here is that nothing is.
    sb = await startSendbook({ app: { env: { ...FAST_DELIVERY_ENV, EVENT_DELIVERY_TIMEOUT_MS: '15000', EVENT_PARTITION_INTERVAL_MS: '86400000' } } });
    retention = sb.app.get(IntegratorEventRetention);
    const work = sb.app.get(BackgroundWork);
    await waitFor(async () => (await work.lastRuns()).get('integrator_events.partitions') != null, { what: 'the round at start done' });
    const created = await sb
      .api()
      .post('/v1/event-endpoints')
      .send({ url: receiver.url, events: ['work_item.opened'] })
      .expect(201);
    endpointId = created.body.endpoint.id as string;
  }, 120_000);
  afterAll(async () => {
    await migrations?.destroy();
    await sb?.close();
    await receiver?.close();
  });

  const count = async (sql: string, params: unknown[] = []) =>
    Number(((await sb.dataSource.query(`SELECT count(*)::int AS n FROM (${sql}) x`, params)) as { n: number }[])[0]!.n);

  /**
   * `n` events of `daysAgo` days back (a type the test's endpoint does not take: the fan-out owes
   * them to no one), each delivered to `endpoint` in `state` after one attempt.
   */
  const seed = (endpoint: string, daysAgo: number, n: number, state: 'delivered' | 'pending', tag: string) =>
    sb.dataSource.query(
      `WITH ev AS (
         INSERT INTO integrator_events (type, ordering_key, snapshot, created_at)
         SELECT 'message.state_changed', 'seed:' || $4::text || ':' || i, '{}', now() - make_interval(days => $2::int) - i * interval '1 second'
           FROM generate_series(1, $3::int) AS i RETURNING id, seq, ordering_key, created_at),
       d AS (
         INSERT INTO event_deliveries (endpoint_id, event_id, ordering_key, seq, event_at, state, attempts, delivered_at)
         SELECT $1::uuid, ev.id, ev.ordering_key, ev.seq, ev.created_at, $5::text, 1, CASE WHEN $5 = 'delivered' THEN ev.created_at END FROM ev
         RETURNING id, event_at)
       INSERT INTO event_delivery_attempts (delivery_id, event_at, status_code, latency_ms, at) SELECT d.id, d.event_at, 200, 5, d.event_at FROM d`,
      [endpoint, daysAgo, n, tag, state],
    );

  /**
   * Rounds until `done` holds of what they did together: a drop may miss its 500 ms lock behind the
   * worker's polls of the same tables and wait a round.
   */
  const roundsUntil = async (done: (r: EventRetentionRound) => boolean): Promise<EventRetentionRound> => {
    const all: EventRetentionRound = { created: [], dropped: [], waiting: [], stray: [] };
    for (let i = 0; i < 20 && !done(all); i++) {
      const round = (await retention.maintain())!;
      all.created.push(...round.created);
      all.dropped.push(...round.dropped);
      all.waiting = round.waiting;
      all.stray = round.stray;
    }
    return all;
  };

  it('retention drops a day from the three tables at once past 30 days, and waits while a delivery of it is owed', async () => {
    // An endpoint an admin disabled: its owed delivery stays owed, no worker takes it.
    const [{ id: idle }] = (await sb.dataSource.query(
      `INSERT INTO event_endpoints (url, events, secret, enabled, disabled_reason) VALUES ('https://example.com/idle', '{work_item.opened}', 'unused', false, 'admin') RETURNING id`,
    )) as { id: string }[];
    await seed(idle, 40, 30, 'delivered', 'd40');
    await seed(idle, 35, 30, 'delivered', 'd35');
    await seed(idle, 35, 1, 'pending', 'd35-owed');
    await seed(idle, 20, 30, 'delivered', 'd20');

    const round = await roundsUntil((r) => r.dropped.length >= 3);
    expect(round.created).toEqual(expect.arrayContaining([...dayOf(40), ...dayOf(35), ...dayOf(20)]));
    expect(round.stray).toEqual([]);
    expect(round.dropped).toEqual(dayOf(40));
    expect(round.waiting).toEqual([{ partition: dayPartitionName('integrator_events', 35), keeping: { owed: 1 } }]);
    for (const table of TABLES) {
      const partitions = await partitionsOf(sb.dataSource, table);
      expect(partitions).not.toContain(dayPartitionName(table, 40));
      expect(partitions).toEqual(expect.arrayContaining([dayPartitionName(table, 35), dayPartitionName(table, 20)]));
    }
    expect(await count(`SELECT 1 FROM integrator_events WHERE ordering_key LIKE 'seed:d40:%'`)).toBe(0);
    expect(await count(`SELECT 1 FROM event_deliveries WHERE ordering_key LIKE 'seed:d40:%'`)).toBe(0);
    expect(await count(`SELECT 1 FROM event_delivery_attempts a JOIN event_deliveries d ON d.id = a.delivery_id WHERE d.endpoint_id = $1`, [idle])).toBe(61);
    expect(await count(`SELECT 1 FROM integrator_events WHERE ordering_key LIKE 'seed:d35%'`)).toBe(31);
    expect(await count(`SELECT 1 FROM integrator_events WHERE ordering_key LIKE 'seed:d20:%'`)).toBe(30);

    // Still owed next round: the day waits.
    expect((await retention.maintain())!.dropped).toEqual([]);
    // Given up: the next round drops the day, all three tables.
    await sb.dataSource.query(`UPDATE event_deliveries SET state = 'failed' WHERE endpoint_id = $1 AND state = 'pending'`, [idle]);
    const after = await roundsUntil((r) => r.dropped.length >= 3);
    expect(after.dropped).toEqual(dayOf(35));
    expect(after.waiting).toEqual([]);
    expect(await count(`SELECT 1 FROM integrator_events WHERE ordering_key LIKE 'seed:d35%'`)).toBe(0);
    expect(await count(`SELECT 1 FROM event_delivery_attempts WHERE event_at < now() - interval '30 days'`)).toBe(0);
    // Inside the retention: kept.
    expect(await count(`SELECT 1 FROM event_deliveries WHERE endpoint_id = $1`, [idle])).toBe(30);
    expect(await count(`SELECT 1 FROM event_delivery_attempts WHERE event_at >= now() - interval '21 days'`)).toBe(30);
    await sb.dataSource.query(`DELETE FROM event_endpoints WHERE id = $1`, [idle]);
  });

  it('an event lands in its day with its delivery and attempt; a replay and a recovery stay in that day', async () => {
    const alerts = sb.app.get(AlertsService);
    const { alert } = await alerts.raise({ source: 'test', key: 'partitions:first', title: 'first' });
    await waitFor(async () => receiver.accepted().some((r) => (r.event.data as { alert?: { id: string } }).alert?.id === alert.id), { what: 'delivered' });
    // The outcome is recorded after the answer.
    await waitFor(async () => (await count(`SELECT 1 FROM event_deliveries WHERE ordering_key = $1 AND state = 'delivered'`, [`alert:${alert.id}`])) === 1, {
      what: 'recorded',
    });
    const today = (table: string) => dayPartitionName(table, 0);
    const [event] = (await sb.dataSource.query(`SELECT id FROM "${today('integrator_events')}" WHERE ordering_key = $1`, [`alert:${alert.id}`])) as {
      id: string;
    }[];
    expect(event).toBeDefined();
    const [delivery] = (await sb.dataSource.query(`SELECT id FROM "${today('event_deliveries')}" WHERE event_id = $1`, [event!.id])) as { id: string }[];
    expect(await count(`SELECT 1 FROM "${today('event_delivery_attempts')}" WHERE delivery_id = $1`, [delivery!.id])).toBe(1);

    // Sent again by an admin: the same row, its second attempt beside the first.
    await sb.api().post(`/v1/event-endpoints/${endpointId}/deliveries/${delivery!.id}/replay`).expect(200);
    await waitFor(async () => (await count(`SELECT 1 FROM event_delivery_attempts WHERE delivery_id = $1`, [delivery!.id])) === 2, { what: 'replayed' });
    const list = (await sb.api().get(`/v1/event-endpoints/${endpointId}/deliveries`).expect(200)).body.data as { id: string; recent_attempts: unknown[] }[];
    const shown = list.find((d) => d.id === delivery!.id)!;
    expect(shown).toMatchObject({ event_id: event!.id, attempts: 2, state: 'delivered' });
    expect(shown.recent_attempts).toHaveLength(2);
    // Recovering what it already has owes nothing anew: the key (endpoint, event, day) holds.
    const recovered = await sb
      .api()
      .post(`/v1/event-endpoints/${endpointId}/recover`)
      .send({ since: new Date(Date.now() - 60_000).toISOString() })
      .expect(200);
    expect(recovered.body).toMatchObject({ owed: 0 });
  });

  it("converting an installation's tables: every row kept, the ids and seq go on, events made and delivered meanwhile, none twice", async () => {
    migrations = await new DataSource(dataSourceOptions(sb.config.databaseUrl!)).initialize();
    const runner = migrations.createQueryRunner();
    await new Conversion().down(runner);
    expect(
      ((await sb.dataSource.query(`SELECT relkind AS kind FROM pg_class WHERE oid = ANY($1::regclass[])`, [[...TABLES]])) as { kind: string }[]).map(
        (r) => r.kind,
      ),
    ).toEqual(['r', 'r', 'r']);
    // An installation's history: 100,000 events over the last days, each delivered once after one attempt.
    await runner.query(
      `WITH ev AS (
         INSERT INTO integrator_events (type, ordering_key, snapshot, created_at)
         SELECT 'message.state_changed', 'hist:' || i, '{}', now() - i * interval '4 seconds' FROM generate_series(1, 100000) AS i
         RETURNING id, seq, ordering_key, created_at),
       d AS (
         INSERT INTO event_deliveries (endpoint_id, event_id, ordering_key, seq, state, attempts, delivered_at)
         SELECT $1::uuid, ev.id, ev.ordering_key, ev.seq, 'delivered', 1, ev.created_at FROM ev RETURNING id, delivered_at)
       INSERT INTO event_delivery_attempts (delivery_id, status_code, latency_ms, at) SELECT d.id, 200, 5, d.delivered_at FROM d`,
      [endpointId],
    );
    const totals = async () =>
      Promise.all(TABLES.map((table) => count(`SELECT 1 FROM ${table}`))).then(([attempts, deliveries, events]) => ({ attempts, deliveries, events }));
    const before = await totals();
    const [old] = (await sb.dataSource.query(
      `SELECT (SELECT max(seq) FROM integrator_events)::bigint AS seq, (SELECT max(id) FROM event_delivery_attempts)::bigint AS attempt`,
    )) as { seq: string; attempt: string }[];

    const delivered = receiver.accepted().length;
    const alerts = sb.app.get(AlertsService);
    const traffic = { running: true };
    const raised: string[] = [];
    const failures: unknown[] = [];
    const converting = new Conversion().up(runner);
    // The app writes event_at from the migration's first step on (the column and the fan-out it adds).
    await waitFor(
      async () => (await count(`SELECT 1 FROM information_schema.columns WHERE table_name = 'event_delivery_attempts' AND column_name = 'event_at'`)) === 1,
      {
        what: 'event_at added',
      },
    );
    // A process of the previous version records an attempt the way it did (no event_at) while the history is filled.
    await sb.dataSource.query(
      `INSERT INTO event_delivery_attempts (delivery_id, status_code, latency_ms, at) SELECT id, 200, 7, now() FROM event_deliveries WHERE ordering_key = 'hist:1'`,
    );
    const load = (async () => {
      for (let i = 0; traffic.running; i++) {
        try {
          raised.push((await alerts.raise({ source: 'test', key: `partitions:load:${i}`, title: `load ${i}` })).alert.id);
        } catch (error) {
          failures.push(error);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await converting;
    await runner.release();
    traffic.running = false;
    await load;

    expect(failures).toEqual([]);
    expect(raised.length).toBeGreaterThan(10);
    const ids = (await sb.dataSource.query(`SELECT id FROM integrator_events WHERE ordering_key = ANY($1::text[])`, [raised.map((a) => `alert:${a}`)])) as {
      id: string;
    }[];
    expect(ids).toHaveLength(raised.length);
    await waitFor(async () => receiver.accepted().length >= delivered + raised.length, { what: 'every event made meanwhile delivered', timeoutMs: 60_000 });
    await waitFor(async () => (await count(`SELECT 1 FROM event_deliveries WHERE state <> 'delivered'`)) === 0, { what: 'nothing owed' });

    for (const table of TABLES)
      expect(((await sb.dataSource.query(`SELECT relkind AS kind FROM pg_class WHERE oid = $1::regclass`, [table])) as { kind: string }[])[0]!.kind).toBe('p');
    // Every row kept: the history in the first partitions, the new rows beside it.
    const after = await totals();
    expect(after).toEqual({
      attempts: before.attempts + 1 + raised.length,
      deliveries: before.deliveries + raised.length,
      events: before.events + raised.length,
    });
    // The previous version's attempt was given its delivery's day before the check was validated.
    expect(
      await count(
        `SELECT 1 FROM event_delivery_attempts a JOIN event_deliveries d ON d.id = a.delivery_id AND d.event_at = a.event_at WHERE d.ordering_key = 'hist:1'`,
      ),
    ).toBe(2);
    expect(await count(`SELECT 1 FROM integrator_events_legacy WHERE ordering_key LIKE 'hist:%'`)).toBe(100_000);
    expect(await count(`SELECT 1 FROM event_deliveries_legacy WHERE ordering_key LIKE 'hist:%' AND event_at IS NOT NULL`)).toBe(100_000);
    expect(
      await count(
        `SELECT 1 FROM event_delivery_attempts_legacy a JOIN event_deliveries d ON d.id = a.delivery_id AND d.event_at = a.event_at WHERE d.ordering_key LIKE 'hist:%'`,
      ),
    ).toBe(100_001);
    // Each event made meanwhile reached the receiver exactly once, after one attempt.
    const newIds = ids.map((r) => r.id);
    const accepted = receiver
      .accepted()
      .map((r) => r.id)
      .filter((id) => newIds.includes(id));
    expect(accepted.sort()).toEqual([...newIds].sort());
    expect(receiver.received.filter((r) => newIds.includes(r.id))).toHaveLength(newIds.length);
    expect(await count(`SELECT 1 FROM event_deliveries WHERE event_id = ANY($1::uuid[]) AND attempts = 1 AND state = 'delivered'`, [newIds])).toBe(
      newIds.length,
    );
    // seq and the attempts' ids go on after the old ones, from the sequences the new tables own.
    const [top] = (await sb.dataSource.query(
      `SELECT (SELECT min(seq) FROM integrator_events WHERE id = ANY($1::uuid[]))::bigint AS seq,
              (SELECT min(a.id) FROM event_delivery_attempts a JOIN event_deliveries d ON d.id = a.delivery_id AND d.event_at = a.event_at WHERE d.event_id = ANY($1::uuid[]))::bigint AS attempt`,
      [newIds],
    )) as { seq: string; attempt: string }[];
    expect(BigInt(top!.seq)).toBeGreaterThan(BigInt(old!.seq));
    expect(BigInt(top!.attempt)).toBeGreaterThan(BigInt(old!.attempt));
    expect(
      await sb.dataSource.query(`SELECT pg_get_serial_sequence('integrator_events', 'seq') AS a, pg_get_serial_sequence('event_delivery_attempts', 'id') AS b`),
    ).toEqual([{ a: 'public.integrator_events_seq_seq', b: 'public.event_delivery_attempts_id_seq' }]);
    // The first partitions are young (their bound is the day after tomorrow): retention keeps them, and makes the days after.
    const round = (await retention.maintain())!;
    expect(round.dropped).toEqual([]);
    expect(round.stray).toEqual([]);
  }, 240_000);
});
