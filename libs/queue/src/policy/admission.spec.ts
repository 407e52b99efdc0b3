import { decideAdmission, placeInLine, waitingScore, type Admission, type AdmissionRequest, type GateState } from './admission.js';
import { TOKEN_UNITS } from './token-bucket.js';

const T0 = Date.parse('2026-11-30T10:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms);

const open: GateState = { coolUntil: null, pairFreeAt: null, usersInWindow: [], slowdown: null, bucket: null, hold: null, line: new Map() };
const empty = { units: 0, at: at(0) };
const request = (overrides: Partial<AdmissionRequest> = {}): AdmissionRequest => ({
  now: at(0),
  rate: { ratePerSec: 80, burst: 1 },
  pairIntervalMs: 6000,
  limit: 2,
  businessInitiated: true,
  waId: 'u1',
  rowId: 'row-1',
  priority: 0,
  createdAt: at(-1000),
  holdGraceMs: 100,
  ...overrides,
});

// The script runs against this rule on a real Redis in test/rules/.
describe('decideAdmission', () => {
  it.each<[string, Partial<GateState>, Partial<AdmissionRequest>, Admission]>([
    ['all clear: admitted, a new user, the next token in 12.5 ms', {}, {}, { admitted: true, countsNewUser: true, nextTokenAt: at(13), sendAt: at(0) }],
    [
      'cooling first, whatever else',
      { coolUntil: at(60_000), pairFreeAt: at(3000), bucket: empty },
      {},
      { admitted: false, reason: 'cooling', retryAt: at(60_000) },
    ],
    ['cooling that ended exactly now does not stop it', { coolUntil: at(0) }, {}, { admitted: true, countsNewUser: true, nextTokenAt: at(13), sendAt: at(0) }],
    ['then the pair', { pairFreeAt: at(3000), bucket: empty }, {}, { admitted: false, reason: 'pair', retryAt: at(3000) }],
    [
      'then the messaging limit: a third new user waits 24 h after the oldest',
      {
        usersInWindow: [
          { waId: 'a', lastAt: at(-5000) },
          { waId: 'b', lastAt: at(-10) },
        ],
        bucket: empty,
      },
      {},
      { admitted: false, reason: 'tier', retryAt: at(86_400_000 - 5000) },
    ],
    [
      'a user already counted takes no slot',
      {
        usersInWindow: [
          { waId: 'u1', lastAt: at(-5000) },
          { waId: 'b', lastAt: at(-10) },
        ],
      },
      {},
      { admitted: true, countsNewUser: false, nextTokenAt: at(13), sendAt: at(0) },
    ],
    [
      'inside a service window the limit does not apply',
      {
        usersInWindow: [
          { waId: 'a', lastAt: at(-5000) },
          { waId: 'b', lastAt: at(-10) },
        ],
      },
      { businessInitiated: false },
      { admitted: true, countsNewUser: false, nextTokenAt: at(13), sendAt: at(0) },
    ],
    ['then the token: first in line', { bucket: { units: 0, at: at(-5) } }, {}, { admitted: false, reason: 'rate', retryAt: at(8), place: 0, tokenUs: 12_500 }],
    [
      'a slowed number refills at its slowed rate',
      { bucket: { units: 0, at: at(-5) }, slowdown: { factor: 0.5, rampFrom: at(1), rampPerMs: 1 / 4_000, until: at(3) } },
      {},
      { admitted: false, reason: 'rate', retryAt: at(20), place: 0, tokenUs: 25_000 },
    ],
    [
      'behind an older row of the same priority',
      { bucket: empty, line: new Map([['row-0', waitingScore(0, at(-2000))]]) },
      {},
      { admitted: false, reason: 'rate', retryAt: at(13), place: 1, tokenUs: 12_500 },
    ],
    [
      'the token held for a more urgent row: after it',
      { hold: { rowId: 'row-0', until: at(50), priority: 5 } },
      {},
      { admitted: false, reason: 'rate', retryAt: at(63), place: 0, tokenUs: 12_500 },
    ],
    // The head of the line is late: its token is not left unused.
    [
      'a hold of the same priority does not hold the token back',
      { hold: { rowId: 'row-0', until: at(50), priority: 0 } },
      {},
      { admitted: true, countsNewUser: true, nextTokenAt: at(13), sendAt: at(0) },
    ],
    [
      'a more urgent row is not held back by the hold',
      { hold: { rowId: 'row-0', until: at(50), priority: 0 } },
      { priority: 5 },
      { admitted: true, countsNewUser: true, nextTokenAt: at(13), sendAt: at(0) },
    ],
    [
      'a hold that has ended holds nothing',
      { hold: { rowId: 'row-0', until: at(-1), priority: 9 } },
      {},
      { admitted: true, countsNewUser: true, nextTokenAt: at(13), sendAt: at(0) },
    ],
    // A token due within the lead is taken ahead: the row sends when it is there, the next asks after it.
    [
      'a token 8 ms away, with a 10 ms lead: taken, to send in 8 ms',
      { bucket: { units: 0, at: at(-5) } },
      { leadMs: 10 },
      { admitted: true, countsNewUser: true, nextTokenAt: at(10), sendAt: at(8) },
    ],
    [
      'a token 13 ms away, with a 10 ms lead: in line until 3 ms',
      { bucket: empty },
      { leadMs: 10 },
      { admitted: false, reason: 'rate', retryAt: at(3), place: 0, tokenUs: 12_500 },
    ],
  ])('%s', (_name, state, overrides, admission) => {
    expect(decideAdmission({ ...open, ...state }, request(overrides)).admission).toEqual(admission);
  });

  it('a denial takes nothing: no pair slot, no tier slot, no token', () => {
    for (const state of [
      { ...open, coolUntil: at(1) },
      { ...open, pairFreeAt: at(1) },
      { ...open, usersInWindow: [{ waId: 'a', lastAt: at(0) }] },
    ]) {
      expect(decideAdmission(state, request({ limit: 1 })).state).toBe(state);
    }
  });

  it('a rate denial puts the row in line; at the head it holds the next token until its retry plus the grace', () => {
    const { state } = decideAdmission({ ...open, bucket: empty }, request());
    expect(state.line).toEqual(new Map([['row-1', waitingScore(0, at(-1000))]]));
    expect(state.hold).toEqual({ rowId: 'row-1', until: at(13 + 100), priority: 0 });
    expect(state.bucket).toBe(empty);
    // A less urgent row is denied the held token, though it is there.
    const other = decideAdmission(state, request({ now: at(13), rowId: 'row-2', waId: 'u2', createdAt: at(-500), priority: -1 }));
    expect(other.admission).toEqual({ admitted: false, reason: 'rate', retryAt: at(113 + 13), place: 1, tokenUs: 12_500 });
    expect(other.state.hold).toBe(state.hold);
    // The holder takes it, leaves the line and releases the hold.
    const holder = decideAdmission(other.state, request({ now: at(20) }));
    expect(holder.admission).toEqual({ admitted: true, countsNewUser: true, nextTokenAt: at(33), sendAt: at(20) });
    expect(holder.state.hold).toBeNull();
    expect([...holder.state.line.keys()]).toEqual(['row-2']);
    expect(holder.state.bucket).toEqual({ units: 0, at: at(20) });
    expect(holder.state.pairFreeAt).toEqual(at(6020));
    expect(holder.state.usersInWindow).toEqual([{ waId: 'u1', lastAt: at(20) }]);
  });

  it('records a business-initiated message in the window, and nothing else', () => {
    expect(decideAdmission(open, request()).state.usersInWindow).toEqual([{ waId: 'u1', lastAt: at(0) }]);
    expect(decideAdmission(open, request({ businessInitiated: false })).state.usersInWindow).toEqual([]);
  });

  it('takes one token', () => {
    expect(decideAdmission(open, request({ rate: { ratePerSec: 80, burst: 3 } })).state.bucket).toEqual({ units: 2 * TOKEN_UNITS, at: at(0) });
  });
});

describe('the waiting line', () => {
  it('orders by priority, then age, with exact integer scores', () => {
    const t = at(0);
    expect(waitingScore(10, t)).toBeLessThan(waitingScore(0, t));
    expect(waitingScore(0, t)).toBeLessThan(waitingScore(0, at(1)));
    expect(waitingScore(0, at(86_400_000 * 365 * 30))).toBeLessThan(waitingScore(-1, new Date(0)));
    expect(Number.isSafeInteger(waitingScore(-5000, t))).toBe(true);
    expect(waitingScore(5000, t)).toBe(waitingScore(1000, t));
  });

  it.each<[string, Array<[string, number]>, string, number]>([
    ['alone', [['a', 5]], 'a', 0],
    [
      'behind lower scores',
      [
        ['a', 1],
        ['b', 2],
        ['c', 3],
      ],
      'c',
      2,
    ],
    [
      'equal scores: by id',
      [
        ['b', 1],
        ['a', 1],
        ['c', 1],
      ],
      'b',
      1,
    ],
    [
      'ahead of higher scores',
      [
        ['a', 9],
        ['b', 1],
      ],
      'b',
      0,
    ],
  ])('placeInLine: %s', (_name, entries, id, place) => {
    expect(placeInLine(new Map(entries), id)).toBe(place);
  });

  it('refuses a row not in line', () => {
    expect(() => placeInLine(new Map(), 'x')).toThrow(RangeError);
  });
});
