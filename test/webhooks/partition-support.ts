import type { DataSource } from 'typeorm';
import { BackgroundWork } from '../../apps/api/src/background/background-work.service.js';
import { waitFor } from '../support/wait-for.js';

const DAY = 86_400_000;

/** The daily partition of `table` for the UTC day `daysAgo` days back (negative: ahead), e.g. `webhook_deliveries_p20261205`. */
export const dayPartitionName = (table: string, daysAgo: number) =>
  `${table}_p${new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10).replaceAll('-', '')}`;

/** The partitions `table` has now, by name. */
export async function partitionsOf(db: DataSource, table: string): Promise<string[]> {
  const rows = (await db.query(`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = $1::regclass`, [
    table,
  ])) as { name: string }[];
  return rows.map((r) => r.name).sort();
}

/** The partitions round every worker runs at start is over: a test's own rounds then see only what the test seeded. */
export async function startRoundDone(app: { get: (type: typeof BackgroundWork) => BackgroundWork }): Promise<void> {
  const work = app.get(BackgroundWork);
  await waitFor(async () => (await work.lastRuns()).get('webhooks.partitions') != null, { what: 'the round at start done' });
}
