/**
 * What an agent typed into the search box, as the searches PostgreSQL runs: words for full-text
 * search (the `simple` configuration: no stemming and no stop words, so Hebrew, Portuguese and
 * Arabic are found as written), and the same text as a substring of identifiers (wamids,
 * `dedupe_key`, `trigger_ref`) and of phone numbers, which no word search finds inside.
 */
export const SEARCH_QUERY_MAX_LENGTH = 200;

/** More words than this are dropped: a pasted paragraph is not a search. */
const MAX_WORDS = 12;
/** pg_trgm needs three characters to use its index; shorter is a scan of every row. */
const MIN_SUBSTRING = 3;

export interface SearchTerms {
  /** The words, as typed (the last one is matched as a prefix: search as you type). */
  readonly words: readonly string[];
  /** `to_tsquery('simple', …)` text: every word quoted, all required, the last a prefix; null without a word. */
  readonly tsquery: string | null;
  /**
   * The query as one token of 3+ characters that looks like an id (a digit or one of `:/._-=+#@` in
   * it, or 12 characters and more), to find inside wamids, dedupe keys and trigger refs; null for a
   * plain word, which full-text search finds (inside ids it would match half of them: "order").
   */
  readonly identifier: string | null;
  /** The digits of a query that looks like (part of) a phone number, 3 or more; null otherwise. */
  readonly phoneDigits: string | null;
}

const CONTROL = /[\p{Cc}\p{Cf}]/gu;
const WORDLIKE = /[\p{L}\p{N}]/u;
const PHONE_LIKE = /^[+\d\s().-]+$/;
const ID_LIKE = /[\d:/._=+#@-]/;
const LONG_ID = 12;

export function parseSearchQuery(raw: string): SearchTerms {
  const q = raw.replace(CONTROL, ' ').trim();
  const words = q
    .split(/\s+/)
    .filter((w) => WORDLIKE.test(w))
    .slice(0, MAX_WORDS);
  const digits = q.replace(/\D/g, '');
  return {
    words,
    tsquery: words.length === 0 ? null : words.map((w, i) => `${tsLiteral(w.toLowerCase())}${i === words.length - 1 ? ':*' : ''}`).join(' & '),
    identifier: q.length >= MIN_SUBSTRING && !/\s/.test(q) && (ID_LIKE.test(q) || q.length >= LONG_ID) ? q : null,
    phoneDigits: PHONE_LIKE.test(q) && digits.length >= MIN_SUBSTRING ? digits : null,
  };
}

/** Whether the terms can find anything at all (a query of punctuation cannot). */
export function searchable(terms: SearchTerms): boolean {
  return terms.tsquery !== null || terms.identifier !== null || terms.phoneDigits !== null;
}

/**
 * A quoted tsquery operand. Inside quotes PostgreSQL runs the text through the same parser as the
 * documents, so `order-44812` or `o'brien` become the lexemes the documents hold.
 */
export function tsLiteral(text: string): string {
  return `'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/** `%text%` for LIKE / ILIKE, with LIKE's own wildcards in `text` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
