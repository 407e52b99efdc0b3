import { whyWaiting, type QueuedFacts, type WaitContext } from './outbox-waiting.js';

const NOW = new Date('2026-12-01T20:00:00Z');
const at = (s: number) => new Date(NOW.getTime() + s * 1000);
const row = (over: Partial<QueuedFacts> = {}): QueuedFacts => ({ notBefore: NOW, attempts: 0, lastErrorCode: null, ...over });
const ctx = (over: Partial<WaitContext> = {}): WaitContext => ({ now: NOW, paused: false, lastSentToRecipientAt: null, pairIntervalMs: 6_500, ...over });

describe('whyWaiting', () => {
  it.each([
    ['due, nothing before it', row(), ctx(), null],
    ['its number is paused', row({ notBefore: at(3600), lastErrorCode: 'quiet_hours' }), ctx({ paused: true }), { reason: 'paused', until: null }],
    ['quiet hours', row({ notBefore: at(3600), lastErrorCode: 'quiet_hours' }), ctx(), { reason: 'quiet_hours', until: at(3600) }],
    ['the messaging limit', row({ notBefore: at(600), lastErrorCode: 'messaging_limit' }), ctx(), { reason: 'messaging_limit', until: at(600) }],
    ['a cooling number', row({ notBefore: at(60), lastErrorCode: 'cooling' }), ctx(), { reason: 'cooling', until: at(60) }],
    ['a retry after an error', row({ notBefore: at(4), attempts: 2, lastErrorCode: 130429 }), ctx(), { reason: 'retry', until: at(4) }],
    ['a time the integrator chose', row({ notBefore: at(86_400) }), ctx(), { reason: 'scheduled', until: at(86_400) }],
    ['6 s after the last message to this person', row(), ctx({ lastSentToRecipientAt: at(-2) }), { reason: 'paced', until: at(4.5) }],
    ['the pair interval is over', row(), ctx({ lastSentToRecipientAt: at(-7) }), null],
    ['a long wait that has passed', row({ notBefore: at(-1), lastErrorCode: 'quiet_hours' }), ctx(), null],
  ])('%s', (_name, facts, context, expected) => {
    expect(whyWaiting(facts, context)).toEqual(expected);
  });
});
