import type { InboundContent } from './events.js';
import { bool, num, rec, records, str, type JsonRecord } from './json.js';
import type { WaButton, WaContext, WaEdit, WaInteractiveReply, WaLocation, WaMedia, WaOrder, WaReaction, WaSharedContact, WaSystem } from './webhook-types.js';

// Readers for the type-specific object of an inbound message. Each returns the typed object,
// or null when the object is missing or lacks what makes it usable; the caller then keeps the
// message as `unknown` content with every raw field.

type Reader = (message: JsonRecord) => InboundContent | null;

const readers: Record<string, Reader> = {
  text: (m) => {
    const text = rec(m.text);
    const body = text ? stringOrEmpty(text.body) : null;
    return body === null ? null : { type: 'text', text: { body } };
  },
  image: (m) => media(m.image, (image) => ({ type: 'image', image })),
  audio: (m) => media(m.audio, (audio) => ({ type: 'audio', audio })),
  video: (m) => media(m.video, (video) => ({ type: 'video', video })),
  document: (m) => media(m.document, (document) => ({ type: 'document', document })),
  sticker: (m) => media(m.sticker, (sticker) => ({ type: 'sticker', sticker })),
  location: (m) => {
    const location = readLocation(m.location);
    return location && { type: 'location', location };
  },
  contacts: (m) => {
    if (!Array.isArray(m.contacts)) return null;
    return { type: 'contacts', contacts: records(m.contacts).map(readSharedContact) };
  },
  interactive: (m) => {
    const interactive = readInteractive(m.interactive);
    return interactive && { type: 'interactive', interactive };
  },
  button: (m) => {
    const button = readButton(m.button);
    return button && { type: 'button', button };
  },
  reaction: (m) => {
    const reaction = readReaction(m.reaction);
    return reaction && { type: 'reaction', reaction };
  },
  order: (m) => {
    const order = readOrder(m.order);
    return order && { type: 'order', order };
  },
  system: (m) => {
    const system = readSystem(m.system);
    return system && { type: 'system', system };
  },
  edit: (m) => {
    const edit = readEdit(m.edit);
    return edit && { type: 'edit', edit };
  },
  revoke: (m) => {
    const revoke = rec(m.revoke);
    const original = revoke && str(revoke.original_message_id);
    return original ? { type: 'revoke', revoke: { original_message_id: original } } : null;
  },
  unsupported: (m) => {
    const original = str(rec(m.unsupported)?.type);
    return { type: 'unsupported', unsupported: original === null ? {} : { type: original } };
  },
};

/** The typed content of a raw message, or `unknown` with all raw fields. */
export function readContent(message: JsonRecord): InboundContent {
  const type = str(message.type);
  const reader = type !== null && Object.hasOwn(readers, type) ? readers[type] : undefined;
  const content = reader ? reader(message) : null;
  return content ?? { type: 'unknown', originalType: type, fields: { ...message } };
}

