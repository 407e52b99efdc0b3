import { Redis } from 'ioredis';
import pg from 'pg';
import { withDatabase } from '../../apps/api/src/infra/probe.js';
import { conversationOf } from '../support/agent-inbox.js';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres.mjs';
import { startPrivateStandby, type PrivateStandby } from '../support/private-standby.mjs';
import { startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';
import { asSession, createStaff, signIn } from '../support/staff.js';
import { waitFor } from '../support/wait-for.js';

/**
 * DATABASE_READ_URL on a real streaming standby (pg_basebackup -R of a private primary): people's
 * reads come from it, their own writes show at once even while it lags, and with it stopped every
 * read is answered from the primary.
 */
describe('read replica: reads from a streaming standby, read-your-writes while it lags, the primary when it is away', () => {
  let primary: PrivatePostgres;
  let standby: PrivateStandby;
  let sb: Sendbook;
  let writer: ReturnType<typeof asSession>;
  let reader: ReturnType<typeof asSession>;
  let conversationId: string;
  const waId = '16505550777';
  const since = new Date(Date.now() - 3_600_000).toISOString();
  const until = () => new Date(Date.now() + 60_000).toISOString();

  type Entry = { direction: string; message?: { payload?: { text?: { body?: string } } }; note?: { text: string } };
  const thread = async (as: ReturnType<typeof asSession>) => (await as.get(`/v1/conversations/${conversationId}`).expect(200)).body as { timeline: Entry[] };
  const says = (entries: Entry[], text: string) => entries.some((e) => e.message?.payload?.text?.body === text || e.note?.text === text);
  const prometheus = async () => (await sb.api().get('/metrics').expect(200)).text;
  const figure = (text: string, line: string) => Number(new RegExp(`^${line.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);

  beforeAll(async () => {
    primary = await startPrivatePostgres();
    standby = await startPrivateStandby(primary.url);
    sb = await startSendbook({
      sim: { pairBurst: 20 },
      app: { databaseServerUrl: primary.url, readServerUrl: standby.url, env: { DATABASE_READ_RETRY_MS: '300', METRICS_SCRAPE_CACHE_MS: '0' } },
    });
    const [a, b] = [await createStaff(sb, 'agent', 'Writer'), await createStaff(sb, 'agent', 'Reader')];
    writer = asSession(sb, await signIn(sb, a));
    reader = asSession(sb, await signIn(sb, b));
    sb.sim.customer(waId).sendText('hello, where is parcel 7781?');
    conversationId = await conversationOf(sb, waId);
    await sb
      .api()
      .post('/v1/messages')
      .send({ dedupe_key: 'replica-campaign-1', to: `+${waId}`, purpose: 'promo', campaign: 'spring', payload: templatePayload() })
      .expect(201);
    await standby.caughtUp();
  }, 120_000);
  afterAll(async () => {
    await sb?.close();
    await standby?.remove();
    await primary?.stop();
  });

  it('migrations ran on the primary only, and the standby followed them (it refuses writes)', async () => {
    const database = new URL(sb.config.databaseUrl).pathname.slice(1);
    const onStandby = new pg.Client({ connectionString: withDatabase(standby.url, database) });
    await onStandby.connect();
    try {
      const ran = (await sb.dataSource.query(`SELECT name FROM migrations ORDER BY id`)) as { name: string }[];
      expect(ran.length).toBeGreaterThan(10);
      expect((await onStandby.query(`SELECT name FROM migrations ORDER BY id`)).rows).toEqual(ran);
      expect((await onStandby.query(`SELECT pg_is_in_recovery() AS standby`)).rows[0].standby).toBe(true);
      await expect(onStandby.query(`CREATE TABLE nope (x int)`)).rejects.toMatchObject({ code: '25006' });
    } finally {
      await onStandby.end();
    }
  });

  it("with the replica lagging by seconds, an agent's reply shows in their own thread at once; another agent's read comes from the replica and shows it once replay resumes", async () => {
    const lateBefore = figure(await prometheus(), 'sendbook_replica_fallbacks_total{reason="lagging"}');
    await standby.pauseReplay();
    try {
      const text = 'Parcel 7781 left the depot this morning.';
      await writer.post(`/v1/conversations/${conversationId}/replies`).send({ text, client_request_id: 'lagging-1' }).expect(201);

      // Their own very next reads: the thread, and the list's last message.
      expect(says((await thread(writer)).timeline, text)).toBe(true);
      const mine = (await writer.get('/v1/conversations?state=open').expect(200)).body.data as { id: string; last_message: Entry | null }[];
      expect(says([mine.find((c) => c.id === conversationId)!.last_message!], text)).toBe(true);

      // Someone else reads the replica, which has not replayed the reply: proof the reads go there.
      expect(says((await thread(reader)).timeline, text)).toBe(false);
      const theirs = (await reader.get('/v1/conversations?state=open').expect(200)).body.data as { id: string; last_message: Entry | null }[];
      expect(says([theirs.find((c) => c.id === conversationId)!.last_message!], text)).toBe(false);
      // Still lagging some seconds on, the writer still sees it (read from the primary, not waiting again).
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(says((await thread(writer)).timeline, text)).toBe(true);
      expect(figure(await prometheus(), 'sendbook_replica_fallbacks_total{reason="lagging"}')).toBeGreaterThan(lateBefore);

      await standby.resumeReplay();
      await standby.caughtUp();
      expect(says((await thread(reader)).timeline, text)).toBe(true);
    } finally {
      await standby.resumeReplay();
    }
  }, 120_000);

  it("a person's write position is kept in Redis, where every API instance reads it; a presence heartbeat (Redis only) is not a write", async () => {
    const fresh = await createStaff(sb, 'agent', 'Heartbeat');
    const session = asSession(sb, await signIn(sb, fresh));
    const redis = new Redis(sb.config.redisUrl);
    try {
      const position = () => redis.get(`${sb.config.redisPrefix}:read-your-writes:staff:${fresh.id}`);
      await session.post(`/v1/conversations/${conversationId}/viewing`).send({ typing: true }).expect(200);
      expect(await position()).toBeNull();
      await session.post(`/v1/conversations/${conversationId}/notes`).send({ text: 'Looking into it.' }).expect(201);
      expect(await position()).toMatch(/^[0-9a-f]{16}$/);
      expect(await redis.pttl(`${sb.config.redisPrefix}:read-your-writes:staff:${fresh.id}`)).toBeGreaterThan(50_000);
    } finally {
      redis.disconnect();
    }
  });

  it('with the replica stopped, lists, threads, search, reports, metrics, exports and campaigns answer 200 from the primary; started again, reads go back to it', async () => {
    const reads: Record<string, { as: 'agent' | 'admin'; url: string; comparable: (body: unknown, text: string) => unknown }> = {
      list: { as: 'agent', url: '/v1/conversations?state=open', comparable: (b) => b },
      counts: { as: 'agent', url: '/v1/conversations/counts', comparable: (b) => b },
      labels: { as: 'agent', url: '/v1/conversations/labels', comparable: (b) => b },
      thread: { as: 'agent', url: `/v1/conversations/${conversationId}`, comparable: (b) => (b as { timeline: unknown }).timeline },
      search: { as: 'agent', url: '/v1/search?q=parcel', comparable: (b) => b },
      // Up to now: the end moves, the figures do not.
      reports: { as: 'admin', url: '/v1/reports/agents', comparable: (b) => ({ ...(b as object), until: undefined }) },
      metrics: {
        as: 'admin',
        url: `/v1/metrics?since=${since}`,
        // The history, not this moment's readings (their time and the live figures move).
        comparable: (b) => (b as { webhook_duplicates: unknown; sent_to_delivered: unknown }).sent_to_delivered,
      },
      messagesExport: { as: 'admin', url: `/v1/messages/export?since=${since}&until=UNTIL`, comparable: (_, text) => text },
      inboundExport: { as: 'admin', url: `/v1/inbound/export?since=${since}&until=UNTIL`, comparable: (_, text) => text },
      campaigns: { as: 'admin', url: '/v1/campaigns', comparable: (b) => b },
      campaignRuns: { as: 'admin', url: '/v1/campaigns/runs', comparable: (b) => b },
    };
    const end = until();
    const readAll = async () => {
      const out: Record<string, unknown> = {};
      for (const [name, r] of Object.entries(reads)) {
        const url = r.url.replace('UNTIL', end);
        const res = await (r.as === 'agent' ? reader.get(url) : sb.api().get(url));
        expect({ name, status: res.status }).toEqual({ name, status: 200 });
        out[name] = r.comparable(res.body, res.text);
      }
      return out;
    };

    // Quiet first (every message read by the customer: no status still to come), so both reads see the same data.
    await waitFor(async () => {
      const list = (await sb.api().get('/v1/messages?limit=50').expect(200)).body.data as { state: string }[];
      return list.length === 2 && list.every((m) => m.state === 'read');
    });
    await standby.caughtUp();
    const fromReplica = await readAll();
    expect(JSON.stringify(fromReplica.search)).toContain('parcel 7781');
    expect(String(fromReplica.messagesExport)).toContain('replica-campaign-1');
    expect(String(fromReplica.inboundExport)).toContain('parcel 7781');
    expect(JSON.stringify(fromReplica.campaigns)).toContain('spring');

    await standby.stop();
    const fromPrimary = await readAll();
    expect(fromPrimary).toEqual(fromReplica);
    // Not answers kept from before: a note written now is read back by someone else.
    await writer.post(`/v1/conversations/${conversationId}/notes`).send({ text: 'Checked with the depot.' }).expect(201);
    expect(says((await thread(reader)).timeline, 'Checked with the depot.')).toBe(true);
    const away = await prometheus();
    expect(figure(away, 'sendbook_replica_available')).toBe(0);
    expect(
      figure(away, 'sendbook_replica_fallbacks_total{reason="unavailable"}') + figure(away, 'sendbook_replica_fallbacks_total{reason="failed"}'),
    ).toBeGreaterThan(0);

    // Back: once it has caught up and stops replaying, a new note reaches only the writer, so the
    // reader's reads come from the replica again.
    await standby.start();
    await standby.caughtUp();
    await standby.pauseReplay();
    try {
      await writer.post(`/v1/conversations/${conversationId}/notes`).send({ text: 'Depot confirmed.' }).expect(201);
      await waitFor(async () => !says((await thread(reader)).timeline, 'Depot confirmed.'), { what: 'reads served by the replica again' });
      expect(says((await thread(writer)).timeline, 'Depot confirmed.')).toBe(true);
      expect(figure(await prometheus(), 'sendbook_replica_available')).toBe(1);
    } finally {
      await standby.resumeReplay();
    }
  }, 90_000);
});
