import fc from 'fast-check';
import { TIER_WINDOW_MS, tierDecision, type WindowUser } from './messaging-tier.js';
import { parseTierSlotReply, runTierSlotLua, TIER_SLOT_LUA, tierSlotArgs } from './tier-slot-lua.js';

const T0 = Date.parse('2026-11-30T10:00:00.000Z');

describe('TIER_SLOT_LUA', () => {
  it('uses one key and four arguments', () => {
    expect(TIER_SLOT_LUA).toContain("redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)");
    expect(TIER_SLOT_LUA).not.toMatch(/KEYS\[2\]|ARGV\[5\]/);
  });

  it.each<[unknown, ReturnType<typeof parseTierSlotReply>]>([
    [[1, 0], { allowed: true, countsNewUser: false }],
    [[1, 1], { allowed: true, countsNewUser: true }],
    [[0, T0], { allowed: false, notBefore: new Date(T0) }],
  ])('parseTierSlotReply(%j)', (reply, parsed) => {
    expect(parseTierSlotReply(reply)).toEqual(parsed);
  });

  it('tierSlotArgs', () => {
    expect(tierSlotArgs(new Date(T0), 250, TIER_WINDOW_MS, '972501234567')).toEqual([String(T0), '250', '86400000', '972501234567']);
  });

  it('the transcription agrees with tierDecision fed the users it admitted', () => {
    const send = fc.record({ dt: fc.integer({ min: 0, max: 4 * 3600_000 }), user: fc.integer({ min: 0, max: 15 }) });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(send, { minLength: 1, maxLength: 120 }), (limit, sends) => {
        const zset = new Map<string, number>();
        const admitted: WindowUser[] = [];
        let now = T0;
        for (const { dt, user } of sends) {
          now += dt;
          const waId = `9725000000${user}`;
          const expected = tierDecision({ recipient: waId, usersInWindow: admitted, limit, now: new Date(now), businessInitiated: true });
          const actual = parseTierSlotReply(runTierSlotLua(zset, tierSlotArgs(new Date(now), limit, TIER_WINDOW_MS, waId)));
          expect(actual).toEqual(expected);
          if (expected.allowed) admitted.push({ waId, lastAt: new Date(now) });
        }
      }),
      { numRuns: 300 },
    );
  });
});
