import { arrayOf, bool, dateTime, int, named, nullable, object, oneOf, oneOfValues, str, uuid } from '../../contract/schema.js';
import { Message } from '../outbox/outbox.schemas.js';
import { CONVERSATION_STATES } from './conversation.entity.js';
import { Inbound } from './inbound.schemas.js';

export const Contact = named('Contact', object({ id: uuid(), wa_id: nullable(str()), user_id: nullable(str()), name: nullable(str()), time_zone: nullable(str()) }));

/** One thread per business number and contact. */
export const Conversation = named(
  'Conversation',
  object(
    {
      id: uuid(),
      phone_number_id: str({ description: 'the business number of the thread' }),
      contact: Contact,
      state: oneOfValues(CONVERSATION_STATES),
      assignee: nullable(str()),
      unread_count: int({ minimum: 0 }),
      last_activity_at: nullable(dateTime()),
      last_inbound_at: nullable(dateTime()),
      window_open_until: nullable(dateTime(), { description: "end of the 24 h customer-service window (from Meta's timestamp of the last inbound)" }),
      window_open: bool({ description: 'free-form text may be sent now' }),
      created_at: dateTime(),
      updated_at: dateTime(),
    },
    { description: 'One thread per business number and contact.' },
  ),
);

export const InboundTimelineEntry = named('InboundTimelineEntry', object({ direction: oneOfValues(['inbound']), at: dateTime(), inbound: Inbound }));
export const OutboundTimelineEntry = named('OutboundTimelineEntry', object({ direction: oneOfValues(['outbound']), at: dateTime(), message: Message }));
export const TimelineEntry = named('TimelineEntry', oneOf([InboundTimelineEntry, OutboundTimelineEntry]));

export const OneConversation = object({ conversation: Conversation });
export const ConversationPage = object({ data: arrayOf(Conversation), next_cursor: nullable(str()) });
export const ConversationWithTimeline = object({ conversation: Conversation, timeline: arrayOf(TimelineEntry) });
export const WindowClosed = object({ error: oneOfValues(['window_closed']), message: str(), window_open_until: nullable(dateTime()) });
