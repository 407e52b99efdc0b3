import { decideSnoozeWake, isSnoozedAt, parseSnoozeUntil, type SnoozeState } from './snooze.js';

const now = new Date('2026-12-01T10:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);

describe('parseSnoozeUntil', () => {
  it.each<[string, unknown, ReturnType<typeof parseSnoozeUntil>]>([
    ['until the customer writes', 'customer_reply', { ok: true, until: null }],
    ['an hour ahead (UTC)', '2026-12-01T11:00:00Z', { ok: true, until: at(3_600_000) }],
    ['with an offset', '2026-12-02T09:00:00+01:00', { ok: true, until: new Date('2026-12-02T08:00:00Z') }],
    ['with milliseconds', '2026-12-01T10:00:00.001Z', { ok: true, until: at(1) }],
    ['now is not the future', '2026-12-01T10:00:00Z', { ok: false, message: 'must be in the future' }],
    ['the past', '2026-11-30T10:00:00Z', { ok: false, message: 'must be in the future' }],
    ['more than a year ahead', '2028-01-01T00:00:00Z', { ok: false, message: 'must be within a year' }],
    ['no offset: whose 9:00?', '2026-12-02T09:00:00', { ok: false, message: 'must be an ISO 8601 time with its offset, or "customer_reply"' }],
    ['not a time', 'tomorrow', { ok: false, message: 'must be an ISO 8601 time with its offset, or "customer_reply"' }],
    ['not a string', 1764583200000, { ok: false, message: 'must be an ISO 8601 time with its offset, or "customer_reply"' }],
    ['a day no month has', '2027-01-32T10:00:00Z', { ok: false, message: 'is not a real time' }],
  ])('%s', (_, until, expected) => {
    expect(parseSnoozeUntil(until, now)).toEqual(expected);
  });
});

describe('decideSnoozeWake', () => {
  const awake: SnoozeState = { snoozedAt: null, snoozedUntil: null };
  const untilReply: SnoozeState = { snoozedAt: at(-60_000), snoozedUntil: null };
  const untilSoon: SnoozeState = { snoozedAt: at(-60_000), snoozedUntil: at(1_000) };
  const overdue: SnoozeState = { snoozedAt: at(-60_000), snoozedUntil: at(0) };

  it.each<[string, SnoozeState, Parameters<typeof decideSnoozeWake>[1], ReturnType<typeof decideSnoozeWake>]>([
    ['not snoozed: nothing to wake (tick)', awake, { kind: 'tick', now }, null],
    ['not snoozed: nothing to wake (customer)', awake, { kind: 'customer_wrote' }, null],
    ['until a reply: time never wakes it', untilReply, { kind: 'tick', now: at(86_400_000 * 365) }, null],
    ['until a reply: the customer writing does', untilReply, { kind: 'customer_wrote' }, 'customer_wrote'],
    ['until a time not yet come', untilSoon, { kind: 'tick', now }, null],
    ['until a time, exactly then', overdue, { kind: 'tick', now }, 'time_passed'],
    ['until a time, the customer writing first wakes it', untilSoon, { kind: 'customer_wrote' }, 'customer_wrote'],
  ])('%s', (_, state, event, expected) => {
    expect(decideSnoozeWake(state, event)).toBe(expected);
  });

  it('a conversation whose time has come is no longer hidden, even before the task wakes it', () => {
    expect(isSnoozedAt(untilSoon, now)).toBe(true);
    expect(isSnoozedAt(untilSoon, at(1_000))).toBe(false);
    expect(isSnoozedAt(untilReply, at(10 ** 10))).toBe(true);
    expect(isSnoozedAt(awake, now)).toBe(false);
  });
});
