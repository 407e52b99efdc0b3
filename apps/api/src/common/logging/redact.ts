const SECRET_KEY = /(token|secret|password|authorization|api[_-]?key|cookie)/i;
const BEARER = /(Bearer\s+)[A-Za-z0-9._~+/=-]+/g;
const URL_PASSWORD = /(\/\/[^:/@\s]+:)[^@/\s]+@/g;

/** Copies a log payload with secrets masked: by key name, bearer tokens and URL passwords. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(BEARER, '$1***').replace(URL_PASSWORD, '$1***@');
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (value instanceof Error) return { name: value.name, message: redact(value.message), stack: value.stack };
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) ? '***' : redact(inner, depth + 1);
  }
  return out;
}
