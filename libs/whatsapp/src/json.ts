// Narrowing helpers for JSON of unknown shape. Webhooks and Graph responses are read
// defensively: a wrong type in one field must never throw, it just reads as absent.

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-empty string, or null. */
export function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A string, or a finite number turned into its decimal string (ids sometimes arrive as numbers). */
export function idStr(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return str(value);
}

/** A finite number, also from a numeric string (Meta sends timestamps as strings). */
export function num(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** An integer, also from an integer string. */
export function int(value: unknown): number | null {
  const parsed = num(value);
  return parsed !== null && Number.isInteger(parsed) ? parsed : null;
}

export function bool(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function records(value: unknown): JsonRecord[] {
  return arr(value).filter(isRecord);
}

export function rec(value: unknown): JsonRecord | null {
  return isRecord(value) ? value : null;
}
