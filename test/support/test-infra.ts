/**
 * What jest's global setup resolved once per run, handed to each test file through the environment:
 * a PostgreSQL server, a migrated template database and a Redis, plus a run id that namespaces
 * every database and Redis key this run creates.
 */
export interface TestInfra {
  readonly serverUrl: string;
  readonly templateDatabase: string;
  readonly redisUrl: string;
  readonly runId: string;
}

/** Written by test/support/global-setup.mjs. */
const VAR = 'SENDBOOK_TEST_INFRA';

export function testInfra(): TestInfra {
  const raw = process.env[VAR];
  if (!raw) throw new Error('test infrastructure missing: run end-to-end tests through jest (globalSetup)');
  return JSON.parse(raw) as TestInfra;
}
