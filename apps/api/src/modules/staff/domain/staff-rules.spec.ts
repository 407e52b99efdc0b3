import { backoffMs, emailKey, throttleSignIn, type SignInHistory, type ThrottlePolicy } from './login-throttle.js';
import { needsTouch, sessionStatus } from './session-expiry.js';

const T = Date.UTC(2026, 11, 1, 9, 0, 0);
const at = (ms: number) => new Date(T + ms);
const MIN = 60_000;

describe('sessionStatus', () => {
  const idle = 12 * 60 * MIN;
  it.each([
    [{ lastSeenAt: at(-MIN), expiresAt: at(MIN), staffActive: true }, 'valid'],
    [{ lastSeenAt: at(-idle), expiresAt: at(MIN), staffActive: true }, 'idle'],
    [{ lastSeenAt: at(-idle + 1), expiresAt: at(MIN), staffActive: true }, 'valid'],
    [{ lastSeenAt: at(-MIN), expiresAt: at(0), staffActive: true }, 'expired'],
    [{ lastSeenAt: at(-MIN), expiresAt: at(MIN), staffActive: false }, 'deactivated'],
    [{ lastSeenAt: at(-idle), expiresAt: at(0), staffActive: false }, 'deactivated'],
  ] as const)('%j → %s', (facts, status) => {
    expect(sessionStatus(facts, at(0), idle)).toBe(status);
  });

  it('touches last_seen_at at most once a minute', () => {
    expect(needsTouch(at(-59_999), at(0))).toBe(false);
    expect(needsTouch(at(-60_000), at(0))).toBe(true);
  });
});

describe('throttleSignIn', () => {
  const policy: ThrottlePolicy = { freeFailures: 5, perAddress: 20, windowMs: 15 * MIN, baseDelayMs: 1000 };
  const failures = (n: number, everyMs = 1000) => Array.from({ length: n }, (_, i) => at(-i * everyMs));
  const history = (over: Partial<SignInHistory>): SignInHistory => ({ pair: [], account: [], address: [], familiar: false, ...over });

  it.each<[string, SignInHistory, ReturnType<typeof throttleSignIn>]>([
    ['four failures of the pair: a fifth try at once', history({ pair: failures(4), account: failures(4) }), { allowed: true }],
    [
      'five from the pair, the last just now: wait 1 s',
      history({ pair: failures(5, 10), account: failures(5, 10) }),
      { allowed: false, by: 'account', retryAfterMs: 1000 },
    ],
    [
      'seven from the pair: 4 s after the latest',
      history({ pair: failures(7, 100), account: failures(7, 100) }),
      { allowed: false, by: 'account', retryAfterMs: 4000 },
    ],
    [
      'the wait is counted from the latest failure',
      history({ pair: [at(-3000), ...failures(6, 100).map((d) => new Date(d.getTime() - 3000))], account: [] }),
      { allowed: false, by: 'account', retryAfterMs: 1000 },
    ],
    ['never longer than the window', history({ pair: failures(40, 10) }), { allowed: false, by: 'account', retryAfterMs: 15 * MIN }],
    ['failures past the window do not count', history({ pair: failures(5, 4 * MIN) }), { allowed: true }],
    // A guesser spread over many addresses slows everyone new to the account…
    ['an unfamiliar address waits on the account’s failures', history({ account: failures(8, 10) }), { allowed: false, by: 'account', retryAfterMs: 8000 }],
    // …but not the owner, from an address they signed in from before.
    ['a familiar address is judged on its own pair only', history({ account: failures(8, 10), familiar: true }), { allowed: true }],
    ['twenty from the address across accounts', history({ address: failures(20) }), { allowed: false, by: 'address', retryAfterMs: 15 * MIN - 19_000 }],
    ['nineteen from the address', history({ address: failures(19) }), { allowed: true }],
  ])('%s', (_name, h, decision) => {
    expect(throttleSignIn(h, at(0), policy)).toEqual(decision);
  });

  it('backs off 1, 2, 4, 8 s past the free failures', () => {
    expect([4, 5, 6, 7, 8].map((n) => backoffMs(n, policy))).toEqual([0, 1000, 2000, 4000, 8000]);
  });

  it('compares emails case-insensitively', () => {
    expect(emailKey('  Dana@Shop.Example ')).toBe('dana@shop.example');
  });
});
