// Wire shapes of the webhook POST body, as Meta sends them (snake_case, timestamps as strings).
// These describe well-formed payloads; the parser never trusts them and reads defensively.
// Sources: Meta's webhook reference (https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages)
// and the payloads in ../fixtures.

export interface WebhookEnvelope {
  /** "whatsapp_business_account"; some Meta examples omit it. */
  object?: string;
  entry: WebhookEntry[];
}

export interface WebhookEntry {
  /** WhatsApp Business Account id (not the phone number id). */
  id: string;
  /** Unix seconds; only on some fields (template/account webhooks). */
  time?: number;
  changes: WebhookChange[];
  /** Seen in Meta's PARTNER_APP_INSTALLED example instead of on the change. */
  field?: string;
  object?: string;
}

export interface WebhookChange<V = MessagesValue | JsonObject> {
  field: WebhookField;
  value: V;
}

export type JsonObject = { [key: string]: unknown };

/** Subscription fields, as Meta's webhooks overview lists them; any other string may arrive too. */
export type WebhookField =
  | 'messages'
  | 'account_alerts'
  | 'account_review_update'
  | 'account_update'
  | 'automatic_events'
  | 'business_capability_update'
  | 'history'
  | 'message_template_components_update'
  | 'message_template_quality_update'
  | 'message_template_status_update'
  | 'partner_solutions'
  | 'payment_configuration_update'
  | 'phone_number_name_update'
  | 'phone_number_quality_update'
  | 'security'
  | 'smb_app_state_sync'
  | 'smb_message_echoes'
  | 'template_category_update'
  | 'user_preferences'
  | (string & {});

export interface WebhookMetadata {
  display_phone_number: string;
  phone_number_id: string;
}

/** `value` of a `messages` change. */
export interface MessagesValue {
  messaging_product: 'whatsapp';
  metadata: WebhookMetadata;
  contacts?: WaContact[];
  messages?: Array<WaInboundMessage | WaUnknownMessage>;
  statuses?: WaStatus[];
  /** System/app/account-level errors (a message's own errors are in messages[].errors, a delivery's in statuses[].errors). */
  errors?: WaError[];
}

/** `value` of a `user_preferences` change. */
export interface UserPreferencesValue {
  messaging_product: 'whatsapp';
  metadata: WebhookMetadata;
  contacts?: WaContact[];
  user_preferences: WaUserPreference[];
}

export interface WaUserPreference {
  wa_id?: string;
  user_id?: string;
  detail?: string;
  category: 'marketing_messages' | (string & {});
  value: 'stop' | 'resume' | (string & {});
  timestamp: number;
}

export interface WaContact {
  profile?: { name?: string; username?: string };
  /** Phone number (digits). May be omitted from 2026 for users with usernames. */
  wa_id?: string;
  /** Business-scoped user id (BSUID), e.g. "US.13491208655302741918". */
  user_id?: string;
  parent_user_id?: string;
  identity_key_hash?: string;
}

/** Error object of webhooks: value.errors[], messages[].errors[], statuses[].errors[]. */
export interface WaError {
  code: number;
  title?: string;
  message?: string;
  error_data?: { details?: string; [key: string]: unknown };
  href?: string;
}

/** Error object of synchronous Graph API responses, wrapped as `{ error: ... }`. */
export interface GraphErrorBody {
  error: {
    message?: string;
    type?: string;
    code?: number;
    error_subcode?: number;
    error_user_title?: string;
    error_user_msg?: string;
    error_data?: { messaging_product?: string; details?: string; [key: string]: unknown };
    fbtrace_id?: string;
  };
}

export interface WaContext {
  /** Business display number the replied-to message came from. */
  from?: string;
  /** wamid of the message replied to / whose button was tapped. */
  id?: string;
  forwarded?: boolean;
  frequently_forwarded?: boolean;
  referred_product?: { catalog_id: string; product_retailer_id: string };
}

export interface WaReferral {
  source_url?: string;
  source_id?: string;
  source_type?: 'ad' | 'post' | (string & {});
  body?: string;
  headline?: string;
  media_type?: 'image' | 'video' | (string & {});
  image_url?: string;
  video_url?: string;
  thumbnail_url?: string;
  ctwa_clid?: string;
  welcome_message?: { text?: string };
}

interface WaMessageBase {
  /** Sender phone number (digits); may be absent for username users (2026). */
  from?: string;
  from_user_id?: string;
  from_parent_user_id?: string;
  /** wamid */
  id: string;
  /** Unix seconds as a string. */
  timestamp: string;
  context?: WaContext;
  referral?: WaReferral;
  errors?: WaError[];
  group_id?: string;
}

export interface WaText {
  body: string;
}

export interface WaMedia {
  id: string;
  mime_type?: string;
  sha256?: string;
  /** Rolled out gradually from Nov 2025; keep the id-based download path. */
  url?: string;
  caption?: string;
  /** document only */
  filename?: string;
  /** audio only: true for voice notes */
  voice?: boolean;
  /** sticker only */
  animated?: boolean;
}

export interface WaLocation {
  latitude: number;
  longitude: number;
  name?: string;
  address?: string;
  url?: string;
}

export interface WaSharedContact {
  name?: {
    formatted_name?: string;
    first_name?: string;
    last_name?: string;
    middle_name?: string;
    suffix?: string;
    prefix?: string;
  };
  phones?: Array<{ phone?: string; wa_id?: string; type?: string }>;
  emails?: Array<{ email?: string; type?: string }>;
  org?: { company?: string; department?: string; title?: string };
  urls?: Array<{ url?: string; type?: string }>;
  addresses?: Array<Record<string, string | undefined>>;
  birthday?: string;
  vcard?: string;
}

