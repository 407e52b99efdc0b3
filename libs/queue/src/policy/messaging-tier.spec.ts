import { MESSAGING_TIERS, parseTier, TIER_WINDOW_MS, tierDecision, tierScopeId, type MessagingLimit, type WindowUser } from './messaging-tier.js';

const now = new Date('2026-11-30T10:00:00.000Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);
const users = (n: number, firstHoursAgo = 23, stepHours = 0.01): WindowUser[] =>
  Array.from({ length: n }, (_, i) => ({ waId: `u${i}`, lastAt: hoursAgo(firstHoursAgo - i * stepHours) }));

describe('parseTier', () => {
  it.each<[unknown, MessagingLimit | null]>([
    ['TIER_50', 50],
    ['TIER_250', 250],
    ['TIER_1K', 1_000],
    ['TIER_2K', 2_000],
    ['TIER_10K', 10_000],
    ['TIER_100K', 100_000],
    ['TIER_UNLIMITED', 'unlimited'],
    ['tier_2k', 2_000],
    [2000, 2_000],
    ['2000', 2_000],
    ['UNLIMITED', 'unlimited'],
    ['TIER_NOT_SET', null],
    ['TIER_3K', null],
    ['toString', null],
    [0, null],
    [-1, null],
    [2.5, null],
    [null, null],
    [{}, null],
  ])('%j → %j', (value, limit) => {
    expect(parseTier(value)).toEqual(limit);
  });

  it('seeds Meta’s tiers', () => {
    expect(MESSAGING_TIERS).toEqual([250, 2_000, 10_000, 100_000, 'unlimited']);
  });
});

describe('tierScopeId', () => {
  it.each<['portfolio' | 'number', string]>([
    ['portfolio', 'portfolio:B1'],
    ['number', 'number:P1'],
  ])('%s → %s', (scope, id) => {
    expect(tierScopeId(scope, { portfolioId: 'B1', phoneNumberId: 'P1' })).toBe(id);
  });
});

describe('tierDecision', () => {
  it.each<[string, string, WindowUser[], MessagingLimit, boolean, ReturnType<typeof tierDecision>]>([
    ['under the tier: a new user takes a slot', 'new', users(249), 250, true, { allowed: true, countsNewUser: true }],
    [
      'the 251st new user waits until the oldest slot frees',
      'new',
      users(250),
      250,
      true,
      { allowed: false, notBefore: new Date(hoursAgo(23).getTime() + TIER_WINDOW_MS) },
    ],
    ['a user already messaged today does not', 'u7', users(250), 250, true, { allowed: true, countsNewUser: false }],
    ['a message inside a service window never counts', 'new', users(250), 250, false, { allowed: true, countsNewUser: false }],
    ['unlimited', 'new', users(500), 'unlimited', true, { allowed: true, countsNewUser: true }],
    ['users older than 24 h have aged out', 'new', users(250, 30, 0), 250, true, { allowed: true, countsNewUser: true }],
    [
      'a user last messaged 25 h ago is new again',
      'old',
      [{ waId: 'old', lastAt: hoursAgo(25) }, ...users(250)],
      250,
      true,
      { allowed: false, notBefore: new Date(hoursAgo(23).getTime() + TIER_WINDOW_MS) },
    ],
    // limit lowered below what is already counted: wait for (n − limit + 1) users to age out
    [
      'over the limit by 2: the third-oldest must age out',
      'new',
      users(5),
      3,
      true,
      { allowed: false, notBefore: new Date(hoursAgo(23 - 2 * 0.01).getTime() + TIER_WINDOW_MS) },
    ],
  ])('%s', (_name, recipient, window, limit, businessInitiated, decision) => {
    expect(tierDecision({ recipient, usersInWindow: window, limit, now, businessInitiated })).toEqual(decision);
  });

  it('counts a user by their latest message: a re-messaged user holds the slot longer', () => {
    const window: WindowUser[] = [
      { waId: 'a', lastAt: hoursAgo(23) },
      { waId: 'a', lastAt: hoursAgo(1) },
      { waId: 'b', lastAt: hoursAgo(20) },
    ];
    expect(tierDecision({ recipient: 'c', usersInWindow: window, limit: 2, now, businessInitiated: true })).toEqual({
      allowed: false,
      notBefore: new Date(hoursAgo(20).getTime() + TIER_WINDOW_MS),
    });
  });

  it('a wait is always in the future and never fails', () => {
    const decision = tierDecision({ recipient: 'x', usersInWindow: users(250, 0.5), limit: 250, now, businessInitiated: true });
    const notBefore = decision.allowed ? null : decision.notBefore;
    expect(notBefore?.getTime()).toBeGreaterThan(now.getTime());
  });

  it.each<[number]>([[0], [-5], [2.5]])('refuses a limit of %d', (limit) => {
    expect(() => tierDecision({ recipient: 'x', usersInWindow: [], limit, now, businessInitiated: true })).toThrow(RangeError);
  });
});
