import { afterPrepareFailure } from './prepare-failure.js';

const now = new Date('2026-03-01T10:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);

describe('afterPrepareFailure', () => {
  it.each([
    [1, { kind: 'retry', notBefore: at(1_000) }],
    [2, { kind: 'retry', notBefore: at(2_000) }],
    [4, { kind: 'retry', notBefore: at(8_000) }],
    [5, { kind: 'fail' }],
    [9, { kind: 'fail' }],
  ])('failure %i of 5: %o', (failures, expected) => {
    expect(afterPrepareFailure({ failures, maxFailures: 5, now, baseMs: 1_000, maxMs: 60_000 })).toEqual(expected);
  });

  it('never waits longer than maxMs', () => {
    expect(afterPrepareFailure({ failures: 40, maxFailures: 100, now, baseMs: 1_000, maxMs: 60_000 })).toEqual({ kind: 'retry', notBefore: at(60_000) });
  });
});
