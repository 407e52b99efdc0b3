/** A timestamp as the API shows it (ISO 8601, UTC); null stays null. */
export function isoTime(d: Date | string): string;
export function isoTime(d: Date | string | null): string | null;
export function isoTime(d: Date | string | null): string | null {
  return d === null ? null : new Date(d).toISOString();
}
