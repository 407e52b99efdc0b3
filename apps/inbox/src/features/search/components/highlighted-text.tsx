import { highlightPieces } from '@/lib/highlight';

/** An excerpt with its matches in `<mark>`: text nodes only, whatever the customer typed. */
export function HighlightedText({ text, highlights, className }: { text: string; highlights: readonly (readonly number[])[]; className?: string }) {
  return (
    <span className={className}>
      {highlightPieces(text, highlights).map((piece, i) => (piece.marked ? <mark key={i}>{piece.text}</mark> : <span key={i}>{piece.text}</span>))}
    </span>
  );
}
