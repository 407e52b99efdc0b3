import { describe, expect, it } from '@jest/globals';
import { DEFAULT_RETRY_POLICY, retryAfterMs, retryDecision, type AttemptOutcome, type RetryPolicy } from './retry.js';

const policy: RetryPolicy = { maxAttempts: 5, baseDelayMs: 100, maxDelayMs: 1_000, maxRetryAfterMs: 30_000 };
const NOW = Date.parse('2026-03-01T12:00:00Z');
const status = (code: number, retryAfter?: string): AttemptOutcome => ({ kind: 'status', status: code, retryAfter });

describe('retryDecision', () => {
  it.each<[string, AttemptOutcome, boolean]>([
    ['a connection that failed', { kind: 'network' }, true],
    ['a time-out', { kind: 'timeout' }, true],
    ['500', status(500), true],
    ['502', status(502), true],
    ['503', status(503), true],
    ['504', status(504), true],
    ['429 rate_limited', status(429), true],
    ['408', status(408), true],
    ['400 validation_failed', status(400), false],
    ['401', status(401), false],
    ['403', status(403), false],
    ['404', status(404), false],
    ['409 dedupe_key_conflict / not_cancellable', status(409), false],
    ['413', status(413), false],
    ['422 window_closed', status(422), false],
    ['501', status(501), false],
  ])('an idempotent request after %s: retry %s', (_, outcome, retry) => {
    expect(retryDecision({ idempotent: true, attempt: 1, outcome, policy, random: () => 0.5, now: NOW }).retry).toBe(retry);
  });

  it.each<AttemptOutcome>([{ kind: 'network' }, { kind: 'timeout' }, status(503), status(429, '1')])(
    'a request that is not idempotent is never retried (%j)',
    (outcome) => {
      expect(retryDecision({ idempotent: false, attempt: 1, outcome, policy, random: () => 0.5, now: NOW })).toEqual({
        retry: false,
        reason: 'not_idempotent',
      });
    },
  );

  it('stops after maxAttempts attempts in all', () => {
    const decide = (attempt: number) => retryDecision({ idempotent: true, attempt, outcome: status(503), policy, random: () => 0, now: NOW });
    expect([1, 2, 3, 4].map((a) => decide(a).retry)).toEqual([true, true, true, true]);
    expect(decide(5)).toEqual({ retry: false, reason: 'attempts_exhausted' });
    expect(retryDecision({ idempotent: true, attempt: 1, outcome: status(503), policy: { ...policy, maxAttempts: 1 } })).toEqual({
      retry: false,
      reason: 'attempts_exhausted',
    });
  });

  it.each<[number, number, number]>([
    // attempt, delay with random() = 0 (half the ceiling), with random() → 1 (the ceiling)
    [1, 50, 100],
    [2, 100, 200],
    [3, 200, 400],
    [4, 400, 800],
    [5, 500, 1_000],
    [9, 500, 1_000],
  ])('backs off exponentially with jitter, capped: after attempt %i between %i and %i ms', (attempt, low, high) => {
    const big = { ...policy, maxAttempts: 100 };
    const at = (r: number) => retryDecision({ idempotent: true, attempt, outcome: { kind: 'network' }, policy: big, random: () => r, now: NOW });
    expect(at(0)).toEqual({ retry: true, delayMs: low });
    expect(at(0.999999)).toEqual({ retry: true, delayMs: high });
    const middle = at(0.5);
    expect(middle.retry && middle.delayMs > low && middle.delayMs < high).toBe(true);
  });

  it('honours Retry-After as a floor under the backoff, in seconds or as an HTTP date', () => {
    const decide = (retryAfter: string) => retryDecision({ idempotent: true, attempt: 1, outcome: status(429, retryAfter), policy, random: () => 0, now: NOW });
    expect(decide('7')).toEqual({ retry: true, delayMs: 7_000 });
    expect(decide(new Date(NOW + 12_000).toUTCString())).toEqual({ retry: true, delayMs: 12_000 });
    // Shorter than the backoff, or already past: the backoff stands.
    expect(decide('0')).toEqual({ retry: true, delayMs: 50 });
    expect(decide(new Date(NOW - 60_000).toUTCString())).toEqual({ retry: true, delayMs: 50 });
    // Unreadable: ignored.
    expect(decide('soon')).toEqual({ retry: true, delayMs: 50 });
  });

  it('does not wait out a Retry-After beyond maxRetryAfterMs: the error goes to the caller', () => {
    expect(retryDecision({ idempotent: true, attempt: 1, outcome: status(503, '31'), policy, now: NOW })).toEqual({
      retry: false,
      reason: 'retry_after_too_long',
    });
    expect(retryDecision({ idempotent: true, attempt: 1, outcome: status(503, '30'), policy, random: () => 0, now: NOW })).toEqual({
      retry: true,
      delayMs: 30_000,
    });
  });

  it('has sensible defaults', () => {
    expect(DEFAULT_RETRY_POLICY).toEqual({ maxAttempts: 5, baseDelayMs: 250, maxDelayMs: 8_000, maxRetryAfterMs: 60_000 });
    const d = retryDecision({ idempotent: true, attempt: 1, outcome: { kind: 'network' } });
    expect(d.retry && d.delayMs >= 125 && d.delayMs <= 250).toBe(true);
  });
});

describe('retryAfterMs', () => {
  it.each<[string | null | undefined, number | null]>([
    [undefined, null],
    [null, null],
    ['', null],
    ['3', 3_000],
    [' 120 ', 120_000],
    ['1.5', null],
    ['-1', null],
    ['Sun, 01 Mar 2026 12:00:05 GMT', 5_000],
    ['Sun, 01 Mar 2026 11:00:00 GMT', 0],
    ['tomorrow', null],
  ])('%j → %j', (header, ms) => {
    expect(retryAfterMs(header, NOW)).toBe(ms);
  });
});
