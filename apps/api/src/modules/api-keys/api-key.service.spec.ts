import { Clock } from '../../common/clock.js';
import type { ApiKeyRepository } from './api-key.repository.js';
import { API_KEY_CACHE, ApiKeyService, hashApiKey } from './api-key.service.js';

/** Time that only moves when the test moves it. */
class ManualClock extends Clock {
  private ms = Date.UTC(2026, 0, 1);

  now(): Date {
    return new Date(this.ms);
  }

  advance(ms: number): void {
    this.ms += ms;
  }
}

const GOOD = 'sk_test_0123456789abcdef';
const BAD = 'sk_test_not_a_key_000000';

function setup() {
  const active = new Set([hashApiKey(GOOD)]);
  let lookups = 0;
  const repo = {
    findActiveByHash: async (hash: string) => {
      lookups++;
      return active.has(hash) ? { keyHash: hash } : null;
    },
  } as unknown as ApiKeyRepository;
  const clock = new ManualClock();
  return { service: new ApiKeyService(repo, clock), clock, active, lookups: () => lookups };
}

describe('ApiKeyService.isValid', () => {
  it('remembers a valid key for VALID_TTL_MS, then looks again (the revocation delay)', async () => {
    const { service, clock, active, lookups } = setup();
    expect(await service.isValid(GOOD)).toBe(true);
    expect(await service.isValid(GOOD)).toBe(true);
    expect(lookups()).toBe(1);

    active.clear(); // revoked
    clock.advance(API_KEY_CACHE.VALID_TTL_MS - 1);
    expect(await service.isValid(GOOD)).toBe(true);
    clock.advance(2);
    expect(await service.isValid(GOOD)).toBe(false);
    expect(lookups()).toBe(2);
  });

  it('remembers a refusal briefly, so bad keys do not reach the database each time', async () => {
    const { service, clock, lookups } = setup();
    expect(await service.isValid(BAD)).toBe(false);
    expect(await service.isValid(BAD)).toBe(false);
    expect(lookups()).toBe(1);
    clock.advance(API_KEY_CACHE.INVALID_TTL_MS + 1);
    expect(await service.isValid(BAD)).toBe(false);
    expect(lookups()).toBe(2);
  });

  it('shares one lookup between concurrent requests with the same key', async () => {
    const { service, lookups } = setup();
    expect(await Promise.all([service.isValid(GOOD), service.isValid(GOOD), service.isValid(GOOD)])).toEqual([true, true, true]);
    expect(lookups()).toBe(1);
  });

  it('refuses keys of implausible length without a lookup', async () => {
    const { service, lookups } = setup();
    expect(await service.isValid('short')).toBe(false);
    expect(await service.isValid('x'.repeat(513))).toBe(false);
    expect(lookups()).toBe(0);
  });
});
