import { randomFillSync } from 'node:crypto';

/** Entropy fetched 4 KiB at a time (as `crypto.randomUUID` does): one call per id was its main cost. */
const pool = Buffer.alloc(4096);
let offset = pool.length;

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then random bits. Rows of an
 * append-mostly table keyed by it land at the right edge of the primary-key index instead of on a
 * random page (PostgreSQL 15 has no uuidv7() of its own).
 */
export function uuidV7(now = Date.now()): string {
  if (offset + 10 > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = Buffer.allocUnsafe(16);
  bytes.writeUIntBE(now, 0, 6);
  pool.copy(bytes, 6, offset, offset + 10);
  offset += 10;
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
