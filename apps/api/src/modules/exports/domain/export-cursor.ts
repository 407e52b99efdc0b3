/**
 * Where an export stands: the last row it wrote, by its place in (created_at, id) order. The time is
 * in microseconds since the epoch (PostgreSQL's precision: a JS Date's milliseconds would skip or
 * repeat rows created in the same millisecond). The cursor names what it pages through, so one of
 * the messages export is not taken by the inbound one. Opaque to callers: base64url of JSON, which
 * starts with `W` (no CSV formula guard ever touches it).
 */
export type ExportKind = 'messages' | 'inbound';

export interface ExportPosition {
  readonly atUs: bigint;
  readonly id: string;
}

const KIND_CODE: Readonly<Record<ExportKind, string>> = { messages: 'm', inbound: 'i' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeExportCursor(kind: ExportKind, p: ExportPosition): string {
  return Buffer.from(JSON.stringify([KIND_CODE[kind], p.atUs.toString(), p.id])).toString('base64url');
}

/** The position a cursor names, or null when it is not a cursor of this export. */
export function decodeExportCursor(kind: ExportKind, cursor: string): ExportPosition | null {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(parsed) || parsed.length !== 3) return null;
    const [code, atUs, id] = parsed as unknown[];
    if (code !== KIND_CODE[kind] || typeof atUs !== 'string' || !/^-?\d{1,20}$/.test(atUs) || typeof id !== 'string' || !UUID.test(id)) return null;
    return { atUs: BigInt(atUs), id: id.toLowerCase() };
  } catch {
    return null;
  }
}
