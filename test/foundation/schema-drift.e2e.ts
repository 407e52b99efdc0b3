import { startTestApp } from '../support/test-app.js';

describe('migrations and entities agree', () => {
  it('the schema built by the checked-in migrations needs no change for the entities', async () => {
    const t = await startTestApp();
    try {
      const pending = await t.dataSource.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((q) => q.query)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
