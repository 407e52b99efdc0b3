import { ConfigError } from './config.schema.js';
import { loadConfig, withInfra } from './load-config.js';

const valid = {
  WHATSAPP_ACCESS_TOKEN: 'token',
  WHATSAPP_APP_SECRET: 'old-app-secret-0123, new-app-secret-4567',
  WHATSAPP_VERIFY_TOKEN: 'verify-token-0123456789',
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
};

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('loadConfig', () => {
  it('applies the contract defaults and splits rotated app secrets', () => {
    const config = loadConfig(valid);
    expect(config).toMatchObject({
      role: 'all',
      port: 3001,
      databaseUrl: null,
      databaseListenUrl: null,
      databaseRead: { url: null, waitMs: 200, rememberMs: 60_000, retryMs: 5_000 },
      redisUrl: null,
      whatsapp: {
        graphUrl: 'https://graph.facebook.com',
        apiVersion: 'v23.0',
        appSecrets: ['old-app-secret-0123', 'new-app-secret-4567'],
        businessAccountId: null,
      },
    });
    expect(Object.isFrozen(config.whatsapp)).toBe(true);
  });

  it('the key that seals stored secrets: 32 bytes in base64, required in production, old keys kept for rotation', () => {
    const key = Buffer.alloc(32, 1).toString('base64');
    expect(problemsOf({ ...valid, NODE_ENV: 'production' })).toEqual([expect.stringMatching(/^APP_ENCRYPTION_KEY is missing/)]);
    expect(problemsOf({ ...valid, APP_ENCRYPTION_KEY: 'short' })).toEqual([expect.stringMatching(/^APP_ENCRYPTION_KEY is malformed/)]);
    expect(problemsOf({ ...valid, APP_ENCRYPTION_KEY: key, APP_ENCRYPTION_KEYS_PREVIOUS: `${key}, nope` })).toEqual([
      expect.stringMatching(/^APP_ENCRYPTION_KEYS_PREVIOUS is malformed/),
    ]);
    expect(loadConfig({ ...valid, NODE_ENV: 'production', APP_ENCRYPTION_KEY: key }).encryption).toEqual({ key, previous: [] });
    // Development without a key seals nothing, and boots.
    expect(loadConfig(valid).encryption).toEqual({ key: null, previous: [] });
  });

  it("takes a separate URL for the workers' LISTEN connection (PgBouncer in transaction mode cannot LISTEN)", () => {
    expect(loadConfig({ ...valid, DATABASE_LISTEN_URL: 'postgres://db-direct:5432/sendbook' }).databaseListenUrl).toBe('postgres://db-direct:5432/sendbook');
  });

  it('takes an optional read replica, with how long a reader waits for their own write to reach it', () => {
    expect(loadConfig({ ...valid, DATABASE_READ_URL: 'postgres://replica:5432/sendbook', DATABASE_READ_WAIT_MS: '500' }).databaseRead).toEqual({
      url: 'postgres://replica:5432/sendbook',
      waitMs: 500,
      rememberMs: 60_000,
      retryMs: 5_000,
    });
  });

  it('behind a transaction pooler: its URL and a direct one, named statements off unless asked for', () => {
    const pooled = { ...valid, DATABASE_URL: 'postgres://pgbouncer:6432/sendbook', DATABASE_DIRECT_URL: 'postgres://db:5432/sendbook' };
    expect(loadConfig(valid).database).toMatchObject({ pooler: 'none', namedStatements: true });
    expect(loadConfig({ ...pooled, DATABASE_POOLER: 'transaction' }).database).toMatchObject({ pooler: 'transaction', namedStatements: false });
    // PgBouncer 1.21+ with max_prepared_statements keeps them.
    expect(loadConfig({ ...pooled, DATABASE_POOLER: 'transaction', DATABASE_PREPARED_STATEMENTS: 'on' }).database.namedStatements).toBe(true);
    expect(loadConfig({ ...valid, DATABASE_PREPARED_STATEMENTS: 'off' }).database.namedStatements).toBe(false);
    const config = withInfra(loadConfig({ ...pooled, DATABASE_POOLER: 'transaction' }), { databaseUrl: pooled.DATABASE_URL, redisUrl: 'redis://r:6379' });
    expect(config).toMatchObject({ databaseUrl: 'postgres://pgbouncer:6432/sendbook', databaseDirectUrl: 'postgres://db:5432/sendbook' });
    // Without a pooler the direct URL is DATABASE_URL unless given.
    expect(withInfra(loadConfig(valid), { databaseUrl: 'postgres://db/x', redisUrl: 'redis://r:6379' }).databaseDirectUrl).toBe('postgres://db/x');
  });

  it.each([
    [
      { DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: 'postgres://db:5432/s' },
      "DATABASE_URL is missing: DATABASE_POOLER=transaction says it is the pooler's URL",
    ],
    [
      { DATABASE_POOLER: 'transaction', DATABASE_URL: 'postgres://pgbouncer:6432/s' },
      "DATABASE_DIRECT_URL is missing: with DATABASE_POOLER=transaction, migrations and the workers' LISTEN need PostgreSQL itself, not the pooler",
    ],
    [
      { DATABASE_POOLER: 'transaction', DATABASE_URL: 'postgres://pgbouncer:6432/s', DATABASE_DIRECT_URL: 'postgres://pgbouncer:6432/s' },
      'DATABASE_DIRECT_URL is malformed (it is DATABASE_URL: with DATABASE_POOLER=transaction it must reach PostgreSQL without the pooler)',
    ],
    [{ DATABASE_POOLER: 'session' }, 'DATABASE_POOLER is malformed (expected one of none, transaction)'],
    [{ DATABASE_PREPARED_STATEMENTS: 'yes' }, 'DATABASE_PREPARED_STATEMENTS is malformed (expected one of auto, on, off)'],
    [{ DATABASE_DIRECT_URL: 'mysql://db/s' }, 'DATABASE_DIRECT_URL is malformed (expected postgres: or postgresql:)'],
  ])('a pooler set up wrong is named: %j', (override, problem) => {
    expect(problemsOf({ ...valid, ...override })).toEqual([problem]);
  });

  it('reads the rate card that estimates spend, and names what is wrong in it', () => {
    expect(loadConfig(valid).pricing.rates).toBeNull();
    expect(loadConfig({ ...valid, PRICING_RATES: '{"currency":"USD","rates":{"marketing":{"default":0.025,"IN":0.0107}}}' }).pricing.rates).toEqual({
      currency: 'USD',
      rates: { marketing: { default: 0.025, IN: 0.0107 } },
    });
    expect(problemsOf({ ...valid, PRICING_RATES: '{"currency":"USD","rates":{"marketing":{"UK":0.05}}}' })).toEqual([
      'PRICING_RATES is malformed (rates.marketing.UK is not an ISO 3166 country code or "default" (the United Kingdom is GB))',
    ]);
    expect(problemsOf({ ...valid, PRICING_RATES: 'USD 0.025' })).toEqual([expect.stringMatching(/^PRICING_RATES is malformed \(not JSON/)]);
  });

  it('outbound rows stay for good unless OUTBOUND_RETENTION gives their purpose a time, never under its dedupe window', () => {
    expect(loadConfig(valid).outbox.retention).toEqual({});
    expect(loadConfig({ ...valid, DEDUPE_WINDOWS: 'otp=1d', OUTBOUND_RETENTION: 'otp=7d,marketing=400d' }).outbox.retention).toEqual({
      otp: 7 * 86_400_000,
      marketing: 400 * 86_400_000,
    });
    expect(problemsOf({ ...valid, OUTBOUND_RETENTION: 'marketing=30d' })).toEqual([
      'OUTBOUND_RETENTION is too short (marketing keeps rows 30 days, less than its dedupe window of 90 days: deleting rows early brings back the duplicates the key prevents)',
    ]);
  });

  it.each([
    [{ WHATSAPP_APP_SECRET: '' }, 'WHATSAPP_APP_SECRET is missing'],
    [{ WHATSAPP_ACCESS_TOKEN: '  ' }, 'WHATSAPP_ACCESS_TOKEN is missing'],
    [{ ROLE: 'cron' }, 'ROLE is malformed (expected one of api, worker, all)'],
    [{ PORT: '70000' }, 'PORT is malformed (expected a port number)'],
    [{ WHATSAPP_API_VERSION: '23' }, 'WHATSAPP_API_VERSION is malformed (expected like v23.0)'],
    [{ WHATSAPP_GRAPH_URL: 'ftp://graph' }, 'WHATSAPP_GRAPH_URL is malformed (expected http: or https:)'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL is malformed (not a URL)'],
    [{ DATABASE_LISTEN_URL: 'redis://r:6379' }, 'DATABASE_LISTEN_URL is malformed (expected postgres: or postgresql:)'],
    [{ DATABASE_READ_URL: 'http://replica' }, 'DATABASE_READ_URL is malformed (expected postgres: or postgresql:)'],
    [{ DATABASE_READ_WAIT_MS: '10000' }, 'DATABASE_READ_WAIT_MS is malformed (expected a whole number from 0 to 5000)'],
  ])('names the variable: %j', (override, problem) => {
    expect(problemsOf({ ...valid, ...override })).toEqual([problem]);
  });

  it('REDIS_CLUSTER_NODES: a cluster instead of REDIS_URL, whose first seed stands for it where one server is named', () => {
    const config = loadConfig({ ...valid, REDIS_CLUSTER_NODES: '127.0.0.1:7000,127.0.0.1:7001' });
    expect(config.redisCluster).toEqual({
      nodes: [
        { host: '127.0.0.1', port: 7000 },
        { host: '127.0.0.1', port: 7001 },
      ],
      username: null,
      password: null,
      tls: false,
    });
    expect(config.redisUrl).toBe('redis://127.0.0.1:7000');
    expect(loadConfig(valid).redisCluster).toBeNull();
    expect(problemsOf({ ...valid, REDIS_CLUSTER_NODES: '127.0.0.1:7000', REDIS_URL: 'redis://127.0.0.1:6379' })).toEqual([
      'REDIS_URL and REDIS_CLUSTER_NODES both name a Redis: set one (the cluster replaces REDIS_URL)',
    ]);
    expect(problemsOf({ ...valid, REDIS_CLUSTER_NODES: '127.0.0.1:7000', REDIS_PREFIX: '{sb}' })).toEqual([
      'REDIS_PREFIX is malformed (no { or } with REDIS_CLUSTER_NODES: Sendbook adds the hash tags)',
    ]);
    expect(problemsOf({ ...valid, REDIS_CLUSTER_NODES: '127.0.0.1' })).toEqual(['REDIS_CLUSTER_NODES is malformed ("127.0.0.1" is not host:port)']);
  });

  it('completes the configuration with resolved infrastructure', () => {
    const config = withInfra(loadConfig(valid), { databaseUrl: 'postgres://db/x', redisUrl: 'redis://r:6379' });
    expect(config.databaseUrl).toBe('postgres://db/x');
    expect(Object.isFrozen(config)).toBe(true);
  });
});
