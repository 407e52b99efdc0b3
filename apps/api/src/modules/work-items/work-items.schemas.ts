import { anyObject, arrayOf, dateTime, int, named, nullable, object, oneOf, oneOfValues, str, uuid } from '../../contract/schema.js';
import { Alert } from '../alerts/alerts.schemas.js';
import { Inbound } from '../conversations/inbound.schemas.js';
import { Message, RowError } from '../outbox/outbox.schemas.js';
import { WORK_ITEM_KINDS } from './dto/work-items-query.dto.js';


export const MessageWorkItem = named(
  'MessageWorkItem',
  object(
    {
      kind: oneOfValues(['stuck_sending', 'failed', 'held']),
      id: uuid(),
      since: nullable(dateTime(), { description: 'since when it has been in this state' }),
      attempts: int({ minimum: 0 }),
      last_error: nullable(RowError),
      actions: arrayOf(oneOfValues(['mark_sent', 'retry', 'cancel']), { description: 'what POST /v1/messages/{id}/resolve accepts for it' }),
      message: Message,
    },
    { description: 'A message a person must decide about.' },
  ),
);

export const InboundWorkItem = named(
  'InboundWorkItem',
  object(
    { kind: oneOfValues(['unattributed_inbound']), id: uuid(), since: dateTime(), reason: nullable(str()), actions: arrayOf(oneOfValues(['attribute'])), inbound: Inbound },
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
      actions: arrayOf(oneOfValues(['replay'])),
      delivery: object({ id: uuid(), received_at: dateTime(), processed_at: nullable(dateTime()), size: int({ minimum: 0 }), state: str() }),
    },
    { description: 'A correctly signed delivery we could not process: kept; replay it with POST /v1/webhooks/replay.' },
  ),
);

export const AlertWorkItem = named(
  'AlertWorkItem',
  object({ kind: oneOfValues(['alert']), id: uuid(), since: dateTime(), actions: arrayOf(oneOfValues(['resolve'])), alert: Alert }, { description: 'An open alert: resolve it with POST /v1/alerts/{id}/resolve.' }),
);

export const WorkItemList = object({ kind: oneOfValues(WORK_ITEM_KINDS), data: arrayOf(oneOf([MessageWorkItem, InboundWorkItem, PoisonWebhookWorkItem, AlertWorkItem])) });
