/** The `last_error` of a row: `{code, title, message, details}` as the contract names it. */
export interface RowError {
  code: number | string | null;
  title: string;
  message: string;
  details: string | null;
}
