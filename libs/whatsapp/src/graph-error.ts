import { idStr, int, isRecord, rec, str } from './json.js';

/**
 * One normalised shape for an error from any of the places Meta reports them:
 * a synchronous Graph API body `{ error: {...} }`, `value.errors[]`, `messages[].errors[]`
 * or `statuses[].errors[]`.
 */
export interface GraphError {
  code: number | null;
  subcode: number | null;
  /** Webhook `title`, or the sync `message` without its "(#code) " prefix. */
  title: string | null;
  message: string | null;
  /** `error_data.details`: the part worth showing to people. */
  details: string | null;
  type: string | null;
  fbtraceId: string | null;
  href: string | null;
  /** The error object exactly as received. */
  raw: unknown;
}

/** Errors reported in webhooks use the same normalised shape. */
export type WebhookError = GraphError;

/** Reads any error object (or a `{ error: {...} }` body) into a GraphError; never throws. */
export function toGraphError(input: unknown): GraphError {
  const source = isRecord(input) && isRecord(input.error) ? input.error : input;
  const body = rec(source) ?? {};
  const message = str(body.message);
  const title = str(body.title) ?? str(body.error_user_title) ?? stripCodePrefix(message);
  const errorData = rec(body.error_data);
  return {
    code: int(body.code),
    subcode: int(body.error_subcode),
    title,
    message,
    details: errorData ? str(errorData.details) : str(body.details),
    type: str(body.type),
    fbtraceId: idStr(body.fbtrace_id),
    href: str(body.href),
    raw: source,
  };
}

// Sync errors say "(#130429) Rate limit hit"; the title is the part after the code.
function stripCodePrefix(message: string | null): string | null {
  if (message === null) return null;
  const match = /^\(#\d+\)\s*(.*)$/s.exec(message);
  return match ? match[1] || null : message;
}
