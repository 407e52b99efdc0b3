import { createHash } from 'node:crypto';

const SECRET_KEY = /(token|secret|password|passwd|authorization|api[_-]?key|cookie|signature|credential)/i;
const BEARER = /(Bearer\s+)[A-Za-z0-9._~+/=-]+/g;
const URL_PASSWORD = /(\/\/[^:/@\s]+:)[^@/\s]+@/g;
/** `?access_token=…&hub.verify_token=…`: the value of any query parameter named like a secret. */
const QUERY_SECRET = /([?&][^=&\s#]*(?:token|secret|password|signature|api[_-]?key)[^=&\s#]*=)[^&\s#"']*/gi;
/** Customers' numbers by the names Meta and we give them. */
const PHONE_KEY = /^(to|from|wa_id|to_wa_id|from_wa_id|recipient_id|phone|input|customer)$/i;
/** A number written in E.164 inside free text. */
const E164_IN_TEXT = /\+\d{8,15}\b/g;
const DEDUPE_KEY = /^(dedupe_key|dedupeKey|resend_dedupe_key)$/;
/** Past this depth nothing is written as it is: a secret could hide anywhere below. */
const MAX_DEPTH = 12;

export interface RedactOptions {
  /** Phone numbers and dedupe keys (personal, and often carry an order number) masked: every level but debug. */
  maskPersonal?: boolean;
}

/**
 * Copies a log payload with secrets masked at any depth (error messages, stacks and causes
 * included): by key name, bearer tokens, URL passwords and secret query parameters. With
 * `maskPersonal`, customers' phone numbers keep their last 4 digits and dedupe keys become a
 * short hash (the same key, the same hash, so lines still correlate).
 */
export function redact(value: unknown, options: RedactOptions = {}, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value, options);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return '[nested too deep to log]';
  if (value instanceof Error) {
    const out: Record<string, unknown> = {
      name: value.name,
      message: redactText(value.message, options),
      stack: value.stack ? redactText(value.stack, options) : undefined,
    };
    for (const [key, inner] of Object.entries(value)) out[key] = redactField(key, inner, options, depth);
    if (value.cause !== undefined) out.cause = redact(value.cause, options, depth + 1);
    return out;
  }
  if (Array.isArray(value)) return value.map((item) => redact(item, options, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = redactField(key, inner, options, depth);
  return out;
}

function redactField(key: string, value: unknown, options: RedactOptions, depth: number): unknown {
  if (SECRET_KEY.test(key)) return '***';
  if (options.maskPersonal && typeof value === 'string') {
    if (PHONE_KEY.test(key)) return maskPhone(value);
    if (DEDUPE_KEY.test(key)) return `sha256:${createHash('sha256').update(value).digest('hex').slice(0, 12)}`;
  }
  return redact(value, options, depth + 1);
}

function redactText(text: string, options: RedactOptions): string {
  const out = text.replace(BEARER, '$1***').replace(URL_PASSWORD, '$1***@').replace(QUERY_SECRET, '$1***');
  return options.maskPersonal ? out.replace(E164_IN_TEXT, (n) => maskPhone(n)) : out;
}

function maskPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length <= 4 ? '***' : `***${digits.slice(-4)}`;
}
