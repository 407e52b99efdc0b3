import { isBsuid } from '../core/bsuid.js';
import { asArray, asNumber, asRecord, asString, isRecord, type JsonRecord } from '../core/guards.js';
import type { OutboundChoice, OutboundMessage } from '../send/outbound-message.js';
import { resolveTemplate } from '../templates/resolve-template.js';
import type { TemplateDefinition } from '../templates/template-types.js';
import { directSendOf } from './direct-send.js';
import { reject } from './graph-rejection.js';
import { validateInteractive } from './validate-interactive.js';

const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'sticker'] as const;
const TYPES = ['text', 'template', 'interactive', 'reaction', 'location', 'contacts', ...MEDIA_TYPES];

/**
 * Validates a `POST /{phone_number_id}/messages` body (not mark-as-read) the way the Cloud API
 * does, throwing a GraphRejection with Meta's code and details on the first problem.
 */
/** The number of the user a BSUID names, if it is one of this business's users. */
export type UserIdResolver = (userId: string) => string | undefined;

export function validateSend(
  body: unknown,
  senderDisplayNumber: string,
  templates: readonly TemplateDefinition[],
  resolveUserId: UserIdResolver = () => undefined,
  options: { directSend: boolean } = { directSend: true },
): OutboundMessage {
  if (!isRecord(body)) reject(100, 'Request body must be a JSON object.');
  if (body.messaging_product === undefined) reject(100, 'The parameter messaging_product is required.');
  if (body.messaging_product !== 'whatsapp') reject(100, "Param messaging_product must be 'whatsapp'.");
  const recipientType = body.recipient_type;
  if (recipientType !== undefined && recipientType !== 'individual' && recipientType !== 'group') {
    reject(100, 'Param recipient_type must be one of {INDIVIDUAL, GROUP}.');
  }

  const { input, waId, recipientUserId } = addressee(body, recipientType === 'group', resolveUserId);
  if (waId === senderDisplayNumber) reject(131021, 'Sender and recipient phone number is the same.');

  // Meta treats a missing type as text.
  const type = body.type === undefined ? 'text' : asString(body.type);
  if (type === undefined || !TYPES.includes(type)) {
    reject(100, `Param type must be one of {${TYPES.map((t) => t.toUpperCase()).join(', ')}}.`);
  }
  const object = asRecord(body[type]);
  if (!object && type !== 'contacts') reject(131008, `Parameter '${type}' is required.`);

  const bizOpaque = body.biz_opaque_callback_data;
  if (bizOpaque !== undefined && typeof bizOpaque !== 'string') reject(100, 'Param biz_opaque_callback_data must be a string.');
  if (typeof bizOpaque === 'string' && bizOpaque.length > 512) {
    reject(100, 'Param biz_opaque_callback_data must be at most 512 characters long.');
  }

  const context = body.context;
  let contextMessageId: string | null = null;
  if (context !== undefined) {
    contextMessageId = asString(asRecord(context)?.message_id) ?? null;
    if (!contextMessageId) reject(131008, "Parameter 'context.message_id' is required.");
    if (type === 'reaction') reject(131009, 'A reaction message cannot be sent as a contextual reply.');
  }

  let template: TemplateDefinition | null = null;
  let choices: OutboundChoice[] = [];
  if (type === 'template') {
    const resolved = resolveTemplate(object ?? {}, templates);
    template = resolved.template;
    choices = resolved.choices;
    // A one-time code is bound to a phone number: authentication templates need `to`.
    if (recipientUserId !== null && template?.category === 'AUTHENTICATION') reject(131062, 'BSUID recipients are not supported for authentication templates.');
  } else if (type === 'interactive') {
    choices = validateInteractive(object ?? {});
  } else {
    validateSimpleType(type, object, body);
  }

  const directSend = directSendOf(body, type, recipientUserId !== null, options.directSend);

  return {
    input,
    recipientUserId,
    waId,
    type,
    body,
    bizOpaqueCallbackData: typeof bizOpaque === 'string' ? bizOpaque : null,
    contextMessageId,
    template,
    choices,
    directSend,
  };
}

/**
 * Whom the body addresses: `to` (a phone number, or a group id), or `recipient` (2026: a
 * business-scoped user id of one of this business's users) — exactly one of them.
 */
function addressee(body: JsonRecord, group: boolean, resolveUserId: UserIdResolver): { input: string; waId: string; recipientUserId: string | null } {
  const to = asString(body.to);
  const recipient = body.recipient;
  if (recipient !== undefined) {
    if (to !== undefined) reject(100, 'Param to and recipient cannot both be set.');
    if (typeof recipient !== 'string' || !isBsuid(recipient))
      reject(100, `Invalid parameter: 'recipient' (${String(recipient)}) is not a valid business-scoped user ID.`);
    if (group) reject(131062, 'BSUID recipients are not supported for group messages.');
    const waId = resolveUserId(recipient);
    if (waId === undefined) reject(131009, `Parameter value is not valid: no user with business-scoped user ID ${recipient}.`);
    return { input: recipient, waId, recipientUserId: recipient };
  }
  if (to === undefined || to.length === 0) reject(100, 'The parameter to is required.');
  // A group is addressed by its group id, not a phone number.
  return { input: to, waId: group ? to : normaliseRecipient(to), recipientUserId: null };
}

/** `+1 (650) 555-1234` → `16505551234`; anything that is not 6–15 digits is refused. */
export function normaliseRecipient(input: string): string {
  const digits = input.replace(/[\s()+-]/g, '');
  if (!/^\d{6,15}$/.test(digits)) reject(100, `Invalid parameter: 'to' (${input}) is not a valid phone number.`);
  return digits;
}

function validateSimpleType(type: string, object: JsonRecord | undefined, body: JsonRecord): void {
  if (type === 'text') {
    const text = asString(object?.body);
    if (text === undefined || text.length === 0) reject(131008, "Parameter 'text.body' is required.");
    if (text.length > 4096) reject(100, "Param text['body'] must be at most 4096 characters long.");
    return;
  }
  if (type === 'reaction') {
    if (!asString(object?.message_id)) reject(131008, "Parameter 'reaction.message_id' is required.");
    if (typeof object?.emoji !== 'string') reject(131008, "Parameter 'reaction.emoji' is required.");
    return;
  }
  if (type === 'location') {
    const lat = asNumber(object?.latitude) ?? Number(object?.latitude);
    const lng = asNumber(object?.longitude) ?? Number(object?.longitude);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) reject(131008, "Parameters 'location.latitude' and 'location.longitude' are required.");
    return;
  }
  if (type === 'contacts') {
    const contacts = asArray(body.contacts);
    if (!contacts || contacts.length === 0) reject(131008, "Parameter 'contacts' is required.");
    if (contacts.length > 257) reject(131009, 'Contacts count invalid. Min allowed contacts: 1, Max allowed contacts: 257');
    contacts.forEach((entry, i) => {
      // The formatted name is what WhatsApp shows beside the profile arrow; Meta refuses a card without it.
      if (!asString(asRecord(asRecord(entry)?.name)?.formatted_name)) reject(131008, `Parameter 'contacts[${i}].name.formatted_name' is required.`);
    });
    return;
  }
  // Media: an uploaded id or a link.
  if (!asString(object?.id) && !asString(object?.link)) reject(131008, `Parameter '${type}.id' or '${type}.link' is required.`);
  const caption = asString(object?.caption);
  if (caption !== undefined && caption.length > 1024) reject(100, `Param ${type}['caption'] must be at most 1024 characters long.`);
}