export interface WaButtonReplyObject {
  id: string;
  title: string;
}

export interface WaListReplyObject {
  id: string;
  title: string;
  description?: string;
}

export interface WaNfmReplyObject {
  name?: string;
  body?: string;
  /** A JSON *string* with the Flow's response. */
  response_json: string;
}

export type WaInteractiveReply =
  | { type: 'button_reply'; button_reply: WaButtonReplyObject }
  | { type: 'list_reply'; list_reply: WaListReplyObject }
  | { type: 'nfm_reply'; nfm_reply: WaNfmReplyObject };

/** Template quick-reply press. */
export interface WaButton {
  payload?: string;
  text: string;
}

export interface WaReaction {
  message_id: string;
  /** Omitted (or "") when the user removes the reaction. */
  emoji?: string;
}

export interface WaOrder {
  catalog_id?: string;
  text?: string;
  product_items: Array<{
    product_retailer_id: string;
    quantity: number;
    item_price: number;
    currency: string;
  }>;
}

export interface WaSystem {
  body?: string;
  /** New wa_id after user_changed_number. */
  wa_id?: string;
  type?: 'user_changed_number' | 'customer_identity_changed' | (string & {});
  identity?: { acknowledged?: boolean; created_timestamp?: number; hash?: string };
  customer?: string;
}

export interface WaEdit {
  original_message_id: string;
  /** The edited message: `type` plus the object of that type. */
  message: { type: string; context?: WaContext; [key: string]: unknown };
}

export interface WaRevoke {
  original_message_id: string;
}

export interface WaUnsupported {
  type?: string;
}

export interface WaTextMessage extends WaMessageBase {
  type: 'text';
  text: WaText;
}
export interface WaImageMessage extends WaMessageBase {
  type: 'image';
  image: WaMedia;
}
export interface WaAudioMessage extends WaMessageBase {
  type: 'audio';
  audio: WaMedia;
}
export interface WaVideoMessage extends WaMessageBase {
  type: 'video';
  video: WaMedia;
}
export interface WaDocumentMessage extends WaMessageBase {
  type: 'document';
  document: WaMedia;
}
export interface WaStickerMessage extends WaMessageBase {
  type: 'sticker';
  sticker: WaMedia;
}
export interface WaLocationMessage extends WaMessageBase {
  type: 'location';
  location: WaLocation;
}
export interface WaContactsMessage extends WaMessageBase {
  type: 'contacts';
  contacts: WaSharedContact[];
  origin?: string;
}
export interface WaInteractiveMessage extends WaMessageBase {
  type: 'interactive';
  interactive: WaInteractiveReply;
}
export interface WaButtonMessage extends WaMessageBase {
  type: 'button';
  button: WaButton;
}
export interface WaReactionMessage extends WaMessageBase {
  type: 'reaction';
  reaction: WaReaction;
}
export interface WaOrderMessage extends WaMessageBase {
  type: 'order';
  order: WaOrder;
}
export interface WaSystemMessage extends WaMessageBase {
  type: 'system';
  system: WaSystem;
}
export interface WaEditMessage extends WaMessageBase {
  type: 'edit';
  edit: WaEdit;
}
export interface WaRevokeMessage extends WaMessageBase {
  type: 'revoke';
  revoke: WaRevoke;
}
export interface WaUnsupportedMessage extends WaMessageBase {
  type: 'unsupported';
  unsupported?: WaUnsupported;
}

/** Every inbound message type Sendbook knows. */
export type WaInboundMessage =
  | WaTextMessage
  | WaImageMessage
  | WaAudioMessage
  | WaVideoMessage
  | WaDocumentMessage
  | WaStickerMessage
  | WaLocationMessage
  | WaContactsMessage
  | WaInteractiveMessage
  | WaButtonMessage
  | WaReactionMessage
  | WaOrderMessage
  | WaSystemMessage
  | WaEditMessage
  | WaRevokeMessage
  | WaUnsupportedMessage;

/** Any other type (e.g. request_welcome, future types): all fields kept as sent. */
export interface WaUnknownMessage extends WaMessageBase {
  type: string;
  [key: string]: unknown;
}

export type WaStatusValue = 'sent' | 'delivered' | 'read' | 'played' | 'failed' | (string & {});

export interface WaConversation {
  id?: string;
  /** Only on `sent`. */
  expiration_timestamp?: string;
  origin?: { type?: string };
}

export interface WaPricing {
  billable?: boolean;
  pricing_model?: 'PMP' | 'CBP' | (string & {});
  type?: 'regular' | 'free_customer_service' | 'free_entry_point' | (string & {});
  category?: string;
}

export interface WaStatus {
  /** wamid of your outbound message */
  id: string;
  status: WaStatusValue;
  /** Unix seconds as a string. */
  timestamp: string;
  recipient_id?: string;
  /** BSUID of the recipient (2026). */
  recipient_user_id?: string;
  parent_recipient_user_id?: string;
  recipient_type?: 'individual' | 'group' | (string & {});
  recipient_participant_id?: string;
  recipient_identity_key_hash?: string;
  /** Echo of what you sent in the message body. */
  biz_opaque_callback_data?: string;
  conversation?: WaConversation;
  pricing?: WaPricing;
  errors?: WaError[];
}
