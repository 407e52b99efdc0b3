import { ReplicaBreaker } from './replica-breaker.js';

describe('ReplicaBreaker', () => {
  let now = 0;
  const breaker = () => new ReplicaBreaker(5_000, () => now);
  beforeEach(() => {
    now = 1_000;
  });

  it('lets every read try the replica until one fails', () => {
    const b = breaker();
    expect([b.allows(), b.allows(), b.succeeded(), b.available]).toEqual([true, true, null, true]);
  });

  it('after a failure, sends reads to the primary for the pause, then lets one read try while the others wait for it', () => {
    const b = breaker();
    expect(b.failed()).toBe('opened');
    expect(b.available).toBe(false);
    now += 4_999;
    expect(b.allows()).toBe(false);
    now += 1;
    expect([b.allows(), b.allows(), b.allows()]).toEqual([true, false, false]);
    expect(b.succeeded()).toBe('closed');
    expect([b.allows(), b.allows(), b.available]).toEqual([true, true, true]);
  });

  it('a failed trial starts another pause, not another outage', () => {
    const b = breaker();
    b.failed();
    now += 5_000;
    expect(b.allows()).toBe(true);
    expect(b.failed()).toBeNull();
    now += 4_000;
    expect(b.allows()).toBe(false);
    now += 1_000;
    expect(b.allows()).toBe(true);
  });

  it('a trial that never reports lets another read try one pause later', () => {
    const b = breaker();
    b.failed();
    now += 5_000;
    expect(b.allows()).toBe(true);
    now += 4_999;
    expect(b.allows()).toBe(false);
    now += 1;
    expect(b.allows()).toBe(true);
    expect(b.succeeded()).toBe('closed');
  });

  it('failures while open only push the retry further', () => {
    const b = breaker();
    b.failed();
    now += 3_000;
    expect(b.failed()).toBeNull();
    now += 3_000;
    expect(b.allows()).toBe(false);
    now += 2_000;
    expect(b.allows()).toBe(true);
  });
});
