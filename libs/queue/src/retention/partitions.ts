// Range partitions of an append-heavy table by a timestamp column, a day each (UTC): which to
// create ahead of time and which retention may drop. Pure: the caller reads the catalog and applies it.

const DAY_MS = 86_400_000;

/** A partition as the catalog has it: rows with `from <= at < to`; null bounds are MINVALUE/MAXVALUE, both null the default partition. */
export interface RangePartition {
  readonly name: string;
  readonly from: Date | null;
  readonly to: Date | null;
  readonly isDefault: boolean;
}

/** One day's partition to create. */
export interface DayPartition {
  readonly name: string;
  /** The UTC day, `YYYY-MM-DD`. */
  readonly day: string;
  readonly from: Date;
  readonly to: Date;
}

/** `webhook_deliveries` + 2026-12-05 → `webhook_deliveries_p20261205`. */
export function dayPartition(table: string, at: Date): DayPartition {
  const from = new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
  const day = from.toISOString().slice(0, 10);
  return { name: `${table}_p${day.replaceAll('-', '')}`, day, from, to: new Date(from.getTime() + DAY_MS) };
}

/** Every day from `from`'s through `to`'s, in order. */
export function daysBetween(table: string, from: Date, to: Date): DayPartition[] {
  const out: DayPartition[] = [];
  for (let t = dayPartition(table, from).from.getTime(); t <= to.getTime(); t += DAY_MS) out.push(dayPartition(table, new Date(t)));
  return out;
}

/**
 * A partition's bound as `pg_get_expr(relpartbound, oid)` prints it: `DEFAULT`, or
 * `FOR VALUES FROM ('2026-12-05 00:00:00+00') TO (MAXVALUE)`; null for anything else (not a range by time).
 */
export function parseRangeBound(name: string, bound: string): RangePartition | null {
  if (bound.trim() === 'DEFAULT') return { name, from: null, to: null, isDefault: true };
  const match = /^FOR VALUES FROM \((.+)\) TO \((.+)\)$/.exec(bound.trim());
  if (!match) return null;
  const from = boundValue(match[1]!);
  const to = boundValue(match[2]!);
  if (from === undefined || to === undefined) return null;
  return { name, from, to, isDefault: false };
}

/** `MINVALUE`/`MAXVALUE` → null, `'2026-12-05 00:00:00+00'` (any offset) → the instant; undefined when unreadable. */
function boundValue(text: string): Date | null | undefined {
  if (text === 'MINVALUE' || text === 'MAXVALUE') return null;
  const m = /^'(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d+)?)([+-]\d{2})(?::?(\d{2}))?'$/.exec(text);
  if (!m) return undefined;
  const at = new Date(`${m[1]}T${m[2]}${m[3]}:${m[4] ?? '00'}`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

export interface PartitionPlan {
  /** Days from today through `aheadDays` ahead that no partition covers yet. */
  readonly create: DayPartition[];
  /** Partitions wholly older than the retention (their upper bound at or before now − retention), oldest first. */
  readonly expired: RangePartition[];
}

/**
 * What the maintenance does now: create today's partition and the next `aheadDays` days' (so an
 * insert never lands in the default partition, even if maintenance stops for a while), and list
 * the partitions every row of which is past `retentionDays`.
 */
export function planPartitions(table: string, existing: readonly RangePartition[], now: Date, aheadDays: number, retentionDays: number): PartitionPlan {
  const ranges = existing.filter((p) => !p.isDefault);
  const covered = (d: DayPartition) =>
    ranges.some((p) => (p.from === null || p.from.getTime() <= d.from.getTime()) && (p.to === null || p.to.getTime() >= d.to.getTime()));
  const create = daysBetween(table, now, new Date(now.getTime() + aheadDays * DAY_MS)).filter((d) => !covered(d));
  const cutoff = now.getTime() - retentionDays * DAY_MS;
  const expired = ranges
    .filter((p) => p.to !== null && p.to.getTime() <= cutoff)
    .sort((a, b) => (a.from?.getTime() ?? -Infinity) - (b.from?.getTime() ?? -Infinity));
  return { create, expired };
}
