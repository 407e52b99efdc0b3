import type { SearchTerms } from './search-query.js';

/**
 * The part of a message a result shows, and where in it the search matched: plain text plus
 * `[start, end)` ranges (UTF-16 offsets, as JavaScript strings count), never markup, so the inbox
 * renders the marks itself and nothing a customer wrote is ever taken for HTML.
 */
export interface Excerpt {
  readonly text: string;
  readonly highlights: readonly (readonly [number, number])[];
}

/** How a field is matched: by its words (full text), as an identifier, or as a phone number. */
export type MatchMode = 'words' | 'identifier' | 'phone';

const AROUND = 48;
const WIDTH = 180;
const EDGE = /[\s.,;:!?)\]}]/u;

/** Where the terms occur in `text`, sorted and merged. */
export function matchRanges(text: string, terms: SearchTerms, mode: MatchMode): [number, number][] {
  const ranges: [number, number][] = [];
  const find = (pattern: RegExp) => {
    for (const m of text.matchAll(pattern)) if (m[0].length > 0) ranges.push([m.index, m.index + m[0].length]);
  };
  if (mode === 'words') {
    // A word matches at the start of a word in the text; the last one typed may be its beginning,
    // and then the whole word it begins is marked.
    terms.words.forEach((word, i) => {
      const end = i === terms.words.length - 1 ? '[\\p{L}\\p{N}]*' : '(?![\\p{L}\\p{N}])';
      find(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}${end}`, 'giu'));
    });
  } else if (mode === 'identifier' && terms.identifier) {
    find(new RegExp(escapeRegExp(terms.identifier), 'giu'));
  } else if (mode === 'phone' && terms.phoneDigits) {
    find(new RegExp(terms.phoneDigits, 'g'));
  }
  return merge(ranges);
}

/**
 * The excerpt of one field around its first match: whitespace folded to single spaces, cut at
 * word edges to about `WIDTH` characters with an ellipsis where text was left out; null when the
 * terms do not occur in it.
 */
export function excerptOf(raw: string, terms: SearchTerms, mode: MatchMode): Excerpt | null {
  const text = raw.replace(/\s+/gu, ' ').trim();
  const ranges = matchRanges(text, terms, mode);
  const first = ranges[0];
  if (!first) return null;
  let start = Math.max(0, first[0] - AROUND);
  if (start > 0) start = nextEdge(text, start, first[0]);
  let end = Math.min(text.length, Math.max(start + WIDTH, first[1]));
  if (end < text.length) end = previousEdge(text, end, first[1]);
  const lead = start > 0 ? '…' : '';
  const tail = end < text.length ? '…' : '';
  const shift = lead.length - start;
  const highlights = ranges.filter(([s, e]) => e > start && s < end).map(([s, e]): [number, number] => [Math.max(s, start) + shift, Math.min(e, end) + shift]);
  return { text: `${lead}${text.slice(start, end).trim()}${tail}`, highlights: fitTrim(text.slice(start, end), lead.length, highlights) };
}

/**
 * One result's excerpt from its fields, given in the order they are worth showing: the first that
 * matched, else the first with any text, unmarked (a template whose own words matched, say).
 */
export function pickExcerpt<F extends string>(
  fields: readonly { readonly field: F; readonly text: string | null; readonly mode: MatchMode }[],
  terms: SearchTerms,
): { field: F; excerpt: Excerpt } | null {
  for (const f of fields) {
    const excerpt = f.text ? excerptOf(f.text, terms, f.mode) : null;
    if (excerpt) return { field: f.field, excerpt };
  }
  const shown = fields.find((f) => f.text && f.text.trim() !== '');
  return shown ? { field: shown.field, excerpt: plain(shown.text!) } : null;
}

function plain(raw: string): Excerpt {
  const text = raw.replace(/\s+/gu, ' ').trim();
  if (text.length <= WIDTH) return { text, highlights: [] };
  return { text: `${text.slice(0, previousEdge(text, WIDTH, 1)).trim()}…`, highlights: [] };
}

/** The slice was trimmed of a leading space: offsets after it move back by one. */
function fitTrim(slice: string, lead: number, highlights: [number, number][]): [number, number][] {
  const dropped = slice.length - slice.trimStart().length;
  if (dropped === 0) return highlights;
  return highlights.map(([s, e]) => [Math.max(lead, s - dropped), e - dropped]);
}

/** The first position after a word edge in [from, limit], so an excerpt does not start mid-word. */
function nextEdge(text: string, from: number, limit: number): number {
  for (let i = from; i < limit; i++) if (EDGE.test(text[i - 1]!)) return i;
  return from;
}

/** The last word edge in [limit, from], so an excerpt does not end mid-word. */
function previousEdge(text: string, from: number, limit: number): number {
  for (let i = from; i > limit; i--) if (EDGE.test(text[i]!)) return i;
  return from;
}

function merge(ranges: [number, number][]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: [number, number][] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
