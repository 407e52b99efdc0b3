import { policyKeys } from './redis-keys.js';

describe('policyKeys', () => {
  const keys = policyKeys('sbt:run1');

  it.each<[string, string]>([
    [keys.bucket('106540352242922'), 'sbt:run1:{policy}:bucket:106540352242922'],
    [keys.pair('106540352242922', '972501234567'), 'sbt:run1:{policy}:pair:106540352242922:972501234567'],
    [keys.pairStrikes('106540352242922', '972501234567'), 'sbt:run1:{policy}:strikes:106540352242922:972501234567'],
    [keys.tier('portfolio:524126980791429'), 'sbt:run1:{policy}:tier:portfolio:524126980791429'],
    [keys.tierSeeded('portfolio:524126980791429'), 'sbt:run1:{policy}:tier-seeded:portfolio:524126980791429'],
    [keys.number('106540352242922'), 'sbt:run1:{policy}:number:106540352242922'],
    [keys.account(), 'sbt:run1:{policy}:account'],
    [keys.hold('106540352242922'), 'sbt:run1:{policy}:hold:106540352242922'],
    [keys.waiting('106540352242922'), 'sbt:run1:{policy}:waiting:106540352242922'],
  ])('%s', (key, expected) => {
    expect(key).toBe(expected);
  });

  it('defaults to the sendbook prefix', () => {
    expect(policyKeys().bucket('1')).toBe('sendbook:{policy}:bucket:1');
  });
});

describe('policyKeys: slots on a Redis Cluster', () => {
  /** The hash tag a cluster hashes a key by: the first {…} with something inside. */
  const tag = (key: string) => /\{([^}]+)\}/.exec(key)?.[1];
  const admissionKeys = (keys: ReturnType<typeof policyKeys>, number: string, scope: string) => [
    keys.bucket(number),
    keys.pair(number, '972501234567'),
    keys.tier(scope),
    keys.number(number),
    keys.accountOf(number),
    keys.hold(number),
    keys.waiting(number),
    keys.tierSeeded(scope),
    keys.pairStrikes(number, '972501234567'),
  ];

  it('a portfolio-wide limit: every number admits in the one slot of its window, and reads the one account state', () => {
    const keys = policyKeys('sb', 'portfolio');
    const scope = 'portfolio:524126980791429';
    for (const number of ['106540352242901', '106540352242902']) expect(new Set(admissionKeys(keys, number, scope).map(tag))).toEqual(new Set(['policy']));
    expect(keys.accountOf('106540352242901')).toBe(keys.account());
    expect(keys.slotPerNumber).toBe(false);
  });

  it('per-number limits: each number admits in a slot of its own, with a copy of the account state there', () => {
    const keys = policyKeys('sb', 'number');
    for (const number of ['106540352242901', '106540352242902'])
      expect(new Set(admissionKeys(keys, number, `number:${number}`).map(tag))).toEqual(new Set([`policy:${number}`]));
    expect(keys.accountOf('106540352242901')).toBe('sb:{policy:106540352242901}:account');
    expect(keys.account()).toBe('sb:{policy}:account');
    expect(keys.slotPerNumber).toBe(true);
  });

  it("the departure gate is always in the number's own slot", () => {
    expect(policyKeys('sb', 'portfolio').departures('106540352242901')).toBe('sb:{policy:106540352242901}:departures:106540352242901');
    expect(policyKeys('sb', 'number').departures('106540352242901')).toBe('sb:{policy:106540352242901}:departures:106540352242901');
  });
});
