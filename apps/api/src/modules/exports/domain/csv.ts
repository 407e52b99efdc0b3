/**
 * CSV as RFC 4180 writes it: a header row, CRLF line ends, a field quoted when it holds a comma, a
 * double quote, CR or LF (a double quote doubled inside). Nested values (objects, arrays) are one
 * field of JSON text. A text field that a spreadsheet would run as a formula (it starts with `=`,
 * `+`, `-`, `@`, a tab or CR) gets a leading apostrophe, as OWASP advises against CSV injection:
 * `+972501234567` is written `'+972501234567`. Numbers and booleans are written as they are.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field's text. null and undefined are empty. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') text = String(value);
  else if (typeof value === 'string') text = FORMULA_START.test(value) ? `'${value}` : value;
  else text = JSON.stringify(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record: its fields, comma-separated, ended by CRLF. */
export function csvRecord(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** The record of an object: its fields in `columns`' order (one it lacks is empty). */
export function csvLine(columns: readonly string[], row: object): string {
  return csvRecord(columns.map((c) => (row as Record<string, unknown>)[c]));
}
