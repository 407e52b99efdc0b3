import { ATTRIBUTIONS } from '@sendbook/queue';
import { anyObject, arrayOf, bool, dateTime, named, nullable, object, oneOfValues, str, uuid } from '../../contract/schema.js';

const ATTRIBUTION_REASONS = [
  'context_outbound',
  'context_inbound',
  'context_unknown',
  'single_awaiting',
  'none_awaiting',
  'several_awaiting',
  'forwarded',
  'reaction',
  'manual',
];

export const InboundMedia = named(
  'InboundMedia',
  object(
    {
      id: nullable(str()),
      mime_type: nullable(str()),
      caption: nullable(str()),
      filename: nullable(str()),
      sha256: nullable(str()),
      voice: nullable(bool(), { description: 'audio: a voice note recorded in WhatsApp (true) or an audio file (false)' }),
      animated: nullable(bool(), { description: 'sticker: whether it moves' }),
    },
    { description: 'Media kept as an id and downloaded on demand (`GET /v1/inbound/{id}/media`).' },
  ),
);

export const Choice = named(
  'Choice',
  object({ id: str(), title: str() }, { description: 'A button or list reply, or a template quick reply: an identified choice, never compared as text.' }),
);

export const Reaction = named('Reaction', object({ message_wamid: nullable(str()), emoji: nullable(str()), removed: bool() }));

/** The inbound resource: a message a customer sent. */
export const Inbound = named(
  'Inbound',
  object(
    {
      id: uuid(),
      wamid: str(),
      from: nullable(str(), { description: "the customer's wa_id" }),
      from_user_id: nullable(str()),
      contact_name: nullable(str()),
      phone_number_id: str(),
      type: str({ description: "Meta's message type: text, button, interactive, image, reaction, …" }),
      text: nullable(str()),
      choice: nullable(Choice, { description: 'button/list replies and template quick replies' }),
      context_wamid: nullable(str(), { description: 'the message it quotes' }),
      forwarded: bool(),
      referred_product: nullable(anyObject()),
      reaction: nullable(Reaction),
      media: nullable(InboundMedia, { description: 'kept as an id; downloaded on demand' }),
      message_id: nullable(uuid(), { description: 'the outbound message it answers' }),
      conversation_id: nullable(uuid()),
      contact_id: nullable(uuid()),
      attribution: nullable(oneOfValues(ATTRIBUTIONS)),
      attribution_reason: nullable(oneOfValues(ATTRIBUTION_REASONS), { description: 'why it got its attribution' }),
      errors: nullable(arrayOf(anyObject())),
      timestamp: nullable(dateTime(), { description: "Meta's timestamp" }),
      created_at: dateTime(),
      raw: anyObject({ description: 'the message object exactly as Meta sent it' }),
    },
    { description: 'The inbound resource: a message a customer sent.' },
  ),
);

export const OneInbound = object({ inbound: Inbound });

export const AttributionHistoryEntry = named(
  'AttributionHistoryEntry',
  object({ before: anyObject(), after: anyObject(), actor: str(), note: nullable(str()), at: dateTime() }),
);
