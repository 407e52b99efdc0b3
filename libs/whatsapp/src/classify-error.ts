import { toGraphError, type GraphError } from './graph-error.js';
import { int, isRecord } from './json.js';

// What to do about a Graph API error, decided on `code` (Meta: "build logic on code and
// error_data.details, not titles, not HTTP status"). One classifier for every place errors
// arrive: sync bodies `{ error: {...} }`, value.errors[], messages[].errors[], statuses[].errors[].
// The codes: https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes

export type ErrorAction =
  /** Transient: send again after `retryAfterMs` (or longer). */
  | 'retry'
  /** The 24-hour customer-service window is closed: only a template can go out. */
  | 'window_closed'
  /** Permanent for this message. */
  | 'do_not_retry'
  /** Every send from the account (or number, see `scope`) will fail: stop and alert. */
  | 'pause_account';

/** What the problem is bound to: the business number, the (number, recipient) pair, or the WABA/app. */
export type ErrorScope = 'number' | 'pair' | 'account';

export interface ErrorClassification {
  action: ErrorAction;
  /** Suggested minimum wait before retrying. */
  retryAfterMs?: number;
  /** Suggested cap on attempts for "retry, but only a little" codes. */
  maxAttempts?: number;
  scope?: ErrorScope;
  code: number | null;
  httpStatus: number | null;
  /** Meta's title for the code (from our table, else from the error itself). */
  title: string;
  details: string | null;
  /** False when the code is not in the table (then the decision came from HTTP status or the default). */
  known: boolean;
  /** The normalised error, raw object included. */
  error: GraphError;
}

interface Rule {
  action: ErrorAction;
  title: string;
  retryAfterMs?: number;
  maxAttempts?: number;
  scope?: ErrorScope;
}

const SECOND = 1000;

const retry = (title: string, retryAfterMs: number, extra: Omit<Rule, 'action' | 'title' | 'retryAfterMs'> = {}): Rule => ({
  action: 'retry',
  title,
  retryAfterMs,
  ...extra,
});
const never = (title: string): Rule => ({ action: 'do_not_retry', title });
const pause = (title: string, scope: ErrorScope = 'account'): Rule => ({ action: 'pause_account', title, scope });
const windowClosed = (title: string): Rule => ({ action: 'window_closed', title });

