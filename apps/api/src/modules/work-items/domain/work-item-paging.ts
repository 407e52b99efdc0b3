/** `30m` → 1,800,000 ms. */
export function durationMs(spec: string): number {
  const unit = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[spec.slice(-1) as 's' | 'm' | 'h' | 'd'];
  return Number(spec.slice(0, -1)) * unit;
}

/** Where a page of a queue ended: the last item's time (microseconds, PostgreSQL's precision) and id. */
export interface QueuePosition {
  readonly atUs: bigint;
  readonly id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const encodeQueueCursor = (p: QueuePosition): string => Buffer.from(JSON.stringify([p.atUs.toString(), p.id])).toString('base64url');

export function decodeQueueCursor(cursor: string): QueuePosition | null {
  try {
    const [atUs, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    return /^\d{1,20}$/.test(atUs) && UUID.test(id) ? { atUs: BigInt(atUs), id } : null;
  } catch {
    return null;
  }
}
