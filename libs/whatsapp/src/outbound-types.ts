// Bodies of POST /<PHONE_NUMBER_ID>/messages (https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/send-messages).
// snake_case as Meta expects.

export interface OutboundBase {
  messaging_product: 'whatsapp';
  recipient_type: 'individual' | 'group';
  /** Phone number (E.164 with or without "+", or digits) or group id; absent when sent by `recipient`. */
  to?: string;
  /** The user's BSUID, instead of `to` (2026: users known only by username). */
  recipient?: string;
  /** Contextual reply: the wamid being quoted. */
  context?: { message_id: string };
  /** Echoed back on status webhooks (max 512 chars). */
  biz_opaque_callback_data?: string;
}

export interface OutboundText extends OutboundBase {
  type: 'text';
  text: { body: string; preview_url?: boolean };
}

export interface TemplateLanguage {
  code: string;
  policy?: 'deterministic';
}

export type TemplateParameter =
  | { type: 'text'; text: string; parameter_name?: string }
  | { type: 'payload'; payload: string }
  | { type: 'currency'; currency: { fallback_value: string; code: string; amount_1000: number }; parameter_name?: string }
  | { type: 'date_time'; date_time: { fallback_value: string }; parameter_name?: string }
  | { type: 'image'; image: MediaRef }
  | { type: 'video'; video: MediaRef }
  | { type: 'document'; document: MediaRef & { filename?: string } }
  | { type: 'location'; location: { latitude: number; longitude: number; name?: string; address?: string } }
  | { type: 'coupon_code'; coupon_code: string }
  | { type: 'action'; action: Record<string, unknown> };

export type TemplateComponent =
  | { type: 'header' | 'body' | 'footer'; parameters?: TemplateParameter[] }
  | {
      type: 'button';
      sub_type: 'quick_reply' | 'url' | 'copy_code' | 'flow' | 'catalog' | 'mpm' | 'voice_call' | (string & {});
      index: string | number;
      parameters?: TemplateParameter[];
    }
  /** Up to 10 cards, each with its own header media and button parameters. */
  | { type: 'carousel'; cards: Array<{ card_index: number; components: TemplateComponent[] }> }
  | { type: 'limited_time_offer'; parameters: TemplateParameter[] };

export interface TemplateObject {
  name: string;
  language: TemplateLanguage;
  components?: TemplateComponent[];
}

export interface OutboundTemplate extends OutboundBase {
  type: 'template';
  template: TemplateObject;
}

/** Media by uploaded id (preferred at volume) or by public link. */
export type MediaRef = { id: string; link?: never } | { link: string; id?: never };

export type InteractiveHeader =
  | { type: 'text'; text: string }
  | { type: 'image'; image: MediaRef }
  | { type: 'video'; video: MediaRef }
  | { type: 'document'; document: MediaRef & { filename?: string } };

export interface ReplyButton {
  type: 'reply';
  reply: { id: string; title: string };
}

export interface ListSection {
  title?: string;
  rows: Array<{ id: string; title: string; description?: string }>;
}

interface InteractiveParts {
  body: { text: string };
  footer?: { text: string };
}

/** A Flow by id or by name; `flow_action_payload` only with `navigate`. */
export interface FlowParameters {
  flow_message_version: '3';
  flow_id?: string;
  flow_name?: string;
  flow_cta: string;
  flow_token?: string;
  mode?: 'draft' | 'published';
  flow_action?: 'navigate' | 'data_exchange';
  flow_action_payload?: { screen: string; data?: Record<string, unknown> };
}

export type InteractiveObject =
  | (InteractiveParts & { type: 'cta_url'; header?: InteractiveHeader; action: { name: 'cta_url'; parameters: { display_text: string; url: string } } })
  | (InteractiveParts & { type: 'flow'; header?: InteractiveHeader; action: { name: 'flow'; parameters: FlowParameters } })
  | (InteractiveParts & { type: 'location_request_message'; action: { name: 'send_location' } })
  | { type: 'product'; body?: { text: string }; footer?: { text: string }; action: { catalog_id: string; product_retailer_id: string } }
  | (InteractiveParts & {
      type: 'product_list';
      header: { type: 'text'; text: string };
      action: { catalog_id: string; sections: Array<{ title: string; product_items: Array<{ product_retailer_id: string }> }> };
    })
  | (InteractiveParts & { type: 'catalog_message'; action: { name: 'catalog_message'; parameters?: { thumbnail_product_retailer_id?: string } } })
  | {
      type: 'button';
      header?: InteractiveHeader;
      body: { text: string };
      footer?: { text: string };
      action: { buttons: ReplyButton[] };
    }
  | {
      type: 'list';
      header?: { type: 'text'; text: string };
      body: { text: string };
      footer?: { text: string };
      action: { button: string; sections: ListSection[] };
    };

export interface OutboundInteractive extends OutboundBase {
  type: 'interactive';
  interactive: InteractiveObject;
}

export type OutboundMediaType = 'image' | 'audio' | 'video' | 'document' | 'sticker';

export type OutboundMediaObject = MediaRef & { caption?: string; filename?: string };

export type OutboundMedia =
  | (OutboundBase & { type: 'image'; image: OutboundMediaObject })
  | (OutboundBase & { type: 'audio'; audio: OutboundMediaObject })
  | (OutboundBase & { type: 'video'; video: OutboundMediaObject })
  | (OutboundBase & { type: 'document'; document: OutboundMediaObject })
  | (OutboundBase & { type: 'sticker'; sticker: OutboundMediaObject });

export interface OutboundReaction extends OutboundBase {
  type: 'reaction';
  /** An empty emoji removes the reaction. */
  reaction: { message_id: string; emoji: string };
}

export interface OutboundLocation extends OutboundBase {
  type: 'location';
  location: { latitude: number; longitude: number; name?: string; address?: string };
}

/** A contact card (https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/contacts-messages); only the formatted name is required. */
export interface ContactCard {
  name: { formatted_name: string; first_name?: string; last_name?: string; middle_name?: string; suffix?: string; prefix?: string };
  addresses?: Array<{ street?: string; city?: string; state?: string; zip?: string; country?: string; country_code?: string; type?: string }>;
  birthday?: string;
  emails?: Array<{ email: string; type?: string }>;
  org?: { company?: string; department?: string; title?: string };
  phones?: Array<{ phone: string; type?: string; wa_id?: string }>;
  urls?: Array<{ url: string; type?: string }>;
}

export interface OutboundContacts extends OutboundBase {
  type: 'contacts';
  /** 1 to 257 cards. */
  contacts: ContactCard[];
}

export type OutboundMessageBody =
  OutboundContacts | OutboundText | OutboundTemplate | OutboundInteractive | OutboundMedia | OutboundReaction | OutboundLocation;

/** Body of POST /<PHONE_NUMBER_ID>/messages that marks an inbound message read. */
export interface MarkAsReadBody {
  messaging_product: 'whatsapp';
  status: 'read';
  message_id: string;
  typing_indicator?: { type: 'text' };
}

/** Success response of POST /messages. */
export interface SendMessageResponse {
  messaging_product: 'whatsapp';
  contacts?: Array<{ input?: string; wa_id?: string; user_id?: string }>;
  messages: Array<{ id: string; message_status?: 'accepted' | 'held_for_quality_assessment' | 'paused' | (string & {}) }>;
}
