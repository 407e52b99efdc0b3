/**
 * A WAL position (PostgreSQL's `pg_lsn`, written `16/B374D848`) as a byte offset: comparable as a
 * number, and as a fixed-width key (16 hex digits) that compares the same way as text, so a Redis
 * script can keep the larger of two without parsing them.
 */
export type WalPosition = bigint;

const LSN = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/;

/** `pg_lsn` text to a position; null for anything else (NULL, when the server is not a standby). */
export function parseWalPosition(text: unknown): WalPosition | null {
  if (typeof text !== 'string') return null;
  const m = LSN.exec(text);
  return m ? (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`) : null;
}

/** The position as 16 hex digits: text order is position order. */
export function walPositionKey(position: WalPosition): string {
  return position.toString(16).padStart(16, '0');
}

export function walPositionFromKey(key: unknown): WalPosition | null {
  return typeof key === 'string' && /^[0-9a-f]{16}$/.test(key) ? BigInt(`0x${key}`) : null;
}

/** Back to PostgreSQL's own form, for logs and SQL (`'…'::pg_lsn`). */
export function formatWalPosition(position: WalPosition): string {
  return `${(position >> 32n).toString(16).toUpperCase()}/${(position & 0xffffffffn).toString(16).toUpperCase()}`;
}
