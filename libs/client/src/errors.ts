import type { FieldProblem, Message } from './contract.js';
import type { ApiErrorCode } from './operations.js';

/**
 * What went wrong, as a code: the API's `error` (`validation_failed`, `dedupe_key_conflict`,
 * `not_cancellable`, `rate_limited`, `window_closed`, `not_found`, …), or one of the client's own
 * when no usable answer came: `network_error`, `timeout`, `invalid_answer` (not the JSON the API
 * speaks, e.g. a proxy's HTML page).
 */
export type SendbookErrorCode = ApiErrorCode | 'rate_limited' | 'not_cancellable' | 'network_error' | 'timeout' | 'invalid_answer' | (string & {});

export interface SendbookErrorInit {
  readonly code: SendbookErrorCode;
  readonly message: string;
  readonly status: number | null;
  readonly operation: string;
  readonly details?: readonly FieldProblem[];
  readonly resource?: Message | null;
  readonly retryAfterMs?: number | null;
  readonly body?: unknown;
  readonly attempts?: number;
  readonly cause?: unknown;
}

/**
 * Every failure of a client call: the API's `{error, message, details: [{field, message}]}` as
 * fields of an Error, or a request that got no answer (`status` null).
 */
export class SendbookError extends Error {
  override readonly name = 'SendbookError';
  readonly code: SendbookErrorCode;
  /** The HTTP status, or null when no answer arrived (`network_error`, `timeout`). */
  readonly status: number | null;
  /** The operation called (`createMessage`, `getMessage`, …). */
  readonly operation: string;
  /** Each bad field as the API named it: `payload.text.body`, `messages[3].to`. */
  readonly details: readonly FieldProblem[];
  /** The same, by field: `{"to": "must be a phone number"}` (several problems with one field joined by `; `). */
  readonly fields: Readonly<Record<string, string>>;
  /**
   * The message resource some errors carry: the existing row of a `dedupe_key_conflict`, the row
   * a cancel found already on its way (`not_cancellable`). Null otherwise (and for a
   * `dedupe_key_conflict` on another integration's row, which is not shown).
   */
  readonly resource: Message | null;
  /** How long the API asked to wait (`Retry-After`), when it did. */
  readonly retryAfterMs: number | null;
  /** The answer's parsed body (or its text when it was not JSON). */
  readonly body: unknown;
  /** Attempts made, retries included. */
  readonly attempts: number;

  constructor(init: SendbookErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.operation = init.operation;
    this.details = init.details ?? [];
    this.fields = fieldsOf(this.details);
    this.resource = init.resource ?? null;
    this.retryAfterMs = init.retryAfterMs ?? null;
    this.body = init.body;
    this.attempts = init.attempts ?? 1;
  }
}

/** A failed answer (`status` not 2xx) as a SendbookError; the body as parsed (JSON) or its text. */
export function errorFromAnswer(input: {
  readonly operation: string;
  readonly status: number;
  readonly body: unknown;
  readonly retryAfterMs?: number | null;
  readonly attempts?: number;
}): SendbookError {
  const { operation, status, body } = input;
  const json = isRecord(body) ? body : null;
  const code = typeof json?.error === 'string' && json.error ? json.error : status === 429 ? 'rate_limited' : `http_${status}`;
  const details = Array.isArray(json?.details) ? json.details.filter(isFieldProblem) : [];
  // `message` is the API's sentence, or (dedupe_key_conflict, not_cancellable) the message resource.
  const resource = isRecord(json?.message) && typeof json.message.id === 'string' ? (json.message as unknown as Message) : null;
  const sentence = typeof json?.message === 'string' && json.message ? json.message : describe(code, status, details, resource);
  return new SendbookError({
    code,
    message: sentence,
    status,
    operation,
    details,
    resource,
    retryAfterMs: input.retryAfterMs ?? null,
    body,
    attempts: input.attempts,
  });
}

function describe(code: string, status: number, details: readonly FieldProblem[], resource: Message | null): string {
  if (details.length > 0) return `${code}: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`;
  if (resource) return `${code}: message ${resource.id} (dedupe_key ${resource.dedupe_key}) is ${resource.state}`;
  return `${code} (HTTP ${status})`;
}

function fieldsOf(details: readonly FieldProblem[]): Record<string, string> {
  const out = new Map<string, string>();
  for (const { field, message } of details) out.set(field, out.has(field) ? `${out.get(field)}; ${message}` : message);
  return Object.fromEntries(out);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isFieldProblem = (value: unknown): value is FieldProblem => isRecord(value) && typeof value.field === 'string' && typeof value.message === 'string';
