import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../apps/api/src/database/data-source.js';
import { startTestApp } from '../support/test-app.js';

/** The trigger functions and triggers of the integrator events, as PostgreSQL holds them. */
async function triggerDefinitions(dataSource: DataSource): Promise<string[]> {
  const functions = await dataSource.query(
    `SELECT pg_get_functiondef(p.oid) AS def FROM pg_proc p WHERE p.proname LIKE 'integrator_events_%' ORDER BY p.proname`,
  );
  const triggers = await dataSource.query(
    `SELECT pg_get_triggerdef(t.oid) AS def FROM pg_trigger t WHERE NOT t.tgisinternal AND t.tgname LIKE 'integrator_events_%' ORDER BY t.tgname, t.tgrelid::regclass::text`,
  );
  return [...functions, ...triggers].map((r: { def: string }) => r.def);
}

// Trigger and function bodies live in versioned SQL files (apps/api/src/database/sql), one per
// migration and direction. Undoing the migrations that apply them and running them again must
// leave exactly the same definitions: each down restores what its up replaced.
describe('the trigger migrations, from their SQL files', () => {
  it('undone and applied again, they leave the same functions and triggers', async () => {
    const t = await startTestApp();
    const dataSource = new DataSource(dataSourceOptions(t.config.databaseUrl));
    await dataSource.initialize();
    try {
      const before = await triggerDefinitions(dataSource);
      expect(before.length).toBeGreaterThanOrEqual(16);
      const undone: string[] = [];
      while (!undone.includes('IntegratorEventTriggers1796191000000')) {
        const [last] = await dataSource.query(`SELECT name FROM migrations ORDER BY id DESC LIMIT 1`);
        await dataSource.undoLastMigration({ transaction: 'each' });
        undone.push(last.name);
      }
      expect(await triggerDefinitions(dataSource)).toEqual([]);
      await dataSource.runMigrations({ transaction: 'each' });
      expect(await triggerDefinitions(dataSource)).toEqual(before);
    } finally {
      await dataSource.destroy();
      await t.close();
    }
  });
});
