import type { DataSource } from 'typeorm';
import { PEEK_SQL } from '../../apps/api/src/modules/outbox/outbox.repository.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The sender peeks at every row it sends, asking among other things which of the user's queued
// rows goes first. What that costs must not grow with the user's history: a customer who has had
// thousands of messages inside the retention window, while a campaign's backlog is due.
const NUMBER = '106540352242922';
const USER = '972501234567';
const HISTORY = 5000;
const BACKLOG = 20000;

describe("the sender's peek reads a user's queued rows, not their history", () => {
  let t: TestApp;
  let rowId: string;
  beforeAll(async () => {
    t = await startTestApp();
    const insert = (select: string) =>
      t.dataSource
        .query(`INSERT INTO outbound_messages (dedupe_key, "to", to_wa_id, purpose, payload, content_hash, phone_number_id, state, not_before, retain_until, created_at)
        SELECT ${select}`);
    // The user's finished history, then their one queued row, and other users' due backlog.
    await insert(`'history-' || g, '+${USER}', '${USER}', 'order_shipped', '{"type":"text"}', 'h', '${NUMBER}', 'accepted', now() - interval '1 day', now() + interval '30 days', now() - (g || ' minutes')::interval
                  FROM generate_series(1, ${HISTORY}) g`);
    await insert(`'backlog-' || g, '+97250' || lpad(g::text, 7, '0'), '97250' || lpad(g::text, 7, '0'), 'campaign', '{"type":"text"}', 'h', '${NUMBER}', 'queued', now() - interval '1 hour', now() + interval '30 days', now() - interval '1 hour'
                  FROM generate_series(1, ${BACKLOG}) g`);
    [{ id: rowId }] = await t.dataSource.query(
      `INSERT INTO outbound_messages (dedupe_key, "to", to_wa_id, purpose, payload, content_hash, phone_number_id, state, not_before, retain_until)
       VALUES ('now', '+${USER}', '${USER}', 'order_shipped', '{"type":"text"}', 'h', '${NUMBER}', 'queued', now(), now() + interval '30 days') RETURNING id`,
    );
    await t.dataSource.query('ANALYZE outbound_messages');
  }, 120_000);
  afterAll(() => t.close());

  /** The blocks the peek of this row touches, and what it answers. */
  const peek = async (db: Pick<DataSource, 'query'>): Promise<{ blocks: number; pairHeadId: string }> => {
    const at = new Date();
    const [
      {
        'QUERY PLAN': [plan],
      },
    ] = await db.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${PEEK_SQL}`, [[rowId], [at]]);
    const [row] = await db.query(PEEK_SQL, [[rowId], [at]]);
    return { blocks: plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks'], pairHeadId: row.pair_head_id };
  };

  it('touches a few dozen blocks whatever the history, and finds the user’s next row', async () => {
    const { blocks, pairHeadId } = await peek(t.dataSource);
    expect(pairHeadId).toBe(rowId);
    expect(blocks).toBeLessThan(60);
  });

  it('(without the queued-rows index the same peek reads the history: what the bound above guards)', async () => {
    const runner = t.dataSource.createQueryRunner();
    await runner.startTransaction();
    try {
      await runner.query('DROP INDEX ix_outbound_messages_recipient_queued');
      const { blocks, pairHeadId } = await peek(runner);
      expect(pairHeadId).toBe(rowId);
      expect(blocks).toBeGreaterThan(HISTORY / 50);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
