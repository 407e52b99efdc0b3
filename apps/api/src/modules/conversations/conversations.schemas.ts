import { anyObject, arrayOf, bool, dateTime, int, named, nullable, object, oneOf, oneOfValues, str, uuid } from '../../contract/schema.js';
import { Message } from '../outbox/outbox.schemas.js';
import { CONVERSATION_STATES } from './conversation.entity.js';
import { Inbound } from './inbound.schemas.js';

export const Contact = named(
  'Contact',
  object({
    id: uuid(),
    wa_id: nullable(str()),
    user_id: nullable(str()),
    name: nullable(str()),
    time_zone: nullable(str()),
    marketing_opt_out_at: nullable(
      dateTime({
        description:
          'since when the user has opted out of marketing messages on this number (their stop, or a 131050 failure); null when not opted out. Marketing templates to them are held until they resume',
      }),
    ),
    marketing_opt_out_source: nullable(
      oneOfValues(['user_preferences', 'error_131050'], {
        description: 'how the opt-out was learnt: the user_preferences webhook, or a send failing with 131050',
      }),
    ),
  }),
);

export const ConversationSnooze = named(
  'ConversationSnooze',
  object(
    {
      since: dateTime({ description: 'when it was snoozed' }),
      until: nullable(dateTime(), { description: 'when it wakes by itself; null: when the customer writes' }),
      until_customer_reply: bool({ description: 'snoozed until the customer writes (they writing wakes it in any case)' }),
    },
    { description: 'A snoozed thread is hidden from the Open list until its time comes or the customer writes.' },
  ),
);

export const ConversationResponse = named(
  'ConversationResponse',
  object(
    {
      waiting_for: oneOfValues(['first_response', 'next_response'], { description: 'no staff reply yet since the thread (re)opened, or one since' }),
      waiting_since: dateTime({ description: "the customer's first unanswered message (when Sendbook stored it)" }),
      due_at: nullable(dateTime(), { description: "the team's target, counted in its business hours; null: the team has no such target" }),
      breached_at: nullable(dateTime(), { description: 'when the target passed unanswered (a `waiting_customer` work item until the reply); null: not yet' }),
    },
    { description: 'A customer waiting for a reply; the reply (or closing) ends the wait.' },
  ),
);

/** One thread per business number and contact. */
const conversationProperties = {
  id: uuid(),
  phone_number_id: str({ description: 'the business number of the thread' }),
  contact: Contact,
  state: oneOfValues(CONVERSATION_STATES),
  assignee: nullable(uuid(), { description: 'the staff member working the thread (their id), or null' }),
  assignee_name: nullable(str(), { description: 'their name' }),
  unread_count: int({ minimum: 0 }),
  last_activity_at: nullable(dateTime()),
  last_inbound_at: nullable(dateTime()),
  window_open_until: nullable(dateTime(), { description: "end of the 24 h customer-service window (from Meta's timestamp of the last inbound)" }),
  window_open: bool({ description: 'free-form text may be sent now' }),
  time_zone: str({ description: 'the customer’s time zone: the contact’s own, else their number’s country’s, else DEFAULT_TIME_ZONE' }),
  labels: arrayOf(str(), { description: 'lower-case, unique, at most 20 (PUT /v1/conversations/{id}/labels)' }),
  snooze: nullable(ConversationSnooze, { description: 'null when awake' }),
  team: nullable(object({ id: uuid(), name: str() }), { description: 'the team its business number is routed to; null: none' }),
  assigned_at: nullable(dateTime(), { description: 'when the assignee got it; null while unassigned' }),
  awaiting_assignment_since: nullable(dateTime(), {
    description: 'waiting for automatic assignment since then (nobody in its team has room); assigned oldest first when someone does',
  }),
  response: nullable(ConversationResponse, { description: 'null: the customer is not waiting for a reply' }),
  created_at: dateTime(),
  updated_at: dateTime(),
};

export const Conversation = named('Conversation', object(conversationProperties, { description: 'One thread per business number and contact.' }));

export const Note = named(
  'Note',
  object(
    { id: uuid(), text: str(), author: str({ description: '`staff:<id>`: who wrote it' }), author_name: str(), created_at: dateTime() },
    { description: 'A private note in a thread: for the team, never sent to the customer.' },
  ),
);

