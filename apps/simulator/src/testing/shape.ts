import { readFileSync } from 'node:fs';

/** Where the shared fixtures live: `../shared` beside the repository root. */
const PAYLOADS = new URL('../../../../../shared/whatsapp/payloads/', import.meta.url);

export function loadFixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(name, PAYLOADS), 'utf8')) as unknown;
}

/**
 * The key structure of a JSON value: objects become their (sorted) keys mapped to the shape of each
 * value, arrays the shape of their first element, primitives their type. Values themselves do not matter.
 */
export function keyShape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? [] : [keyShape(value[0])];
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, keyShape((value as Record<string, unknown>)[key])]),
    );
  }
  return typeof value;
}
