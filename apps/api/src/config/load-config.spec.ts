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

  it.each([
    [{ WHATSAPP_APP_SECRET: '' }, 'WHATSAPP_APP_SECRET is missing'],
    [{ WHATSAPP_ACCESS_TOKEN: '  ' }, 'WHATSAPP_ACCESS_TOKEN is missing'],
    [{ ROLE: 'cron' }, 'ROLE is malformed (expected one of api, worker, all)'],
    [{ PORT: '70000' }, 'PORT is malformed (expected a port number)'],
    [{ WHATSAPP_API_VERSION: '23' }, 'WHATSAPP_API_VERSION is malformed (expected like v23.0)'],
    [{ WHATSAPP_GRAPH_URL: 'ftp://graph' }, 'WHATSAPP_GRAPH_URL is malformed (expected http: or https:)'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL is malformed (not a URL)'],
    [{ DATABASE_LISTEN_URL: 'redis://r:6379' }, 'DATABASE_LISTEN_URL is malformed (expected postgres: or postgresql:)'],
  ])('names the variable: %j', (override, problem) => {
    expect(problemsOf({ ...valid, ...override })).toEqual([problem]);
  });

  it('completes the configuration with resolved infrastructure', () => {
    const config = withInfra(loadConfig(valid), { databaseUrl: 'postgres://db/x', redisUrl: 'redis://r:6379' });
    expect(config.databaseUrl).toBe('postgres://db/x');
    expect(Object.isFrozen(config)).toBe(true);
  });
});
