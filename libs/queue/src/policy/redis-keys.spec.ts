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
