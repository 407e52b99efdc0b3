import { startTestApp } from '../support/test-app.js';
import { TEST_SECRETS } from '../support/test-env.js';

describe('integrator API keys', () => {
  it('stores the bootstrap key hashed, once, however often the app boots', async () => {
    const t = await startTestApp();
    try {
      const rows = await t.dataSource.query('SELECT key_hash, key_prefix FROM api_keys');
      expect(rows).toHaveLength(1);
      expect(rows[0].key_hash).not.toContain(TEST_SECRETS.apiKey);
      expect(rows[0].key_hash).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await t.close();
    }
  });
});
