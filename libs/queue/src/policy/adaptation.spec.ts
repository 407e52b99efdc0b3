import { classifyGraphError } from '@sendbook/whatsapp';
import { adaptationFor, pairPushDelayMs, type PolicyAction } from './adaptation.js';

const now = new Date('2026-11-30T10:00:00.000Z');
const plus = (ms: number) => new Date(now.getTime() + ms);
const graph = (code: number, httpStatus = 400) => classifyGraphError({ error: { code, message: `(#${code}) x`, type: 'OAuthException' }, httpStatus });

describe('adaptationFor a classified Graph error', () => {
  it.each<[number, PolicyAction]>([
    [130429, { kind: 'slow_number', factor: 0.5, holdMs: 1_000, recoverMs: 4_000 }],
    [131056, { kind: 'push_pair', delayMs: 6_000, until: plus(6_000) }],
    [131048, { kind: 'pause', scope: 'number', reason: 'restriction', code: 131048 }],
    [368, { kind: 'pause', scope: 'number', reason: 'restriction', code: 368 }],
    [131031, { kind: 'pause', scope: 'number', reason: 'restriction', code: 131031 }],
    [0, { kind: 'pause', scope: 'account', reason: 'auth', code: 0 }],
    [190, { kind: 'pause', scope: 'account', reason: 'auth', code: 190 }],
    [10, { kind: 'pause', scope: 'account', reason: 'auth', code: 10 }],
    [200, { kind: 'pause', scope: 'account', reason: 'auth', code: 200 }],
    [131042, { kind: 'pause', scope: 'account', reason: 'payment', code: 131042 }],
    [131047, { kind: 'window_closed' }],
    [470, { kind: 'window_closed' }],
    [131057, { kind: 'cool', scope: 'number', until: plus(60_000) }],
    [80007, { kind: 'cool', scope: 'account', until: plus(60_000) }],
    [4, { kind: 'cool', scope: 'account', until: plus(60_000) }],
    [131026, { kind: 'none' }],
    [132001, { kind: 'none' }],
    [131000, { kind: 'none' }],
    [99999999, { kind: 'none' }],
  ])('code %i', (code, action) => {
    expect(adaptationFor(graph(code), { now })).toEqual(action);
  });

  it('falls back on the classifier for a pause it knows and we do not', () => {
    expect(adaptationFor({ code: 777, action: 'pause_account', scope: 'number' }, { now })).toEqual({
      kind: 'pause',
      scope: 'number',
      reason: 'other',
      code: 777,
    });
    expect(adaptationFor({ code: null, action: 'pause_account' }, { now })).toEqual({ kind: 'pause', scope: 'account', reason: 'other', code: null });
  });

  it.each<[number | string | null, PolicyAction['kind']]>([
    ['130429', 'slow_number'],
    ['not_sent', 'none'],
    ['unknown_outcome', 'none'],
    [null, 'none'],
  ])('reads a send decision’s error code %j', (code, kind) => {
    expect(adaptationFor({ code }, { now }).kind).toBe(kind);
  });

  it('pushes a pair by 4^X s after repeated 131056', () => {
    expect(adaptationFor(graph(131056), { now, pairStrikes: 2 })).toEqual({ kind: 'push_pair', delayMs: 16_000, until: plus(16_000) });
  });

  it('takes its knobs from options', () => {
    expect(adaptationFor(graph(130429), { now, options: { slowFactor: 0.25, slowHoldMs: 500, slowRecoverMs: 8_000 } })).toEqual({
      kind: 'slow_number',
      factor: 0.25,
      holdMs: 500,
      recoverMs: 8_000,
    });
  });
});

describe('pairPushDelayMs', () => {
  it.each<[number, number]>([
    [0, 6_000], // 4^0 = 1 s, but never less than the pair interval
    [1, 6_000],
    [2, 16_000],
    [3, 64_000],
    [4, 256_000],
    [6, 3_600_000], // capped
    [Number.NaN, 6_000],
    [-3, 6_000],
  ])('strike %d → %d ms', (strikes, ms) => {
    expect(pairPushDelayMs(strikes)).toBe(ms);
  });
});
