import { highlightPieces } from './highlight';

const shown = (text: string, h: number[][]) =>
  highlightPieces(text, h)
    .map((p) => (p.marked ? `[${p.text}]` : p.text))
    .join('');

describe('search excerpts as marked pieces', () => {
  it.each([
    ['Where is my parcel?', [[12, 18]], 'Where is my [parcel]?'],
    [
      'refund refund',
      [
        [7, 13],
        [0, 6],
      ],
      '[refund] [refund]',
    ],
    [
      'overlap',
      [
        [0, 4],
        [2, 7],
      ],
      '[over][lap]',
    ],
    [
      'out of range',
      [
        [-5, 3],
        [10, 99],
        [5, 5],
        [6, 2],
      ],
      '[out] of ran[ge]',
    ],
    ['<b>not html</b>', [[3, 6]], '<b>[not] html</b>'],
    ['nothing', [], 'nothing'],
  ])('%j with %j', (text, highlights, expected) => {
    expect(shown(text, highlights)).toBe(expected);
  });

  it('keeps every character once', () => {
    const text = 'a quick brown fox';
    expect(
      highlightPieces(text, [
        [2, 7],
        [8, 13],
      ])
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });
});