function stringOrEmpty(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function media(value: unknown, wrap: (media: WaMedia) => InboundContent): InboundContent | null {
  const object = rec(value);
  const id = object && str(object.id);
  if (!object || !id) return null;
  const result: WaMedia = { id };
  const mime = str(object.mime_type);
  if (mime !== null) result.mime_type = mime;
  const sha = str(object.sha256);
  if (sha !== null) result.sha256 = sha;
  const url = str(object.url);
  if (url !== null) result.url = url;
  const caption = stringOrEmpty(object.caption);
  if (caption !== null) result.caption = caption;
  const filename = str(object.filename);
  if (filename !== null) result.filename = filename;
  const voice = bool(object.voice);
  if (voice !== null) result.voice = voice;
  const animated = bool(object.animated);
  if (animated !== null) result.animated = animated;
  return wrap(result);
}

function readLocation(value: unknown): WaLocation | null {
  const object = rec(value);
  if (!object) return null;
  const latitude = num(object.latitude);
  const longitude = num(object.longitude);
  if (latitude === null || longitude === null) return null;
  const result: WaLocation = { latitude, longitude };
  for (const key of ['name', 'address', 'url'] as const) {
    const text = str(object[key]);
    if (text !== null) result[key] = text;
  }
  return result;
}

function readInteractive(value: unknown): WaInteractiveReply | null {
  const object = rec(value);
  if (!object) return null;
  switch (object.type) {
    case 'button_reply': {
      const reply = readIdTitle(object.button_reply);
      return reply && { type: 'button_reply', button_reply: reply };
    }
    case 'list_reply': {
      const reply = readIdTitle(object.list_reply);
      if (!reply) return null;
      const description = str(rec(object.list_reply)?.description);
      return {
        type: 'list_reply',
        list_reply: description === null ? reply : { ...reply, description },
      };
    }
    case 'nfm_reply': {
      const reply = rec(object.nfm_reply);
      const responseJson = reply && stringOrEmpty(reply.response_json);
      if (!reply || responseJson === null) return null;
      const nfm: { name?: string; body?: string; response_json: string } = { response_json: responseJson };
      const name = str(reply.name);
      if (name !== null) nfm.name = name;
      const body = str(reply.body);
      if (body !== null) nfm.body = body;
      return { type: 'nfm_reply', nfm_reply: nfm };
    }
    default:
      return null;
  }
}

function readIdTitle(value: unknown): { id: string; title: string } | null {
  const object = rec(value);
  const id = object && str(object.id);
  const title = object && stringOrEmpty(object.title);
  return id && title !== null ? { id, title } : null;
}

function readButton(value: unknown): WaButton | null {
  const object = rec(value);
  if (!object) return null;
  const text = stringOrEmpty(object.text);
  const payload = stringOrEmpty(object.payload);
  if (text === null && payload === null) return null;
  const button: WaButton = { text: text ?? payload ?? '' };
  if (payload !== null) button.payload = payload;
  return button;
}

function readReaction(value: unknown): WaReaction | null {
  const object = rec(value);
  const messageId = object && str(object.message_id);
  if (!object || !messageId) return null;
  const emoji = str(object.emoji);
  // An omitted or empty emoji both mean "reaction removed" (Meta omits it; pywa sends "").
  return emoji === null ? { message_id: messageId } : { message_id: messageId, emoji };
}

function readOrder(value: unknown): WaOrder | null {
  const object = rec(value);
  if (!object) return null;
  const order: WaOrder = {
    product_items: records(object.product_items).flatMap((item) => {
      const productRetailerId = str(item.product_retailer_id);
      const quantity = num(item.quantity);
      const itemPrice = num(item.item_price);
      const currency = str(item.currency);
      return productRetailerId && quantity !== null && itemPrice !== null && currency
        ? [{ product_retailer_id: productRetailerId, quantity, item_price: itemPrice, currency }]
        : [];
    }),
  };
  const catalogId = str(object.catalog_id);
  if (catalogId !== null) order.catalog_id = catalogId;
  const text = stringOrEmpty(object.text);
  if (text !== null) order.text = text;
  return order;
}

function readEdit(value: unknown): WaEdit | null {
  const object = rec(value);
  const original = object && str(object.original_message_id);
  const inner = object && rec(object.message);
  if (!original || !inner) return null;
  const message: WaEdit['message'] = { ...inner, type: str(inner.type) ?? 'unknown' };
  const context = readContext(inner.context);
  if (context) message.context = context;
  else delete message.context;
  return { original_message_id: original, message };
}

function readSystem(value: unknown): WaSystem | null {
  const object = rec(value);
  if (!object) return null;
  const system: WaSystem = {};
  for (const key of ['body', 'wa_id', 'type', 'customer'] as const) {
    const text = str(object[key]);
    if (text !== null) system[key] = text;
  }
  const identity = rec(object.identity);
  if (identity) {
    system.identity = {};
    const acknowledged = bool(identity.acknowledged);
    if (acknowledged !== null) system.identity.acknowledged = acknowledged;
    const created = num(identity.created_timestamp);
    if (created !== null) system.identity.created_timestamp = created;
    const hash = str(identity.hash);
    if (hash !== null) system.identity.hash = hash;
  }
  return system;
}

// Shared vCards are deeply optional; keep every string member, drop anything mistyped.
function readSharedContact(contact: JsonRecord): WaSharedContact {
  const result: WaSharedContact = {};
  const name = rec(contact.name);
  if (name) result.name = stringMembers(name);
  const org = rec(contact.org);
  if (org) result.org = stringMembers(org);
  for (const key of ['phones', 'emails', 'urls', 'addresses'] as const) {
    if (Array.isArray(contact[key])) result[key] = records(contact[key]).map(stringMembers);
  }
  const birthday = str(contact.birthday);
  if (birthday !== null) result.birthday = birthday;
  const vcard = str(contact.vcard);
  if (vcard !== null) result.vcard = vcard;
  return result;
}

function stringMembers(object: JsonRecord): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(object)) {
    if (typeof value === 'string') result[key] = value;
  }
  return result;
}

/** The context object with only well-typed fields. */
export function readContext(value: unknown): WaContext | null {
  const object = rec(value);
  if (!object) return null;
  const context: WaContext = {};
  const from = str(object.from);
  if (from !== null) context.from = from;
  const id = str(object.id);
  if (id !== null) context.id = id;
  const forwarded = bool(object.forwarded);
  if (forwarded !== null) context.forwarded = forwarded;
  const frequently = bool(object.frequently_forwarded);
  if (frequently !== null) context.frequently_forwarded = frequently;
  const product = rec(object.referred_product);
  const catalogId = product && str(product.catalog_id);
  const retailerId = product && str(product.product_retailer_id);
  if (catalogId && retailerId) context.referred_product = { catalog_id: catalogId, product_retailer_id: retailerId };
  return context;
}
