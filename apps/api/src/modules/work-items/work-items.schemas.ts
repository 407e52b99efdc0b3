import { anyObject, arrayOf, bool, dateTime, int, named, nullable, object, oneOf, oneOfValues, str, uuid } from '../../contract/schema.js';
import { Alert } from '../alerts/alerts.schemas.js';
import { Inbound } from '../conversations/inbound.schemas.js';
import { Message, RowError } from '../outbox/outbox.schemas.js';
import { WORK_ITEM_KINDS } from './dto/work-items-query.dto.js';

/** A decision taken on an item: the Resolved tab. */
export const WorkItemResolution = named(
  'WorkItemResolution',
  object({
    action: str({ description: 'mark_sent, retry, cancel, resent, released, dismissed, replayed, attribute, resolve; replied or closed (waiting_customer)' }),
    actor: str(),
    actor_name: str(),
    note: nullable(str()),
    at: dateTime(),
  }),
);

export const MessageWorkItem = named(
  'MessageWorkItem',
  object(
    {
      kind: oneOfValues(['stuck_sending', 'failed', 'held']),
      id: uuid(),
      since: nullable(dateTime(), { description: 'since when it has been in this state' }),
      attempts: int({ minimum: 0 }),
      last_error: nullable(RowError),
      actions: arrayOf(oneOfValues(['mark_sent', 'retry', 'cancel', 'resend', 'release', 'dismiss']), {
        description: 'what may be done: resolve (mark_sent, retry, cancel), resend, release, dismiss',
      }),
      conversation_id: nullable(uuid(), { description: 'the thread of its recipient, when there is one' }),
      resend_dedupe_key: nullable(str(), { description: 'for a failed message: the key a resend would use' }),
      resolution: nullable(WorkItemResolution),
      message: Message,
    },
    { description: 'A message a person must decide about.' },
  ),
);

export const InboundWorkItem = named(
  'InboundWorkItem',
  object(
    {
      kind: oneOfValues(['unattributed_inbound']),
      id: uuid(),
      since: dateTime(),
      reason: nullable(str()),
      actions: arrayOf(oneOfValues(['attribute'])),
      resolution: nullable(WorkItemResolution),
      inbound: Inbound,
    },
    { description: 'An inbound message not tied to a message we sent: attribute it with POST /v1/inbound/{id}/attribute.' },
  ),
);

export const PoisonWebhookWorkItem = named(
  'PoisonWebhookWorkItem',
  object(
    {
      kind: oneOfValues(['poison_webhook']),
      id: uuid(),
      since: dateTime(),
      attempts: int({ minimum: 0 }),
      last_error: nullable(anyObject()),
      actions: arrayOf(oneOfValues(['replay', 'dismiss'])),
      resolution: nullable(WorkItemResolution),
      delivery: object({ id: uuid(), received_at: dateTime(), processed_at: nullable(dateTime()), size: int({ minimum: 0 }), state: str() }),
    },
    { description: 'A correctly signed delivery we could not process: kept; replay it with POST /v1/webhooks/replay.' },
  ),
);

export const AlertWorkItem = named(
  'AlertWorkItem',
  object(
    {
      kind: oneOfValues(['alert']),
      id: uuid(),
      since: dateTime(),
      actions: arrayOf(oneOfValues(['resolve'])),
      resolution: nullable(WorkItemResolution),
      alert: Alert,
    },
    { description: 'An open alert: resolve it with POST /v1/alerts/{id}/resolve.' },
  ),
);

export const WaitingCustomerWorkItem = named(
  'WaitingCustomerWorkItem',
  object(
    {
      kind: oneOfValues(['waiting_customer']),
      id: uuid({ description: 'the conversation' }),
      since: dateTime({ description: 'open: when the target passed; resolved: when the wait ended' }),
      actions: arrayOf(oneOfValues(['assign_to_me']), {
        description:
          'assign_to_me (nobody holds it): PATCH /v1/conversations/{id} with your own staff id as `assignee`. The reply in the thread resolves the item.',
      }),
      conversation_id: uuid(),
      phone_number_id: str({ description: 'the business number of the thread' }),
      contact: object({ id: uuid(), name: nullable(str()), wa_id: nullable(str()), user_id: nullable(str()) }),
      team: nullable(object({ id: uuid(), name: str() }), {
        description: 'open: the team its number is routed to; resolved: the team whose target it was (null once deleted)',
      }),
      assignee: nullable(uuid(), { description: 'who holds it (resolved: who held it when the wait ended); null: nobody' }),
      assignee_name: nullable(str()),
      waiting_for: nullable(oneOfValues(['first_response', 'next_response']), { description: 'which target passed' }),
      waiting_since: nullable(dateTime(), { description: "the customer's first unanswered message" }),
      due_at: nullable(dateTime(), { description: 'the target, counted in the team’s business hours' }),
      breached_at: nullable(dateTime(), { description: 'when the target passed unanswered' }),
      waited_seconds: nullable(int({ minimum: 0 }), {
        description:
          'wall-clock seconds the customer has waited: open, from waiting_since to now (the server’s clock); resolved, until the wait ended. (Reports count business seconds.)',
      }),
      resolution: nullable(WorkItemResolution, { description: 'resolved: `replied` (by whom) or `closed`' }),
    },
    { description: 'A customer waiting past their team’s response target: open until someone replies or the conversation is closed.' },
  ),
);

export const WorkItemList = object({
  kind: oneOfValues(WORK_ITEM_KINDS),
  status: oneOfValues(['open', 'resolved']),
  data: arrayOf(oneOf([MessageWorkItem, InboundWorkItem, PoisonWebhookWorkItem, AlertWorkItem, WaitingCustomerWorkItem])),
  next_cursor: nullable(str()),
});

const queueCount = object({ open: int({ minimum: 0 }), oldest_since: nullable(dateTime()), oldest_age_seconds: nullable(int({ minimum: 0 })) });
export const WorkItemCounts = object(Object.fromEntries(WORK_ITEM_KINDS.map((k) => [k, queueCount])));
export const Dismissed = object({ dismissed: uuid() });
export const BulkResult = object({
  kind: oneOfValues(WORK_ITEM_KINDS),
  action: str(),
  dry_run: bool(),
  count: int({ minimum: 0, description: 'items the filter selects' }),
  ids: arrayOf(uuid()),
  done: int({ minimum: 0 }),
  failed: arrayOf(object({ id: uuid(), error: str() })),
});