export const MessageEcho = named(
  'MessageEcho',
  object(
    {
      id: uuid(),
      wamid: str(),
      phone_number_id: str({ description: 'the business number it was sent from' }),
      conversation_id: uuid(),
      to: nullable(str(), { description: "the user's wa_id it went to" }),
      to_user_id: nullable(str(), { description: "the user's business-scoped user id, when Meta named one" }),
      source: oneOfValues(['whatsapp_business_app'], { description: 'sent from the WhatsApp Business app on the phone (or a linked device), not by Sendbook' }),
      type: str({ description: "Meta's message type: text, image, …" }),
      text: nullable(str(), { description: 'its words: the body, or a caption' }),
      timestamp: nullable(dateTime(), { description: "Meta's timestamp" }),
      created_at: dateTime({ description: 'when Sendbook received the echo' }),
      raw: anyObject({ description: 'the message_echoes[] item exactly as Meta sent it' }),
    },
    {
      description:
        'A message the business sent from the WhatsApp Business app on a coexistence number, echoed by Meta (`smb_message_echoes`): outbound, but never queued or sent by Sendbook, so it has no state.',
    },
  ),
);

export const InboundTimelineEntry = named('InboundTimelineEntry', object({ direction: oneOfValues(['inbound']), at: dateTime(), inbound: Inbound }));
export const OutboundTimelineEntry = named('OutboundTimelineEntry', object({ direction: oneOfValues(['outbound']), at: dateTime(), message: Message }));
export const EchoTimelineEntry = named('EchoTimelineEntry', object({ direction: oneOfValues(['echo']), at: dateTime(), echo: MessageEcho }));
export const NoteTimelineEntry = named('NoteTimelineEntry', object({ direction: oneOfValues(['note']), at: dateTime(), note: Note }));
export const TimelineEntry = named('TimelineEntry', oneOf([InboundTimelineEntry, OutboundTimelineEntry, EchoTimelineEntry, NoteTimelineEntry]));

/** A thread as the list shows it: an agent scans what was last said before opening it. */
export const ConversationSummary = named(
  'ConversationSummary',
  object(
    {
      ...conversationProperties,
      last_message: nullable(oneOf([InboundTimelineEntry, OutboundTimelineEntry, EchoTimelineEntry]), {
        description: 'the newest message either way (notes are not messages); null in a thread with none yet',
      }),
    },
    { description: 'A conversation with its newest message, as GET /v1/conversations lists them.' },
  ),
);

const olderCursor = nullable(str(), {
  description: 'pass as `before` to GET /v1/conversations/{id}/timeline for the page before this one; null at the start of the thread',
});
export const TimelinePage = object({ data: arrayOf(TimelineEntry, { description: 'oldest first' }), older_cursor: olderCursor });
export const OnePurpose = named(
  'RecentPurpose',
  object(
    { message_id: uuid(), purpose: str(), trigger_ref: nullable(str()), state: str(), created_at: dateTime() },
    { description: 'Something we sent this contact, and the business record behind it.' },
  ),
);
export const ConversationCounts = object(
  {
    mine: int({ minimum: 0 }),
    unassigned: int({ minimum: 0 }),
    all: int({ minimum: 0 }),
    unread: int({ minimum: 0, description: 'open threads with unread messages' }),
    unread_by_view: object(
      { mine: int({ minimum: 0 }), unassigned: int({ minimum: 0 }), all: int({ minimum: 0 }) },
      { description: 'of each view, the open threads with unread messages (what the inbox counts in its tab title)' },
    ),
  },
  { description: 'Open conversations per view (mine is the signed-in staff member’s).' },
);
export const OneNote = object({ note: Note });

export const OneConversation = object({ conversation: Conversation });
export const LabelsInUse = object({
  data: arrayOf(
    object({
      label: str(),
      conversations: int({ minimum: 1, description: 'conversations carrying it, open or closed' }),
      open: int({ minimum: 0, description: 'of them, open ones' }),
    }),
    { description: 'most used first' },
  ),
});
export const ConversationPage = object({ data: arrayOf(ConversationSummary), next_cursor: nullable(str()) });
export const ConversationWithTimeline = object({
  conversation: Conversation,
  timeline: arrayOf(TimelineEntry, { description: 'the newest page, oldest first' }),
  older_cursor: olderCursor,
  recent_purposes: arrayOf(OnePurpose, { description: 'the last ten messages we sent this contact, newest first' }),
});
export const WindowClosed = object({ error: oneOfValues(['window_closed']), message: str(), window_open_until: nullable(dateTime()) });

export const TypingResult = named(
  'TypingResult',
  object(
    {
      sent: bool({ description: 'whether a typing indicator went to WhatsApp now' }),
      reason: oneOfValues(['sent', 'throttled', 'nothing_to_answer', 'unavailable'], {
        description:
          '`throttled`: one went less than TYPING_INDICATOR_INTERVAL_MS (20 s) ago; `nothing_to_answer`: the customer wrote nothing in this thread; `unavailable`: Redis, which keeps the 20 s for every instance, did not answer, so none was sent',
      }),
      message_wamid: nullable(str(), { description: 'the customer message it shows under (Meta marks it, and all before it, read)' }),
      next_at: nullable(dateTime({ description: 'when the next one may go' })),
    },
    { description: 'What an agent typing did at WhatsApp.' },
  ),
);
