import fc from 'fast-check';
import { PAIR_PUSH_LUA, pairSlotArgs, runPairPushLua } from './pair-slot-lua.js';
import { pushPairSlot } from './pair-pacing.js';

const T0 = Date.parse('2026-11-30T10:00:00.000Z');

describe('PAIR_PUSH_LUA', () => {
  it('uses one key and two arguments', () => {
    expect(PAIR_PUSH_LUA).toContain("redis.call('GET', KEYS[1])");
    expect(PAIR_PUSH_LUA).toContain("redis.call('SET', KEYS[1]");
    expect(PAIR_PUSH_LUA).not.toMatch(/KEYS\[2\]|ARGV\[3\]/);
  });

  it('pairSlotArgs passes whole ms', () => {
    expect(pairSlotArgs(new Date(T0 + 0.9), 6000)).toEqual([String(T0), '6000']);
  });

  it('the transcription agrees with pushPairSlot, and the key lives exactly until the pair frees', () => {
    const op = fc.record({ dt: fc.integer({ min: 0, max: 10_000 }), push: fc.integer({ min: 0, max: 4 }) });
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 60 }), (ops) => {
        let value: string | null = null;
        let expiresAt = 0;
        let freeAt: Date | null = null;
        let now = T0;
        for (const { dt, push } of ops) {
          now += dt;
          if (now >= expiresAt) {
            // Redis dropped the key: the pair was free again.
            value = null;
            freeAt = null;
          }
          const delay = 1000 * 4 ** push;
          const lua = runPairPushLua(value, pairSlotArgs(new Date(now), delay));
          freeAt = pushPairSlot(freeAt, new Date(now), delay);
          expiresAt = now + lua.pxMs;
          value = lua.value;
          expect(lua.reply).toBe(freeAt.getTime());
          expect(expiresAt).toBe(freeAt.getTime());
        }
      }),
      { numRuns: 300 },
    );
  });
});
