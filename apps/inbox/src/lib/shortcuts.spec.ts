import { IDLE, SEQUENCE_TIMEOUT_MS, isTypingTarget, stepSequence, type SequenceState } from './shortcuts';

const bindings = new Map([
  ['g c', 'conversations'],
  ['g w', 'work'],
]);

function run(keys: readonly [string, number][]): (string | null)[] {
  let state: SequenceState = IDLE;
  return keys.map(([key, at]) => {
    const step = stepSequence(state, key, at, bindings);
    state = step.state;
    return step.fire;
  });
}

describe('stepSequence', () => {
  it.each<[string, [string, number][], (string | null)[]]>([
    [
      'g then c',
      [
        ['g', 0],
        ['c', 300],
      ],
      [null, 'conversations'],
    ],
    [
      'uppercase works',
      [
        ['G', 0],
        ['W', 300],
      ],
      [null, 'work'],
    ],
    [
      'too slow',
      [
        ['g', 0],
        ['c', SEQUENCE_TIMEOUT_MS + 1],
      ],
      [null, null],
    ],
    [
      'an unbound second key',
      [
        ['g', 0],
        ['x', 100],
        ['c', 200],
      ],
      [null, null, null],
    ],
    [
      'g g c restarts',
      [
        ['g', 0],
        ['g', 100],
        ['c', 200],
      ],
      [null, null, 'conversations'],
    ],
    ['c alone does nothing', [['c', 0]], [null]],
  ])('%s', (_what, keys, fired) => {
    expect(run(keys)).toEqual(fired);
  });
});

describe('isTypingTarget', () => {
  it.each([
    [{ tagName: 'INPUT', type: 'text' }, true],
    [{ tagName: 'INPUT', type: 'email' }, true],
    [{ tagName: 'INPUT', type: 'checkbox' }, false],
    [{ tagName: 'TEXTAREA' }, true],
    [{ tagName: 'DIV', isContentEditable: true }, true],
    [{ tagName: 'A' }, false],
    [null, false],
  ])('%j → %s', (target, expected) => {
    expect(isTypingTarget(target)).toBe(expected);
  });
});
