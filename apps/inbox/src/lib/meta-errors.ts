import type { RowError } from '@sendbook/api-contract';

/**
 * Why a message did not go out, in words an agent can act on. Meta's error codes
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes)
 * and Sendbook's own (`window_closed`, `quiet_hours`, …). A code we do not know still shows its
 * code and Meta's title, so nothing is hidden behind a generic "something went wrong".
 */
export interface ErrorWords {
  /** One sentence: what happened, for the customer. */
  readonly words: string;
  /** What a person can do about it, when there is something. */
  readonly hint: string | null;
  /** The code as shown beside the words ("131047"), or null. */
  readonly code: string | null;
  /** Whether the words came from our table (false: the generic fallback). */
  readonly known: boolean;
}

type Entry = readonly [words: string, hint: string | null];

const TEMPLATE_HINT = 'Check the template in WhatsApp Manager, then send again.';

const CODES: ReadonlyMap<string, Entry> = new Map<string, Entry>([
  ['0', ['WhatsApp could not authenticate Sendbook: the access token is invalid.', 'An admin must renew the access token; sending is paused until then.']],
  ['1', ['WhatsApp reported an unknown error; it is often temporary.', 'Try again in a few minutes.']],
  ['2', ['WhatsApp was temporarily unavailable.', 'It is retried automatically.']],
  ['3', ['The WhatsApp app is missing a capability it needs to send.', 'An admin must check the app’s permissions in Meta.']],
  ['4', ['Too many calls to WhatsApp from this app; it is slowing down.', 'It is retried automatically.']],
  ['10', ['WhatsApp refused: the app lacks permission for this number.', 'An admin must check the app’s permissions in Meta.']],
  ['33', ['The business number no longer exists in WhatsApp.', 'An admin must check the number in WhatsApp Manager.']],
  ['100', ['WhatsApp rejected the message: a field was not valid.', null]],
  ['190', ['The WhatsApp access token has expired.', 'An admin must renew the access token; sending is paused until then.']],
  ['368', ['Meta has temporarily blocked this account for policy violations.', 'An admin must review the account quality in WhatsApp Manager.']],
  ['470', ['More than 24 hours since the customer last wrote: only a template can be sent.', 'Send a template instead.']],
  ['80007', ['This WhatsApp Business Account hit its rate limit.', 'It is retried automatically.']],
  ['130429', ["This number reached WhatsApp's sending speed limit.", 'It is retried automatically, more slowly.']],
  ['130472', ["Meta held this marketing message back: the customer's number is in one of Meta's experiments.", null]],
  ['130497', ['This business may not message customers in that country.', null]],
  ['131000', ['Something went wrong at WhatsApp.', 'Try again; if it keeps failing, check WhatsApp’s status page.']],
  ['131005', ['WhatsApp refused access for this request.', 'An admin must check the app’s permissions in Meta.']],
  ['131008', ['WhatsApp rejected the message: a required field is missing.', null]],
  ['131009', ['WhatsApp rejected the message: a value is not valid.', null]],
  ['131016', ['WhatsApp was temporarily unavailable.', 'It is retried automatically.']],
  ['131021', ['The business cannot send a message to its own number.', null]],
  [
    '131026',
    [
      "WhatsApp could not deliver it: the number may not be on WhatsApp, the customer's app may be too old, or they have not accepted WhatsApp's latest terms.",
      'Reach the customer another way, or try again later.',
    ],
  ],
  ['131030', ['This number is not on the test allow-list of the WhatsApp app.', 'Add it to the allowed numbers in Meta, or use a production number.']],
  ['131031', ['The WhatsApp Business Account is locked.', 'An admin must contact Meta support.']],
  ['131042', ['WhatsApp stopped sending because of a payment problem on the account.', 'An admin must fix the payment method in Meta Business settings.']],
  ['131044', ['WhatsApp reported a payment problem.', 'An admin must check payments in Meta Business settings.']],
  ['131045', ['The business number is not registered correctly (certificate).', 'An admin must register the number again.']],
  ['131047', ['More than 24 hours since the customer last wrote: only a template can be sent.', 'Send a template instead.']],
  [
    '131048',
    [
      'WhatsApp is limiting this number because many customers blocked or reported its messages.',
      'Sending from this number is paused; an admin must review message quality.',
    ],
  ],
  ['131049', ['Meta chose not to deliver this marketing message, to limit how many a customer receives.', 'Try again later, or with a more relevant message.']],
  ['131050', ['The customer has stopped marketing messages from this business.', 'Do not send them marketing; service messages still work.']],
  ['131051', ['WhatsApp does not support this type of message.', null]],
  ['131052', ["WhatsApp could not download the customer's media.", null]],
  ['131053', ['The media could not be uploaded: its type is not supported or it is too large.', 'Send a smaller file in a supported format.']],
  ['131055', ['WhatsApp does not allow this request.', null]],
  ['131056', ['Too many messages to this customer in a short time.', 'Wait a little before sending this customer more; it is retried automatically.']],
  ['131057', ['The business account is in maintenance at WhatsApp.', 'It is retried automatically.']],
  ['131062', ['This message cannot be sent to a username-only customer.', null]],
  ['131063', ['Marketing templates are turned off for the Cloud API on this account.', null]],
  ['131064', ['The messaging limit was reached because of template category violations.', null]],
  ['132000', ['The template was sent with the wrong number of variables.', TEMPLATE_HINT]],
  ['132001', ['The template does not exist in this language, or is not approved yet.', TEMPLATE_HINT]],
  ['132005', ['The template is too long once its variables are filled in.', 'Shorten the variables and send again.']],
  ['132007', ["A variable breaks WhatsApp's formatting rules (for example newlines, tabs or too many spaces).", 'Fix the variable text and send again.']],
  ['132012', ['A template variable has the wrong format (for example text where the template expects an image).', TEMPLATE_HINT]],
  ['132015', ['The template is paused because of low quality.', 'Use another template, or wait for Meta to unpause it.']],
  ['132016', ['The template was disabled because of low quality.', 'Use another template.']],
  ['132068', ['The flow in this message is blocked.', null]],
  ['132069', ['The flow in this message is throttled.', 'Try again later.']],
  ['133000', ['The business number has an incomplete deregistration.', 'An admin must deregister it fully, then register it again.']],
  ['133004', ['WhatsApp was temporarily unavailable.', 'It is retried automatically.']],
  ['133005', ['The two-step verification PIN is wrong.', null]],
  ['133006', ['The business number must be verified again.', 'An admin must verify the number in WhatsApp Manager.']],
  ['133008', ['Too many two-step verification PIN attempts.', 'Wait before trying again.']],
  ['133009', ['Two-step verification PIN attempts came too fast.', 'Wait before trying again.']],
  ['133010', ['The business number is not registered on the WhatsApp Cloud API.', 'An admin must register the number.']],
  ['133015', ['The business number was deleted recently.', 'Wait a few minutes before registering it again.']],
  ['133016', ['Too many register/deregister attempts for this number.', 'Wait before trying again.']],
  ['134011', ['The WhatsApp Payments terms have not been accepted.', null]],
  ['135000', ['WhatsApp rejected the message with a generic error.', null]],
  ['137000', ["The customer's identity changed (for example a new phone) since they last wrote.", null]],
  // Sendbook's own codes.
  ['window_closed', ['More than 24 hours since the customer last wrote: only a template can be sent.', 'Send a template instead.']],
  ['quiet_hours', ["Waiting for quiet hours to end in the customer's time zone.", 'It goes out on its own when they end.']],
  ['messaging_limit', ["Waiting for a slot under the number's daily messaging limit.", 'It goes out on its own when a slot frees up.']],
  ['cooling', ['The business number is cooling down after WhatsApp slowed it.', 'It goes out on its own.']],
  ['not_sent', ['The request never reached WhatsApp.', 'It is safe to retry.']],
  [
    'unknown_outcome',
    ['Unknown whether WhatsApp received it: the connection broke mid-request.', 'Check with the customer before sending again, or mark it sent.'],
  ],
  ['processing_failed', ['Sendbook could not process this delivery.', null]],
]);

