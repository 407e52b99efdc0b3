import { ADMISSION_LUA, admissionArgs, parseAdmissionReply, rateRetryAt, tierArg } from './admission-lua.js';
import { waitingScore } from './admission.js';

const T0 = Date.parse('2026-11-30T10:00:00.000Z');

// The script itself runs against a real Redis in test/policy/admission-script.e2e.ts, and against
// the TypeScript rule (`decideAdmission`) in test/rules/.
describe('admission script helpers', () => {
  it('checks everything before it takes anything: a rate denial only writes the waiting line and the hold', () => {
    const firstWrite = ADMISSION_LUA.search(/redis\.call\('(HSET|SET|ZADD)'/);
    for (const check of ['return { 0, 1', 'return { 0, 2', 'return { 0, 3']) {
      expect(ADMISSION_LUA.indexOf(check)).toBeGreaterThan(0);
      expect(ADMISSION_LUA.indexOf(check)).toBeLessThan(firstWrite);
    }
    const rateBranch = ADMISSION_LUA.slice(firstWrite, ADMISSION_LUA.indexOf('return { 0, 4'));
    expect(rateBranch.match(/redis\.call\('(HSET|SET|ZADD|DEL|ZREM)', KEYS\[\d\]/g)).toEqual(["redis.call('ZADD', KEYS[7]", "redis.call('HSET', KEYS[6]"]);
  });

  it('builds ARGV in the documented order', () => {
    expect(
      admissionArgs({
        now: new Date(T0 + 0.6),
        rate: { ratePerSec: 72, burst: 1 },
        pairIntervalMs: 6500,
        tierLimit: 250,
        tierWindowMs: 86_400_000,
        waId: '972501234567',
        rowId: 'row-1',
        priority: 5,
        createdAt: new Date(T0),
        holdGraceMs: 100,
      }),
    ).toEqual([String(T0), '72', '1', '6500', '250', '86400000', '972501234567', 'row-1', '5', String(waitingScore(5, new Date(T0))), '100', '0']);
  });

  it.each<[number | 'unlimited', boolean, number]>([
    [250, true, 250],
    ['unlimited', true, -1],
    [250, false, 0],
    ['unlimited', false, 0],
  ])('tierArg(%s, business-initiated %s) = %s', (limit, businessInitiated, arg) => {
    expect(tierArg(limit, businessInitiated)).toBe(arg);
  });

  it.each<[unknown, ReturnType<typeof parseAdmissionReply>]>([
    [[1, 1, T0 + 13, T0], { admitted: true, countsNewUser: true, nextTokenAt: new Date(T0 + 13), sendAt: new Date(T0) }],
    [[1, 0, T0, T0 + 5], { admitted: true, countsNewUser: false, nextTokenAt: new Date(T0), sendAt: new Date(T0 + 5) }],
    [[0, 1, T0 + 60_000], { admitted: false, reason: 'cooling', retryAt: new Date(T0 + 60_000) }],
    [[0, 2, T0 + 6_000], { admitted: false, reason: 'pair', retryAt: new Date(T0 + 6_000) }],
    [[0, 3, T0 + 86_400_000], { admitted: false, reason: 'tier', retryAt: new Date(T0 + 86_400_000) }],
    [[0, 4, T0 + 14, 3, 12_500], { admitted: false, reason: 'rate', retryAt: new Date(T0 + 14), place: 3, tokenUs: 12_500 }],
  ])('parseAdmissionReply(%j)', (reply, parsed) => {
    expect(parseAdmissionReply(reply)).toEqual(parsed);
  });

  it('refuses replies of the wrong shape or reason', () => {
    expect(() => parseAdmissionReply('OK')).toThrow(TypeError);
    expect(() => parseAdmissionReply([0, 9, T0])).toThrow(/reason 9/);
    expect(() => parseAdmissionReply([1, 0, T0])).toThrow(TypeError);
  });

  it('spreads a backlog over the coming tokens; nothing ahead takes the next one', () => {
    const next = new Date(T0 + 5);
    // 80 msg/s: a token every 12,500 µs.
    expect(rateRetryAt(next, 0, 12_500)).toEqual(next);
    expect(rateRetryAt(next, 1, 12_500)).toEqual(new Date(T0 + 5 + 13));
    expect(rateRetryAt(next, 80, 12_500)).toEqual(new Date(T0 + 5 + 1000));
    expect(rateRetryAt(next, -3, 12_500)).toEqual(next);
    // Slowed to a quarter after 130429s: the line spreads four times wider.
    expect(rateRetryAt(next, 80, 50_000)).toEqual(new Date(T0 + 5 + 4000));
  });
});
