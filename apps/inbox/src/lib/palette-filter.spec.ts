import { paletteScore } from './palette-filter';

describe('the command palette’s matching', () => {
  it.each([
    ['Reopen the conversation · This conversation (Ben) · thread-reopen', 'Reopen', true],
    ['Open Long Thread · Conversations · open-1f3e', 'Reopen', false],
    ['Go to Health', 'health', true],
    ['Open Dana Levi · Conversations · open-1', 'dana', true],
    ['Open Dana Levi · Conversations · open-1', 'dana lev', true],
    ['Open Dana Levi · Conversations · open-1', 'ana', false],
    ['Assign to me · This conversation (Ben) · thread-assign-me', '', true],
  ] as const)('%s ← %j matches: %s', (value, search, matches) => {
    expect(paletteScore(value, search) > 0).toBe(matches);
  });

  it('a label that starts with what was typed scores highest', () => {
    expect(paletteScore('Reopen the conversation · This conversation', 'Reopen')).toBe(1);
    expect(paletteScore('Assign to me', '')).toBe(1);
  });

  it('matches keywords too (a number), and ranks a label that starts with the words first', () => {
    expect(paletteScore('Open Dana Levi · Conversations · open-1', '+97250', ['+972501110001'])).toBeGreaterThan(0);
    expect(paletteScore('Close the conversation · This conversation', 'close')).toBeGreaterThan(
      paletteScore('Next conversation · Conversations · list-close', 'close'),
    );
  });
});
