import { paletteScore } from './palette-filter';

describe('the command palette’s matching', () => {
  it.each([
    ['Reopen the conversation · This conversation (Ben) · thread-reopen', 'Reopen', 1],
    ['Open Long Thread · Conversations · open-1f3e', 'Reopen', 0],
    ['Go to Health', 'health', 'some'],
    ['Open Dana Levi · Conversations · open-1', 'dana', 'some'],
    ['Open Dana Levi · Conversations · open-1', 'dana lev', 'some'],
    ['Open Dana Levi · Conversations · open-1', 'ana', 0],
    ['Assign to me · This conversation (Ben) · thread-assign-me', '', 1],
  ] as const)('%s ← %j', (value, search, expected) => {
    const score = paletteScore(value, search);
    if (expected === 'some') expect(score).toBeGreaterThan(0);
    else expect(score).toBe(expected);
  });

  it('matches keywords too (a number), and ranks a label that starts with the words first', () => {
    expect(paletteScore('Open Dana Levi · Conversations · open-1', '+97250', ['+972501110001'])).toBeGreaterThan(0);
    expect(paletteScore('Close the conversation · This conversation', 'close')).toBeGreaterThan(paletteScore('Next conversation · Conversations · list-close', 'close'));
  });
});