const RULES: ReadonlyMap<number, Rule> = new Map<number, Rule>([
  [0, pause('AuthException: access token expired or invalidated')],
  [1, retry('API Unknown', 5 * SECOND, { maxAttempts: 2 })],
  [2, retry('API Service: temporary downtime or overload', 5 * SECOND)],
  [3, never('API Method: capability or permission issue')],
  [4, retry('API Too Many Calls', 60 * SECOND, { scope: 'account' })],
  [10, pause('Permission denied')],
  [33, never('Parameter value is not valid: business phone number deleted')],
  [100, never('Invalid parameter')],
  [190, pause('Access token has expired')],
  [368, pause('Temporarily blocked for policies violations')],
  [470, windowClosed('Re-engagement message (more than 24 hours since the customer last replied)')],
  [80007, retry('Rate limit issues', 60 * SECOND, { scope: 'account' })],
  [130429, retry('Rate limit hit: Cloud API throughput reached', 1 * SECOND, { scope: 'number' })],
  [130472, never("User's number is part of an experiment")],
  [130497, never('Business account is restricted from messaging users in this country')],
  [131000, retry('Something went wrong', 5 * SECOND, { maxAttempts: 3 })],
  [131005, never('Access denied')],
  [131008, never('Required parameter is missing')],
  [131009, never('Parameter value is not valid')],
  [131016, retry('Service unavailable', 5 * SECOND)],
  [131021, never('Recipient cannot be sender')],
  [131026, never('Message undeliverable')],
  [131030, never('Recipient phone number not in allowed list')],
  [131031, pause('Business account has been locked')],
  [131042, pause('Business eligibility payment issue')],
  [131044, never('Payment issue')],
  [131045, never('Incorrect certificate')],
  [131047, windowClosed('Re-engagement message (more than 24 hours since the customer last replied)')],
  [131048, pause('Spam rate limit hit', 'number')],
  [131049, never('Not delivered to maintain healthy ecosystem engagement')],
  [131050, never('User stopped receiving marketing messages')],
  [131051, never('Unsupported message type')],
  [131052, never('Media download error')],
  [131053, never('Media upload error')],
  [131055, never('Method not allowed')],
  // Meta: 1 message per 6 s to the same user; other recipients are unaffected.
  [131056, retry('Pair rate limit hit', 6 * SECOND, { scope: 'pair' })],
  [131057, retry('Account in maintenance mode', 60 * SECOND, { scope: 'number' })],
  [131062, never('Recipient BSUID not supported for this message')],
  [131063, never('Marketing templates disabled for Cloud API')],
  [131064, never('Messaging limit reached due to template classification violations')],
  [132000, never('Number of template parameters does not match')],
  [132001, never('Template does not exist')],
  [132005, never('Template hydrated text too long')],
  [132007, never('Template format character policy violated')],
  [132012, never('Template parameter format mismatch')],
  [132015, never('Template is paused')],
  [132016, never('Template is disabled')],
  [132068, never('Flow is blocked')],
  [132069, never('Flow is throttled')],
  [133000, never('Incomplete deregistration')],
  [133004, retry('Server temporarily unavailable', 5 * SECOND)],
  [133005, never('Two-step verification PIN mismatch')],
  [133006, never('Phone number re-verification needed')],
  [133008, never('Too many two-step verification PIN guesses')],
  [133009, never('Two-step verification PIN guessed too fast')],
  [133010, never('Phone number not registered')],
  [133015, never('Phone number recently deleted')],
  [133016, never('Account register/deregister rate limit exceeded')],
  [134011, never('WhatsApp Payments terms of service not accepted')],
  [135000, never('Generic user error')],
  [137000, never('Recipient identity key hash mismatch')],
  // Direct Send (2026 beta): the account may no longer send utility or authentication messages without a template.
  [139200, never('Direct Send access is blocked for this account')],
]);

function ruleFor(code: number): Rule | undefined {
  const exact = RULES.get(code);
  if (exact) return exact;
  if (code >= 200 && code <= 299) return pause('API Permission');
  if (code >= 132000 && code <= 132999) return never('Template error');
  return undefined;
}

/**
 * Classifies an error from anywhere Meta reports one. Accepts a normalised GraphError, a raw
 * webhook error object, a sync body `{ error: {...} }`, or a rejected SendResult; an `httpStatus`
 * member is used when the code alone doesn't decide. Never throws.
 */
export function classifyGraphError(input: unknown): ErrorClassification {
  const wrapped = isRecord(input) && isGraphError(input.error) ? input.error : null;
  const error = isGraphError(input) ? input : (wrapped ?? toGraphError(input));
  const httpStatus = isRecord(input) ? int(input.httpStatus) : null;
  const code = error.code;
  const rule = code === null ? undefined : ruleFor(code);
  const base = { code, httpStatus, details: error.details, error };
  if (rule) {
    const { title, ...decision } = rule;
    return { ...decision, ...base, title, known: true };
  }
  const title = error.title ?? error.message ?? (code === null ? 'Unknown error' : `Error ${code}`);
  // No code we know: only the HTTP status is left to go on.
  if (httpStatus !== null && (httpStatus >= 500 || httpStatus === 429)) {
    return { action: 'retry', retryAfterMs: 5 * SECOND, ...base, title, known: false };
  }
  return { action: 'do_not_retry', ...base, title, known: false };
}

function isGraphError(input: unknown): input is GraphError {
  return isRecord(input) && 'raw' in input && 'fbtraceId' in input && 'details' in input;
}
