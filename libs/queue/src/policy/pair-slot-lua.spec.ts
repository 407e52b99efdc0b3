import fc from 'fast-check';
import { PAIR_PUSH_LUA, PAIR_SLOT_LUA, pairSlotArgs, parsePairSlotReply, runPairPushLua, runPairSlotLua } from './pair-slot-lua.js';
import { pushPairSlot, takePairSlot } from './pair-pacing.js';

const T0 = Date.parse('2026-11-30T10:00:00.000Z');

describe('PAIR_SLOT_LUA / PAIR_PUSH_LUA', () => {
  it.each<[string, string]>([
    ['PAIR_SLOT_LUA', PAIR_SLOT_LUA],
    ['PAIR_PUSH_LUA', PAIR_PUSH_LUA],
  ])('%s uses one key and two arguments', (_name, script) => {
    expect(script).toContain("redis.call('GET', KEYS[1])");
    expect(script).toContain("redis.call('SET', KEYS[1]");
    expect(script).not.toMatch(/KEYS\[2\]|ARGV\[3\]/);
  });

  it.each<[unknown, { granted: boolean; nextAt: Date }]>([
    [[1, T0 + 6000], { granted: true, nextAt: new Date(T0 + 6000) }],
    [[0, T0 + 4000], { granted: false, nextAt: new Date(T0 + 4000) }],
  ])('parsePairSlotReply(%j)', (reply, parsed) => {
    expect(parsePairSlotReply(reply)).toEqual(parsed);
  });

  it('pairSlotArgs passes whole ms', () => {
    expect(pairSlotArgs(new Date(T0 + 0.9), 6000)).toEqual([String(T0), '6000']);
  });

  it('the transcriptions agree with takePairSlot and pushPairSlot, and the key lives exactly until the pair frees', () => {
    const op = fc.record({ dt: fc.integer({ min: 0, max: 10_000 }), push: fc.option(fc.integer({ min: 0, max: 4 })) });
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 60 }), (ops) => {
        let value: string | null = null;
        let expiresAt = 0;
        let freeAt: Date | null = null;
        let now = T0;
        for (const { dt, push } of ops) {
          now += dt;
          if (now >= expiresAt) value = null; // Redis dropped the key
          let lua: { reply: number | [number, number]; value: string | null; pxMs: number | null };
          let ts: number | [number, number];
          if (push === null) {
            lua = runPairSlotLua(value, pairSlotArgs(new Date(now), 6000));
            const taken = takePairSlot(freeAt, new Date(now), 6000);
            ts = [taken.granted ? 1 : 0, taken.nextAt.getTime()];
            freeAt = taken.freeAt;
          } else {
            const delay = 1000 * 4 ** push;
            lua = runPairPushLua(value, [String(now), String(delay)]);
            freeAt = pushPairSlot(freeAt, new Date(now), delay);
            ts = freeAt.getTime();
          }
          if (lua.pxMs !== null) expiresAt = now + lua.pxMs;
          value = lua.value;
          // The reply matches, and a key that exists expires exactly when the pair frees.
          expect(lua.reply).toEqual(ts);
          expect(value === null || expiresAt === freeAt?.getTime()).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
