import { SingleFlightCache } from './single-flight-cache.js';

describe('SingleFlightCache', () => {
  it('concurrent callers share one load; within the ttl the result is reused; after it, loaded again', async () => {
    let clock = 0;
    let loads = 0;
    const cache = new SingleFlightCache<number>(1_000, () => clock);
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return loads;
    };
    expect(await Promise.all(Array.from({ length: 10 }, () => cache.get(load)))).toEqual(Array(10).fill(1));
    expect(loads).toBe(1);
    clock = 999;
    expect(await cache.get(load)).toBe(1);
    clock = 1_000;
    expect(await cache.get(load)).toBe(2);
    expect(loads).toBe(2);
  });

  it('a failed load is shared by its waiters but not kept', async () => {
    const cache = new SingleFlightCache<string>(1_000, () => 0);
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error('database away');
    };
    const results = await Promise.allSettled([cache.get(failing), cache.get(failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    await expect(cache.get(async () => 'ok')).resolves.toBe('ok');
  });

  it('a ttl of 0 still shares a load in flight', async () => {
    let loads = 0;
    const cache = new SingleFlightCache<number>(0);
    const load = async () => ++loads;
    await Promise.all([cache.get(load), cache.get(load)]);
    expect(loads).toBe(1);
  });
});
