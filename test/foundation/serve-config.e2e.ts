import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { testEnv } from '../support/test-env.js';
import { testInfra } from '../support/test-infra.js';

const MAIN = path.resolve('apps/api/dist/main.js');

function serve(env: Record<string, string | undefined>) {
  return spawnSync(process.execPath, [MAIN], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8', timeout: 30_000 });
}

describe('`npm run serve` in production starts the built code without compiling it', () => {
  it('NODE_ENV=production: no build step, straight to the boot (here its configuration check)', () => {
    const started = Date.now();
    const result = spawnSync(process.execPath, [path.resolve('tools/serve.mjs')], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).not.toContain('build');
    expect(result.stderr).toContain('config error: WHATSAPP_ACCESS_TOKEN is missing');
    // Production seals stored secrets: without a key it does not boot.
    expect(result.stderr).toContain('config error: APP_ENCRYPTION_KEY is missing');
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

describe('`npm run serve` validates its configuration at boot', () => {
  it('refuses to boot without WHATSAPP_APP_SECRET and names it', () => {
    const { serverUrl, redisUrl } = testInfra();
    const result = serve(testEnv({ WHATSAPP_APP_SECRET: undefined, DATABASE_URL: serverUrl, REDIS_URL: redisUrl }));
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual(['config error: WHATSAPP_APP_SECRET is missing']);
  });

  it('names every missing or malformed variable, one line each', () => {
    const result = serve({ PORT: 'eighty', WHATSAPP_PHONE_NUMBER_ID: '+1 555', DATABASE_URL: 'mysql://x' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n').sort()).toEqual(
      [
        'config error: DATABASE_URL is malformed (expected postgres: or postgresql:)',
        'config error: PORT is malformed (expected a port number)',
        'config error: WHATSAPP_ACCESS_TOKEN is missing',
        'config error: WHATSAPP_APP_SECRET is missing',
        'config error: WHATSAPP_PHONE_NUMBER_ID is malformed (expected digits only)',
        'config error: WHATSAPP_VERIFY_TOKEN is missing',
      ].sort(),
    );
  });

  it('names a too-short app secret, verify token or metrics token, one line each', () => {
    const { serverUrl, redisUrl } = testInfra();
    const result = serve(
      testEnv({
        WHATSAPP_APP_SECRET: 'new-secret-0123456789,old',
        WHATSAPP_VERIFY_TOKEN: 'verify',
        METRICS_BEARER_TOKEN: 'scrape',
        DATABASE_URL: serverUrl,
        REDIS_URL: redisUrl,
      }),
    );
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n').sort()).toEqual(
      [
        'config error: METRICS_BEARER_TOKEN is too short (at least 16 characters, got 6)',
        'config error: WHATSAPP_APP_SECRET is too short (entry 2: at least 16 characters, got 3)',
        'config error: WHATSAPP_VERIFY_TOKEN is too short (at least 16 characters, got 6)',
      ].sort(),
    );
  });

  it('refuses a BOOTSTRAP_API_KEY shorter than 32 characters with a clear line', () => {
    const { serverUrl, redisUrl } = testInfra();
    const result = serve(testEnv({ BOOTSTRAP_API_KEY: 'sk_live_too_short', DATABASE_URL: serverUrl, REDIS_URL: redisUrl }));
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual(['config error: BOOTSTRAP_API_KEY is too short (at least 32 characters, got 17)']);
  });
});
