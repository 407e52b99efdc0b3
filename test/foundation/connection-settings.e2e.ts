import { startTestApp, type TestApp } from '../support/test-app.js';

/** What every pooled connection to PostgreSQL is set to, read back from the server itself. */
describe('database connections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { DATABASE_STATEMENT_TIMEOUT_MS: '12000' } });
  }, 120_000);
  afterAll(() => t?.close());

  it('run without JIT compilation and with the statement time-out', async () => {
    // Several at once, so more than one pooled connection answers.
    const answers = (await Promise.all(
      Array.from({ length: 5 }, () =>
        t.dataSource.query(`SELECT current_setting('jit') AS jit, current_setting('statement_timeout') AS timeout, pg_sleep(0.05)`),
      ),
    )) as { jit: string; timeout: string }[][];
    expect(answers.map(([row]) => ({ jit: row!.jit, timeout: row!.timeout }))).toEqual(Array.from({ length: 5 }, () => ({ jit: 'off', timeout: '12s' })));
  });
});
