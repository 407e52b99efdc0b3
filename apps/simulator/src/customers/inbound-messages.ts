import type { JsonRecord } from '../core/guards.js';
import type { MediaObject } from '../media/media-store.js';

/** Fields shared by every inbound message, in the order Meta writes them. */
export interface InboundHeader {
  wamid: string;
  /** The sender's number; null for a username user whose number Meta leaves out (2026). */
  from: string | null;
  /** The sender's business-scoped user id, when they have one. */
  fromUserId: string | null;
  timestampSec: number;
  /** `context.from` is the business display number; `context.id` the wamid being answered. */
  context: { from: string; id: string } | null;
}

export type InboundMessage = JsonRecord & { id: string; type: string };

/** Meta's key order: context, from, id, timestamp, type, then the type's object. */
function base(header: InboundHeader, type: string): InboundMessage {
  return {
    ...(header.context ? { context: { from: header.context.from, id: header.context.id } } : {}),
    ...(header.from !== null ? { from: header.from } : {}),
    ...(header.fromUserId !== null ? { from_user_id: header.fromUserId } : {}),
    id: header.wamid,
    timestamp: String(header.timestampSec),
    type,
  };
}

export function textMessage(header: InboundHeader, body: string): InboundMessage {
  return { ...base(header, 'text'), text: { body } };
}

export function buttonReplyMessage(header: InboundHeader, id: string, title: string): InboundMessage {
  return { ...base(header, 'interactive'), interactive: { type: 'button_reply', button_reply: { id, title } } };
}

export function listReplyMessage(header: InboundHeader, id: string, title: string, description?: string): InboundMessage {
  const listReply: JsonRecord = description === undefined ? { id, title } : { id, title, description };
  return { ...base(header, 'interactive'), interactive: { type: 'list_reply', list_reply: listReply } };
}

/** A tapped template quick reply arrives as type `button`, with the payload set at send time. */
export function quickReplyMessage(header: InboundHeader, payload: string, text: string): InboundMessage {
  return { ...base(header, 'button'), button: { payload, text } };
}

/** Removing a reaction omits `emoji` (Meta's shape). */
export function reactionMessage(header: InboundHeader, messageId: string, emoji: string): InboundMessage {
  const reaction: JsonRecord = emoji === '' ? { message_id: messageId } : { message_id: messageId, emoji };
  return { ...base(header, 'reaction'), reaction };
}

/** The kinds of media a customer can send, and the extra fields Meta adds to each. */
export type InboundMediaKind = 'image' | 'document' | 'audio' | 'video' | 'sticker';

export interface InboundMediaExtras {
  /** image, video, document. */
  caption?: string;
  /** document: the file's name on the customer's phone. */
  filename?: string;
  /** audio: true for a voice note recorded in WhatsApp, false for an audio file. */
  voice?: boolean;
  /** sticker: whether it moves. */
  animated?: boolean;
  /** The file's size in bytes: the made file padded to it (a large video), never cut below it. */
  sizeBytes?: number;
}

/**
 * `media` is stored in the simulator, so GET /{media_id} can describe and serve it. Keys in the
 * order of Meta's examples: caption and filename first, then the media, then voice or animated.
 */
export function mediaMessage(header: InboundHeader, kind: InboundMediaKind, media: MediaObject, extras: InboundMediaExtras = {}): InboundMessage {
  const object: JsonRecord = {};
  if (extras.caption !== undefined && kind !== 'audio' && kind !== 'sticker') object.caption = extras.caption;
  if (kind === 'document' && extras.filename !== undefined) object.filename = extras.filename;
  object.mime_type = media.mimeType;
  object.sha256 = media.sha256Base64;
  object.id = media.id;
  // Meta's inline url (rolled out gradually); Sendbook downloads by id instead.
  object.url = `https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=${media.id}`;
  if (kind === 'audio') object.voice = extras.voice ?? false;
  if (kind === 'sticker') object.animated = extras.animated ?? false;
  return { ...base(header, kind), [kind]: object };
}
