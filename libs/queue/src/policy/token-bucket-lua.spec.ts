import fc from 'fast-check';
import { parseTokenBucketReply, runTokenBucketLua, tokenBucketArgs, TOKEN_BUCKET_LUA, type BucketHash } from './token-bucket-lua.js';
import { takeToken, type BucketRate, type TokenBucketState } from './token-bucket.js';

const T0 = Date.parse('2026-11-30T10:00:00.000Z');

describe('TOKEN_BUCKET_LUA', () => {
  it('keeps its KEYS/ARGV contract: one key, now/rate/burst, HMGET + HSET + PEXPIRE', () => {
    expect(TOKEN_BUCKET_LUA).toContain("redis.call('HMGET', KEYS[1], 'units', 'at')");
    expect(TOKEN_BUCKET_LUA).toContain("redis.call('HSET', KEYS[1], 'units', units, 'at', at)");
    expect(TOKEN_BUCKET_LUA).toContain("redis.call('PEXPIRE', KEYS[1]");
    expect(TOKEN_BUCKET_LUA).not.toMatch(/KEYS\[2\]|ARGV\[4\]|TIME/);
  });

  it.each<[string, Date, BucketRate, string[]]>([
    ['integer ms', new Date(T0 + 0.7), { ratePerSec: 80, burst: 1 }, [String(T0), '80', '1']],
    ['fractional rate', new Date(T0), { ratePerSec: 0.25, burst: 3 }, [String(T0), '0.25', '3']],
  ])('tokenBucketArgs: %s', (_name, now, rate, argv) => {
    expect(tokenBucketArgs(now, rate)).toEqual(argv);
  });

  it.each<[unknown, { granted: boolean; nextAt: Date }]>([
    [[1, T0, 0], { granted: true, nextAt: new Date(T0) }],
    [[0, T0 + 13, 40_000], { granted: false, nextAt: new Date(T0 + 13) }],
  ])('parseTokenBucketReply(%j)', (reply, parsed) => {
    expect(parseTokenBucketReply(reply)).toEqual(parsed);
  });

  it('parseTokenBucketReply refuses a reply of the wrong shape', () => {
    expect(() => parseTokenBucketReply('OK')).toThrow(TypeError);
  });

  // The script cannot run in a unit test; its JS transcription must agree with takeToken on any
  // sequence of calls, rates and (sometimes backwards) clocks.
  it('the transcription agrees with takeToken call for call', () => {
    const rate = fc.record({
      ratePerSec: fc.oneof(fc.constantFrom(80, 1000, 20, 0.5, 1 / 6, 40, 10), fc.double({ min: 0.01, max: 2000, noNaN: true })),
      burst: fc.integer({ min: 1, max: 100 }),
    });
    const step = fc.record({ dt: fc.integer({ min: -200, max: 5_000 }), rate });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 80 }), (steps) => {
        let hash: BucketHash = {};
        let bucket: TokenBucketState | null = null;
        let now = T0;
        for (const { dt, rate: r } of steps) {
          now += dt;
          const ts = takeToken(bucket, new Date(now), r);
          const lua = runTokenBucketLua(hash, tokenBucketArgs(new Date(now), r));
          expect(lua.reply).toEqual([ts.granted ? 1 : 0, ts.nextAt.getTime(), ts.state.units]);
          expect(Number(lua.hash.at)).toBe(ts.state.at.getTime());
          expect(Number.isInteger(lua.reply[2]) && lua.pexpireMs >= 1).toBe(true);
          hash = lua.hash;
          bucket = ts.state;
        }
      }),
      { numRuns: 300 },
    );
  });
});
