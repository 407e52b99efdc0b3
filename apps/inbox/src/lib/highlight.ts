/**
 * A search excerpt as plain pieces, some marked: the API gives text and `[start, end)` offsets,
 * never markup, so what a customer typed is always shown as text. Offsets outside the text,
 * reversed or overlapping are clipped and merged rather than trusted.
 */
export interface Piece {
  readonly text: string;
  readonly marked: boolean;
}

export function highlightPieces(text: string, highlights: readonly (readonly number[])[]): Piece[] {
  const ranges = highlights
    .filter((r) => r.length === 2)
    .map(([s, e]) => [Math.max(0, Math.min(text.length, s!)), Math.max(0, Math.min(text.length, e!))] as const)
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  const pieces: Piece[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    if (from > at) pieces.push({ text: text.slice(at, from), marked: false });
    pieces.push({ text: text.slice(from, end), marked: true });
    at = end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), marked: false });
  return pieces;
}
