import { policyKeys } from './redis-keys.js';

describe('policyKeys', () => {
  it.each<[string, string]>([
    [policyKeys.bucket('106540352242922'), 'sendbook:policy:bucket:106540352242922'],
    [policyKeys.pair('106540352242922', '972501234567'), 'sendbook:policy:pair:106540352242922:972501234567'],
    [policyKeys.tier('portfolio:524126980791429'), 'sendbook:policy:tier:portfolio:524126980791429'],
  ])('%s', (key, expected) => {
    expect(key).toBe(expected);
  });
});
