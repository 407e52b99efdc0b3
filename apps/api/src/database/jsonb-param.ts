/** jsonb parameters are always sent as JSON text: node-pg would pass a bare string through unquoted. */
export function jsonbParam(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}
