import { PAIR_PUSH_LUA, pairSlotArgs } from './pair-slot-lua.js';

const T0 = Date.parse('2026-11-30T10:00:00.000Z');

// The script runs against pushPairSlot on a real Redis in test/rules/pair-slot.e2e.ts.
describe('PAIR_PUSH_LUA', () => {
  it('uses one key and two arguments', () => {
    expect(PAIR_PUSH_LUA).toContain("redis.call('GET', KEYS[1])");
    expect(PAIR_PUSH_LUA).toContain("redis.call('SET', KEYS[1]");
    expect(PAIR_PUSH_LUA).not.toMatch(/KEYS\[2\]|ARGV\[3\]/);
  });

  it('pairSlotArgs passes whole ms', () => {
    expect(pairSlotArgs(new Date(T0 + 0.9), 6000)).toEqual([String(T0), '6000']);
  });
});