export function errorWords(error: (Pick<RowError, 'code' | 'title'> & Partial<Pick<RowError, 'message' | 'details'>>) | null | undefined): ErrorWords {
  if (!error) return { words: 'No reason was given.', hint: null, code: null, known: false };
  const code = error.code === null || error.code === undefined || error.code === '' ? null : String(error.code);
  const entry = code === null ? undefined : (CODES.get(code) ?? rangeEntry(code));
  if (entry) return { words: entry[0], hint: entry[1], code, known: true };
  const title = sentence(error.title || error.message || (code === null ? 'No reason was given' : `Error ${code}`));
  return { words: title, hint: null, code, known: false };
}

/** "The template does not exist in this language… (132001)": the words with the code, as one line. */
export function errorLine(error: Parameters<typeof errorWords>[0]): string {
  const { words, code } = errorWords(error);
  return code === null ? words : `${words} (${code})`;
}

function rangeEntry(code: string): Entry | undefined {
  if (!/^\d+$/.test(code)) return undefined;
  const n = Number(code);
  if (n >= 200 && n <= 299) return ['WhatsApp refused: the app lacks a permission it needs.', 'An admin must check the app’s permissions in Meta.'];
  return undefined;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** Meta's public page of Cloud API error codes. */
export const META_ERROR_CODES_URL = 'https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes';

/** Whether a code is Meta's (numeric) rather than Sendbook's own (`unknown_outcome`), so worth a link to Meta's page. */
export function isMetaCode(code: string | number | null | undefined): boolean {
  return code !== null && code !== undefined && /^\d+$/.test(String(code));
}
