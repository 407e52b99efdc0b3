import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Meta's example payloads as copied into this repository (libs/whatsapp/fixtures, sources in its SOURCES.md). */
const PAYLOADS = path.dirname(createRequire(import.meta.url).resolve('@sendbook/whatsapp/fixtures/SOURCES.md'));

export function loadFixture(name: string): unknown {
  return JSON.parse(readFileSync(path.join(PAYLOADS, name), 'utf8')) as unknown;
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
