/**
 * Where a search result sits in the newest-first order, and the opaque cursor that continues after
 * it. Results come from four sources (customers' messages, ours, notes, and contacts whose name or
 * number matched), so a position is a time in microseconds (PostgreSQL's precision: milliseconds
 * would skip results that share one), then the source, then an id: a total order, stable while new
 * messages arrive, so paging neither skips nor repeats a result.
 */
export type SearchSource = 'inbound' | 'message' | 'note' | 'contact';
export const SEARCH_SOURCES: readonly SearchSource[] = ['inbound', 'message', 'note', 'contact'];

export interface SearchPosition {
  readonly atUs: bigint;
  readonly source: SearchSource;
  /** The row's id: the message's or note's, or for a contact match the conversation's. */
  readonly id: string;
}

const RANK: Readonly<Record<SearchSource, number>> = { inbound: 0, message: 1, note: 2, contact: 3 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The source's place in ties, for SQL that compares positions of several sources at once. */
export const sourceRank = (source: SearchSource): number => RANK[source];

/** Negative when `a` is older than `b`. */
export function compareSearchPositions(a: SearchPosition, b: SearchPosition): number {
  if (a.atUs !== b.atUs) return a.atUs < b.atUs ? -1 : 1;
  if (a.source !== b.source) return RANK[a.source] - RANK[b.source];
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * How one source's rows must compare with the cursor to come after it in the newest-first order:
 * a source that ranks below the cursor's may share its time, one above may not, and the cursor's
 * own source breaks the tie by id.
 */
export function olderThan(source: SearchSource, cursor: SearchPosition): 'at_or_before' | 'strictly_before' | 'before_by_id' {
  if (RANK[source] < RANK[cursor.source]) return 'at_or_before';
  if (RANK[source] > RANK[cursor.source]) return 'strictly_before';
  return 'before_by_id';
}

/**
 * The newest `limit` of the candidates several sources gave (each its newest after the cursor),
 * newest first, and whether more remain: then the last one's position is the next cursor.
 */
export function newestFirst<T extends { readonly position: SearchPosition }>(candidates: readonly T[], limit: number): { page: T[]; more: boolean } {
  const sorted = [...candidates].sort((a, b) => compareSearchPositions(b.position, a.position));
  return { page: sorted.slice(0, limit), more: sorted.length > limit };
}

// The cursor is base64url of `[atUs, source, id]`, made and read without Node's Buffer so the
// rule stays plain TypeScript; clients treat it as opaque.
export function encodeSearchCursor(p: SearchPosition): string {
  return btoa(JSON.stringify([p.atUs.toString(), p.source, p.id]))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** The position a cursor names, or null for anything this API did not give out. */
export function decodeSearchCursor(cursor: string): SearchPosition | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  try {
    const parsed: unknown = JSON.parse(atob(cursor.replaceAll('-', '+').replaceAll('_', '/')));
    if (!Array.isArray(parsed) || parsed.length !== 3) return null;
    const [atUs, source, id] = parsed as unknown[];
    if (typeof atUs !== 'string' || !/^\d{1,19}$/.test(atUs)) return null;
    if (typeof source !== 'string' || !Object.hasOwn(RANK, source) || typeof id !== 'string' || !UUID.test(id)) return null;
    return { atUs: BigInt(atUs), source: source as SearchSource, id: id.toLowerCase() };
  } catch {
    return null;
  }
}
