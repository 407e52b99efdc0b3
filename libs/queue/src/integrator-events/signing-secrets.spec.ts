import { keepOldForMs, MAX_PREVIOUS_SECRETS, previousSecretsAfterRotation, previousSecretsExpireAt, signingSecretsAt } from './signing-secrets.js';

const T0 = new Date('2026-12-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const HOUR = 3_600_000;

describe('an event endpoint’s signing secrets across rotations', () => {
  it('the replaced secret signs beside the new one until its expiry, then only the new one signs', () => {
    const previous = previousSecretsAfterRotation('A', [], 24 * HOUR, T0);
    expect(previous).toEqual([{ secret: 'A', expiresAt: at(24 * HOUR) }]);
    expect(signingSecretsAt('B', previous, T0)).toEqual(['B', 'A']);
    expect(signingSecretsAt('B', previous, at(24 * HOUR - 1))).toEqual(['B', 'A']);
    expect(signingSecretsAt('B', previous, at(24 * HOUR))).toEqual(['B']);
    expect(previousSecretsExpireAt(previous, T0)).toEqual(at(24 * HOUR));
    expect(previousSecretsExpireAt(previous, at(24 * HOUR))).toBeNull();
  });

  it('no overlap (a leaked secret): every earlier secret stops at once', () => {
    const during = previousSecretsAfterRotation('A', [], 24 * HOUR, T0);
    expect(previousSecretsAfterRotation('B', during, 0, at(HOUR))).toEqual([]);
    expect(signingSecretsAt('C', [], at(HOUR))).toEqual(['C']);
  });

  it('a second rotation during the overlap keeps the earlier previous secret until its own expiry', () => {
    // A → B (B shown once and lost before the receiver took it) → C: the receiver still holding A keeps verifying.
    const first = previousSecretsAfterRotation('A', [], 24 * HOUR, T0);
    const second = previousSecretsAfterRotation('B', first, 2 * HOUR, at(HOUR));
    expect(second).toEqual([
      { secret: 'A', expiresAt: at(24 * HOUR) },
      { secret: 'B', expiresAt: at(3 * HOUR) },
    ]);
    expect(signingSecretsAt('C', second, at(2 * HOUR))).toEqual(['C', 'A', 'B']);
    expect(signingSecretsAt('C', second, at(3 * HOUR))).toEqual(['C', 'A']);
    expect(previousSecretsExpireAt(second, at(2 * HOUR))).toEqual(at(24 * HOUR));
  });

  it(`keeps at most ${MAX_PREVIOUS_SECRETS} previous secrets: a further rotation drops the one expiring first, and expired ones go`, () => {
    let previous = previousSecretsAfterRotation('A', [], 10 * HOUR, T0);
    previous = previousSecretsAfterRotation('B', previous, 20 * HOUR, at(1));
    previous = previousSecretsAfterRotation('C', previous, 30 * HOUR, at(2));
    expect(previous.map((p) => p.secret)).toEqual(['C', 'B']);
    const later = previousSecretsAfterRotation('D', previousSecretsAfterRotation('X', [], HOUR, T0), HOUR, at(2 * HOUR));
    expect(later.map((p) => p.secret)).toEqual(['D']);
  });

  it.each([
    [0, 0],
    [24, 24 * HOUR],
    [0.5, HOUR / 2],
    [720, 720 * HOUR],
  ])('keep_old_for_hours %p is %p ms', (hours, ms) => {
    expect(keepOldForMs(hours)).toBe(ms);
  });

  it.each([-1, 720.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses keep_old_for_hours %p', (hours) => {
    expect(() => keepOldForMs(hours)).toThrow(RangeError);
  });
});
