import type { GraphError } from './graph-error.js';

/** Meta answered with an error: nothing was sent. Classify `error` to decide what next. */
export interface GraphRejected {
  outcome: 'rejected';
  httpStatus: number;
  error: GraphError;
}

/** The request never left (DNS, refused, connect timeout…): nothing reached Meta, safe to retry. */
export interface GraphNotSent {
  outcome: 'not_sent';
  reason: string;
}

/**
 * The request may have reached Meta but no usable answer came back (timeout, reset, truncated or
 * unrecognised response). For a send, retrying risks a double send: reconcile first.
 */
export interface GraphUnknown {
  outcome: 'unknown';
  reason: string;
  httpStatus?: number;
}

export interface SendAccepted {
  outcome: 'accepted';
  wamid: string;
  /** wa_id Meta resolved the recipient to (may differ from what was sent). */
  waId?: string;
  /** Echo of `to`. */
  input?: string;
  /** "accepted", "held_for_quality_assessment" or "paused" (template pacing). */
  messageStatus?: string;
  httpStatus: number;
  raw: unknown;
}

export type SendResult = SendAccepted | GraphRejected | GraphNotSent | GraphUnknown;

/** Result of the other Graph calls: `ok` plus the data, or one of the three failures. */
export type GraphResult<T> = ({ outcome: 'ok'; httpStatus: number } & T) | GraphRejected | GraphNotSent | GraphUnknown;

/** A message template as GET /<WABA_ID>/message_templates returns it. */
export interface WaMessageTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  components: unknown[];
  [key: string]: unknown;
}

/** Wire shape of GET /<WABA_ID>/message_templates. */
export interface MessageTemplatesResponse {
  data: WaMessageTemplate[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string; previous?: string };
}

export interface TemplatePage {
  data: WaMessageTemplate[];
  /** Cursor of the next page; absent on the last one. */
  paging: { after?: string };
}

/** GET /<MEDIA_ID>: a download URL valid for 5 minutes, fetched with the same access token. */
/** A business number as Meta describes it (`GET /<phone_number_id>?fields=…`). */
export interface PhoneNumberProfile {
  id: string;
  displayPhoneNumber: string | null;
  verifiedName: string | null;
  /** GREEN, YELLOW, RED or UNKNOWN: Meta's rating of recent messages' reception. */
  qualityRating: string | null;
  /** STANDARD (80 msg/s) or HIGH (up to 1,000 msg/s). */
  throughputLevel: string | null;
  nameStatus: string | null;
  /**
   * The business portfolio's messaging limit as Meta names it (`whatsapp_business_manager_messaging_limit`):
   * TIER_250, TIER_2K, TIER_10K, TIER_100K or TIER_UNLIMITED; null when Meta leaves it out.
   */
  messagingLimit: string | null;
}

export interface MediaUrl {
  id: string;
  url: string;
  mimeType: string | null;
  sha256: string | null;
  fileSize: number | null;
}
