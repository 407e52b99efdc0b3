/**
 * Where a timeline page ends. The timeline merges four sources (inbound, outbound, echoes, notes), so a
 * position is the entry's sort time in microseconds (PostgreSQL's precision: milliseconds would
 * skip entries that share one), then its kind, then its id: a total order, stable under inserts.
 */
export type TimelineKind = 'inbound' | 'outbound' | 'echo' | 'note';

export interface TimelinePosition {
  readonly atUs: bigint;
  readonly kind: TimelineKind;
  readonly id: string;
}

const KIND_ORDER: Readonly<Record<TimelineKind, number>> = { inbound: 0, outbound: 1, echo: 2, note: 3 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Negative when `a` comes before `b` in the timeline. */
export function comparePositions(a: TimelinePosition, b: TimelinePosition): number {
  if (a.atUs !== b.atUs) return a.atUs < b.atUs ? -1 : 1;
  if (a.kind !== b.kind) return KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * How one source's rows must compare with the cursor to come before it, given the source's kind:
 * a source ordered before the cursor's kind may share its time, one after may not, and the
 * cursor's own kind breaks ties by id.
 */
export function beforeCondition(kind: TimelineKind, cursor: TimelinePosition): 'at_or_before' | 'strictly_before' | 'before_by_id' {
  if (KIND_ORDER[kind] < KIND_ORDER[cursor.kind]) return 'at_or_before';
  if (KIND_ORDER[kind] > KIND_ORDER[cursor.kind]) return 'strictly_before';
  return 'before_by_id';
}

export function encodeTimelineCursor(p: TimelinePosition): string {
  return Buffer.from(JSON.stringify([p.atUs.toString(), p.kind, p.id])).toString('base64url');
}

export function decodeTimelineCursor(cursor: string): TimelinePosition | null {
  try {
    const [atUs, kind, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, TimelineKind, string];
    if (!/^\d{1,20}$/.test(atUs) || !(kind in KIND_ORDER) || !UUID.test(id)) return null;
    return { atUs: BigInt(atUs), kind, id };
  } catch {
    return null;
  }
}

/** The newest `limit` of several sources' candidates (each already the newest before the cursor), oldest first. */
export function mergePage<T extends { position: TimelinePosition }>(candidates: readonly T[], limit: number): { page: T[]; more: boolean } {
  const sorted = [...candidates].sort((a, b) => comparePositions(b.position, a.position));
  const page = sorted.slice(0, limit).reverse();
  return { page, more: sorted.length > limit };
}
