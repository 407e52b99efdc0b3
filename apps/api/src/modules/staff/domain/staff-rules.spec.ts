import { emailKey, throttleSignIn, type ThrottlePolicy } from './login-throttle.js';
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
  const policy: ThrottlePolicy = { perAccount: 5, perAddress: 20, windowMs: 15 * MIN };
  const failures = (n: number, everyMs = 1000) => Array.from({ length: n }, (_, i) => at(-i * everyMs));

  it.each([
    ['four failures: a fifth try', failures(4), [], { allowed: true }],
    ['five failures: the sixth waits for the oldest to leave the window', failures(5), [], { allowed: false, by: 'account', retryAfterMs: 15 * MIN - 4000 }],
    ['five failures, the oldest just out of the window', [...failures(4), at(-15 * MIN)], [], { allowed: true }],
    ['twenty from the address across accounts', [], failures(20), { allowed: false, by: 'address', retryAfterMs: 15 * MIN - 19_000 }],
    ['nineteen from the address', [], failures(19), { allowed: true }],
    ['the account limit is named first', failures(5), failures(20), { allowed: false, by: 'account', retryAfterMs: 15 * MIN - 4000 }],
  ] as const)('%s', (_name, account, address, decision) => {
    expect(throttleSignIn(account, address, at(0), policy)).toEqual(decision);
  });

  it('compares emails case-insensitively', () => {
    expect(emailKey('  Dana@Shop.Example ')).toBe('dana@shop.example');
  });
});
