import { readdirSync, readFileSync } from 'node:fs';

// Meta's example payloads and other libraries' test fixtures, each copied from the public source named
// in fixtures/SOURCES.md. Tests read them as bytes and as parsed JSON.

const dir = new URL('../fixtures/', import.meta.url);

export function fixtureNames(): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
}

export function fixtureBytes(name: string): Buffer {
  return readFileSync(new URL(name, dir));
}

export function fixtureJson(name: string): unknown {
  return JSON.parse(fixtureBytes(name).toString('utf8'));
}

export type FixtureShape = 'envelope' | 'graph_error_body' | 'error_object' | 'send_request' | 'send_response';

/** What a payload file is, told from its shape alone. */
export function fixtureShape(json: unknown): FixtureShape | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const record = json as Record<string, unknown>;
  if (Array.isArray(record.entry)) return 'envelope';
  if (typeof record.error === 'object' && record.error !== null) return 'graph_error_body';
  if (typeof record.code === 'number') return 'error_object';
  if (record.messaging_product === 'whatsapp' && (typeof record.to === 'string' || record.status === 'read')) {
    return 'send_request';
  }
  if (Array.isArray(record.messages) || typeof record.success === 'boolean') return 'send_response';
  return null;
}
