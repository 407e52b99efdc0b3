/**
 * How the command palette matches what was typed: every word typed must begin a word of the
 * command (its label, group or keywords), and a match at the start of the label ranks first.
 * Loose letter-by-letter matching made "Reopen" pick "Open Long Thread" (r…e…o…p…e…n hides in
 * most long labels); people type the start of words, so that is what counts.
 */
export function paletteScore(value: string, search: string, keywords: readonly string[] = []): number {
  const typed = words(search);
  if (typed.length === 0) return 1;
  const haystack = words([value, ...keywords].join(' '));
  if (!typed.every((word) => haystack.some((candidate) => candidate.startsWith(word)))) return 0;
  const label = value.toLowerCase().trim();
  if (label.startsWith(search.toLowerCase().trim())) return 1;
  // Earlier words of the value weigh more: the label comes first in it.
  const firstHit = Math.min(...typed.map((word) => haystack.findIndex((candidate) => candidate.startsWith(word))));
  return 0.9 / (1 + firstHit * 0.1);
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}+]+/u)
    .filter(Boolean);
}
