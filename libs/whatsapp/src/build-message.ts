import type {
  InteractiveHeader,
  ListSection,
  MarkAsReadBody,
  MediaRef,
  OutboundBase,
  OutboundInteractive,
  OutboundLocation,
  OutboundMedia,
  OutboundMediaObject,
  OutboundMediaType,
  OutboundReaction,
  OutboundTemplate,
  OutboundText,
  TemplateComponent,
  TemplateLanguage,
} from './outbound-types.js';

// Builders for send bodies. They only assemble JSON: Meta validates lengths and counts (a text body
// up to 4,096 characters, at most 3 reply buttons with titles up to 20, lists of at most 10 rows; see
// https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/send-messages) and answers with an error code the classifier understands.

export interface CommonOptions {
  /** wamid to quote (contextual reply). */
  replyTo?: string;
  /** Echoed on status webhooks; Sendbook puts the outbound message id here. */
  bizOpaqueCallbackData?: string;
  recipientType?: 'individual' | 'group';
}

function base(to: string, options: CommonOptions = {}): OutboundBase {
  const body: OutboundBase = {
    messaging_product: 'whatsapp',
    recipient_type: options.recipientType ?? 'individual',
    to,
  };
  if (options.replyTo !== undefined) body.context = { message_id: options.replyTo };
  if (options.bizOpaqueCallbackData !== undefined) body.biz_opaque_callback_data = options.bizOpaqueCallbackData;
  return body;
}

export function buildTextMessage(
  to: string,
  text: string,
  options: CommonOptions & { previewUrl?: boolean } = {},
): OutboundText {
  const body: OutboundText['text'] = { body: text };
  if (options.previewUrl !== undefined) body.preview_url = options.previewUrl;
  return { ...base(to, options), type: 'text', text: body };
}

export interface TemplateInput {
  name: string;
  /** e.g. "en_US", or a full language object. */
  language: string | TemplateLanguage;
  components?: TemplateComponent[];
}

export function buildTemplateMessage(to: string, template: TemplateInput, options: CommonOptions = {}): OutboundTemplate {
  const language = typeof template.language === 'string' ? { code: template.language } : template.language;
  const object: OutboundTemplate['template'] = { name: template.name, language };
  if (template.components !== undefined) object.components = template.components;
  return { ...base(to, options), type: 'template', template: object };
}

export interface ButtonsInput {
  body: string;
  buttons: ReadonlyArray<{ id: string; title: string }>;
  header?: InteractiveHeader;
  footer?: string;
}

/** Interactive reply buttons (Meta allows up to 3; titles ≤ 20 chars). */
export function buildButtonsMessage(to: string, input: ButtonsInput, options: CommonOptions = {}): OutboundInteractive {
  const interactive: Extract<OutboundInteractive['interactive'], { type: 'button' }> = {
    type: 'button',
    body: { text: input.body },
    action: { buttons: input.buttons.map(({ id, title }) => ({ type: 'reply', reply: { id, title } })) },
  };
  if (input.header !== undefined) interactive.header = input.header;
  if (input.footer !== undefined) interactive.footer = { text: input.footer };
  return { ...base(to, options), type: 'interactive', interactive };
}

export interface ListInput {
  body: string;
  /** Label of the button that opens the list (≤ 20 chars). */
  button: string;
  sections: ListSection[];
  header?: string;
  footer?: string;
}

/** Interactive list (Meta allows up to 10 rows in total). */
export function buildListMessage(to: string, input: ListInput, options: CommonOptions = {}): OutboundInteractive {
  const interactive: Extract<OutboundInteractive['interactive'], { type: 'list' }> = {
    type: 'list',
    body: { text: input.body },
    action: { button: input.button, sections: input.sections },
  };
  if (input.header !== undefined) interactive.header = { type: 'text', text: input.header };
  if (input.footer !== undefined) interactive.footer = { text: input.footer };
  return { ...base(to, options), type: 'interactive', interactive };
}

/** Media by uploaded id or public link; caption for image/video/document, filename for documents. */
export function buildMediaMessage(
  to: string,
  type: OutboundMediaType,
  media: MediaRef,
  options: CommonOptions & { caption?: string; filename?: string } = {},
): OutboundMedia {
  const object: OutboundMediaObject = 'id' in media && media.id !== undefined ? { id: media.id } : { link: media.link ?? '' };
  if (options.caption !== undefined) object.caption = options.caption;
  if (options.filename !== undefined) object.filename = options.filename;
  const common = base(to, options);
  switch (type) {
    case 'image':
      return { ...common, type, image: object };
    case 'audio':
      return { ...common, type, audio: object };
    case 'video':
      return { ...common, type, video: object };
    case 'document':
      return { ...common, type, document: object };
    case 'sticker':
      return { ...common, type, sticker: object };
  }
}

/** A reaction to a message; an empty emoji removes it. Reactions can't be contextual replies. */
export function buildReactionMessage(
  to: string,
  messageId: string,
  emoji: string,
  options: Omit<CommonOptions, 'replyTo'> = {},
): OutboundReaction {
  return { ...base(to, options), type: 'reaction', reaction: { message_id: messageId, emoji } };
}

export function buildLocationMessage(
  to: string,
  location: OutboundLocation['location'],
  options: CommonOptions = {},
): OutboundLocation {
  return { ...base(to, options), type: 'location', location };
}

export function buildMarkAsReadBody(wamid: string, options: { typingIndicator?: boolean } = {}): MarkAsReadBody {
  const body: MarkAsReadBody = { messaging_product: 'whatsapp', status: 'read', message_id: wamid };
  if (options.typingIndicator) body.typing_indicator = { type: 'text' };
  return body;
}
