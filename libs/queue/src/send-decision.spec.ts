import type { SendResult } from '@sendbook/whatsapp';
import { decideAfterSend, type SendDecision, type SendDecisionContext } from './send-decision.js';

function delayOf(decision: SendDecision): number {
  if (decision.kind !== 'requeue') throw new Error(`expected a requeue, got ${decision.kind}`);
  return decision.notBefore.getTime() - now.getTime();
}

const now = new Date('2026-11-30T10:00:00Z');
const ctx = (over: Partial<SendDecisionContext> = {}): SendDecisionContext => ({
  attempts: 1,
  maxAttempts: 5,
  hasFallbackTemplate: false,
  now,
  random: () => 0.5,
  retry: { baseMs: 1000, maxMs: 60_000 },
  ...over,
});

const rejected = (code: number, httpStatus = 400): SendResult => ({
  outcome: 'rejected',
  httpStatus,
  error: { code, subcode: null, title: null, message: `(#${code}) x`, details: 'd', type: 'OAuthException', fbtraceId: null, href: null, raw: {} },
});

describe('decideAfterSend', () => {
  it('records the wamid of an accepted send', () => {
    const result: SendResult = { outcome: 'accepted', wamid: 'wamid.X', waId: '972501234567', messageStatus: 'accepted', httpStatus: 200, raw: {} };
    expect(decideAfterSend(result, ctx())).toEqual({ kind: 'accepted', wamid: 'wamid.X', waId: '972501234567', messageStatus: 'accepted' });
  });

  it('never re-sends automatically when the outcome is unknown', () => {
    expect(decideAfterSend({ outcome: 'unknown', reason: 'socket hang up' }, ctx({ attempts: 1 }))).toMatchObject({
      kind: 'stuck',
      error: { code: 'unknown_outcome', message: 'socket hang up' },
    });
  });

  it('requeues a request that never left, later each time', () => {
    const first = decideAfterSend({ outcome: 'not_sent', reason: 'ECONNREFUSED' }, ctx({ attempts: 1, random: () => 0.99 }));
    const fourth = decideAfterSend({ outcome: 'not_sent', reason: 'ECONNREFUSED' }, ctx({ attempts: 4, random: () => 0.99 }));
    expect(delayOf(first)).toBeGreaterThan(0);
    expect(delayOf(fourth)).toBeGreaterThan(delayOf(first));
  });

  it.each([
    [130429, 'requeue'],
    [131056, 'requeue'],
    [131000, 'requeue'],
    [133004, 'requeue'],
    [131026, 'fail'],
    [132001, 'fail'],
    [131050, 'hold'],
    [99999999, 'fail'],
    [131047, 'hold'],
    [190, 'pause'],
    [131042, 'pause'],
  ])('code %i → %s', (code, kind) => {
    expect(decideAfterSend(rejected(code), ctx()).kind).toBe(kind);
  });

  it('holds a send refused with 131050 as a marketing opt-out (released on resume), even with a fallback template', () => {
    const decision = decideAfterSend(rejected(131050), ctx({ hasFallbackTemplate: true }));
    expect(decision).toMatchObject({ kind: 'hold', error: { code: 'marketing_opt_out', title: 'Recipient opted out of marketing messages' } });
    expect('error' in decision && decision.error.details).toContain('131050');
  });

  it('takes the fallback template when the window is closed and one was given', () => {
    expect(decideAfterSend(rejected(131047), ctx({ hasFallbackTemplate: true })).kind).toBe('use_fallback');
  });

  it('fails a retryable error once the attempts are spent, keeping the error', () => {
    expect(decideAfterSend(rejected(130429), ctx({ attempts: 5, maxAttempts: 5 }))).toMatchObject({ kind: 'fail', error: { code: 130429 } });
  });

  it('waits at least what Meta suggests for a retryable code', () => {
    const decision = decideAfterSend(rejected(131057, 500), ctx({ random: () => 0, retry: { baseMs: 1000, maxMs: 600_000 } }));
    expect(delayOf(decision)).toBeGreaterThanOrEqual(60_000);
  });

  it('pauses the number, not the account, for a spam-rate restriction', () => {
    expect(decideAfterSend(rejected(131048), ctx())).toMatchObject({ kind: 'pause', scope: 'number' });
  });
});
