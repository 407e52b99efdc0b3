/**
 * The words of an outbound payload a customer reads: a text's body, a caption or file name, an
 * interactive message's header, body, footer and button or row titles, a template's parameters,
 * a location's address. Keys, not paths: Meta nests them differently per type (carousel cards,
 * list sections), and none of these keys holds anything else. Types, ids, links and button
 * payloads are left out, so searching "text" or "image" does not find every message.
 *
 * The search index (migration 1796240100000, `search_payload_words`) keeps the same keys; a key
 * added here needs a migration that rebuilds that index.
 */
export const SEARCHED_PAYLOAD_KEYS = [
  'body',
  'text',
  'caption',
  'filename',
  'title',
  'description',
  'display_text',
  'button',
  'fallback_value',
  'coupon_code',
  'address',
  'formatted_name',
] as const;

const KEYS: ReadonlySet<string> = new Set(SEARCHED_PAYLOAD_KEYS);

/** Those words in the order they appear in the payload, one string per value. */
export function payloadWords(payload: unknown): string[] {
  const out: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, v] of Object.entries(value)) {
        if (typeof v === 'string') {
          if (KEYS.has(key) && v.trim() !== '') out.push(v);
        } else walk(v);
      }
    }
  };
  walk(payload);
  return out;
}
