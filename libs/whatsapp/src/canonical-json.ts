import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted at every level, so two values that differ only in key order
 * (or in whitespace / escaping of the body they came from) serialise identically.
 * Follows JSON.stringify for the odd cases: undefined/function members are dropped,
 * non-finite numbers become null.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') {
    return JSON.stringify(value);
  }
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null';
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) {
    return `[${value.map((item) => (isSkipped(item) ? 'null' : canonicalJson(item))).join(',')}]`;
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const parts: string[] = [];
    for (const key of Object.keys(record).sort()) {
      const member = record[key];
      if (isSkipped(member)) continue;
      parts.push(`${JSON.stringify(key)}:${canonicalJson(member)}`);
    }
    return `{${parts.join(',')}}`;
  }
  return 'null';
}

function isSkipped(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** sha256 of the canonical JSON of a value: a content fingerprint independent of key order. */
export function canonicalHash(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}
