import { createHmac, timingSafeEqual } from 'node:crypto';

// X-Hub-Signature-256: "sha256=" + lowercase hex HMAC-SHA256 of the body with the app secret.
// Meta signs the exact bytes it sent (non-ASCII escaped as \uXXXX), so verification must run on
// the raw body before any JSON parsing; re-serialising parsed JSON breaks on the first emoji.

const HEADER = /^sha256=([0-9a-fA-F]{64})$/;

/** `sha256=<hex>` for a body, as Meta would send it in X-Hub-Signature-256. */
export function signBody(raw: Buffer | string, secret: string): string {
  return `sha256=${hmac(raw, secret).toString('hex')}`;
}

/**
 * True when the header is a well-formed `sha256=<hex>` matching the raw body under any of the
 * secrets (several are accepted during app-secret rotation). Constant-time per comparison.
 */
export function verifySignature(raw: Buffer, header: string | undefined, secrets: readonly string[]): boolean {
  if (typeof header !== 'string' || !Buffer.isBuffer(raw)) return false;
  const match = HEADER.exec(header.trim());
  if (!match?.[1]) return false;
  const received = Buffer.from(match[1], 'hex');
  let valid = false;
  for (const secret of secrets) {
    if (typeof secret !== 'string' || secret === '') continue;
    // No early exit: the time taken doesn't reveal which secret matched.
    if (timingSafeEqual(hmac(raw, secret), received)) valid = true;
  }
  return valid;
}

function hmac(raw: Buffer | string, secret: string): Buffer {
  return createHmac('sha256', secret).update(raw).digest();
}
