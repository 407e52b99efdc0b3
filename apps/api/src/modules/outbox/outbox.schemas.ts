import { OUTBOX_STATES } from '@sendbook/queue';
import { anyObject, arrayOf, bool, dateTime, int, named, nullable, object, oneOfValues, str, uuid } from '../../contract/schema.js';
import { KeptFile } from '../media/media.schemas.js';
import { RenderedTemplate } from '../templates/templates.schemas.js';

/** The last error Meta (or the sender) gave for a row. */
export const RowError = named('RowError', object({ code: { type: ['integer', 'string', 'null'] }, title: str(), message: str(), details: nullable(str()) }));

const at = (what: string) => nullable(dateTime(), { description: what });

/** The message resource (M in the contract). */
export const Message = named(
  'Message',
  object(
    {
      id: uuid(),
      dedupe_key: str(),
      to: str({ description: "E.164, or the user's business-scoped user id for a message sent by `recipient`" }),
      purpose: str(),
      trigger_ref: nullable(str()),
      campaign: nullable(str(), { description: 'the send-out it belongs to, as the integrator tagged it' }),
      payload: anyObject(),
      fallback_template: nullable(anyObject()),
      priority: int(),
      phone_number_id: str(),
      state: oneOfValues(OUTBOX_STATES),
      attempts: int({ minimum: 0 }),
      wamid: nullable(str(), { description: "Meta's message id; null until the Graph API answered" }),
      not_before: dateTime(),
      created_at: dateTime(),
      updated_at: dateTime(),
      sending_started_at: at('last claim for sending'),
      accepted_at: at('Meta accepted the send'),
      sent_at: at('status `sent` (Meta’s timestamp)'),
      delivered_at: at('status `delivered`'),
      read_at: at('status `read`'),
      played_at: at('status `played` (voice)'),
      failed_at: at('failed'),
      cancelled_at: at('cancelled (by a request, by hand, or expired)'),
      expires_at: nullable(dateTime(), { description: 'not sent after this time (`expires_at` of the request); null: no limit' }),
      pricing: nullable(
        object({
          billable: nullable(bool()),
          pricing_model: nullable(str({ description: '`PMP` (per message), or `CBP` on older statuses' })),
          category: nullable(str({ description: '`marketing`, `utility`, `authentication`, `service`, …' })),
          type: nullable(str({ description: '`regular`, `free_customer_service`, `free_entry_point`' })),
        }),
        { description: "Meta's pricing from the latest status that carried it; null until then" },
      ),
      last_error: nullable(RowError),
      replies: arrayOf(uuid(), { description: 'ids of inbound messages attributed to it' }),
      created_by: nullable(str(), { description: 'who enqueued it: `api_key:<id>` for an integrator, `staff:<id>` for an agent’s reply' }),
      created_by_name: nullable(str(), { description: 'the name of who enqueued it (a staff member’s name, or the API key’s)' }),
      waiting: nullable(
        object({
          reason: oneOfValues(['paused', 'quiet_hours', 'messaging_limit', 'cooling', 'retry', 'scheduled', 'paced'], {
            description:
              'paused: its number is paused; quiet_hours, messaging_limit, cooling: Meta’s and our limits; retry: after an error; scheduled: its not_before; paced: one message per 6 s to one person',
          }),
          until: nullable(dateTime(), { description: 'when it may go, when known' }),
          time_zone: nullable(str(), { description: 'the recipient’s time zone, for quiet hours “until 07:00 their time”' }),
        }),
        { description: 'for a queued message, why it has not gone yet; null when it is next in line (or not queued)' },
      ),
      rendered: nullable(RenderedTemplate, {
        description: 'for a template message, the text the customer saw; null otherwise or when the registry does not know it',
      }),
      file: nullable(KeptFile, {
        description: 'for a file sent from an upload, Sendbook’s copy of it (there after Meta forgets the media id); null otherwise',
      }),
    },
    { description: 'The message resource (M in the contract).' },
  ),
);

export const MessageResult = object({ message: Message, deduplicated: bool() });
export const OneMessage = object({ message: Message });
export const MessagePage = object({ data: arrayOf(Message), next_cursor: nullable(str()) });

export const MessageHistoryEntry = named(
  'MessageHistoryEntry',
  object({
    from_state: nullable(str()),
    to_state: str(),
    actor: str({ description: '`staff:<id>`, `api_key:<id>`, `worker`, `webhook`, …' }),
    actor_name: str({ description: 'who that is, in words: a staff member’s name, an API key’s, or “Sendbook” for the system' }),
    reason: str(),
    details: nullable(anyObject()),
    at: dateTime(),
  }),
);

export const FollowUpResult = object({
  message: Message,
  previous_message_id: uuid({ description: 'the failed or held message it replaces' }),
  deduplicated: bool(),
});
export const StatusEventList = object({
  data: arrayOf(
    object({
      status: str({ description: 'sent, delivered, read, played, failed' }),
      occurred_at: nullable(dateTime(), { description: "Meta's timestamp" }),
      received_at: dateTime(),
      applied: nullable(str({ description: 'what it did to the row: applied, ignored as older, …' })),
      errors: nullable(arrayOf(anyObject())),
    }),
  ),
});

export const BatchResult = object({
  results: arrayOf(
    object({
      status: oneOfValues(['created', 'deduplicated', 'conflict', 'invalid'], {
        description:
          'created: a new row; deduplicated: the same business event again (the existing row); conflict: the key names a message with other content (the existing row); invalid: refused, nothing stored',
      }),
      message: nullable(Message, { description: 'the row for this item; null when invalid' }),
      details: arrayOf(object({ field: str(), message: str() }), {
        description: 'what is wrong, by field (as a single enqueue’s 400 names them); empty when created or deduplicated',
      }),
    }),
    { description: 'one per item, in the order sent' },
  ),
});

export const DedupeConflict = object({ error: oneOfValues(['dedupe_key_conflict']), message: Message });
