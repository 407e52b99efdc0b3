import type { Choice, InboundContent, InboundMessage } from './events.js';
import { toGraphError } from './graph-error.js';
import { arr, idStr, int, rec, str, type JsonRecord } from './json.js';
import { readContent, readContext } from './parse-content.js';
import type { WaReferral } from './webhook-types.js';

/** Normalises one raw `messages[]` item. Never throws; unknown fields stay in `raw`. */
export function parseInboundMessage(raw: JsonRecord): InboundMessage {
  const content = readContent(raw);
  const context = readContext(raw.context);
  return {
    id: str(raw.id) ?? '',
    type: str(raw.type) ?? 'unknown',
    from: idStr(raw.from),
    fromUserId: str(raw.from_user_id),
    fromParentUserId: str(raw.from_parent_user_id),
    groupId: idStr(raw.group_id),
    timestamp: int(raw.timestamp),
    text: textOf(content),
    choice: choiceOf(content),
    contextWamid: context?.id ?? null,
    contextFrom: context?.from ?? null,
    context,
    forwarded: context?.forwarded === true || context?.frequently_forwarded === true,
    frequentlyForwarded: context?.frequently_forwarded === true,
    referral: readReferral(raw.referral),
    errors: arr(raw.errors).map(toGraphError),
    content,
    raw,
  };
}

/** The text a person would read for this message, or null. */
export function textOf(content: InboundContent): string | null {
  switch (content.type) {
    case 'text':
      return content.text.body;
    case 'image':
      return content.image.caption ?? null;
    case 'video':
      return content.video.caption ?? null;
    case 'document':
      return content.document.caption ?? null;
    case 'button':
      return content.button.text;
    case 'interactive': {
      const reply = content.interactive;
      if (reply.type === 'button_reply') return reply.button_reply.title;
      if (reply.type === 'list_reply') return reply.list_reply.title;
      return reply.nfm_reply.body ?? null;
    }
    case 'order':
      return content.order.text ?? null;
    case 'system':
      return content.system.body ?? null;
    case 'edit':
      return editedText(content.edit.message);
    default:
      return null;
  }
}

/** The option picked: reply button, list row, or template quick reply (payload + label). */
export function choiceOf(content: InboundContent): Choice | null {
  if (content.type === 'button') {
    const { payload, text } = content.button;
    return { id: payload ?? text, title: text };
  }
  if (content.type !== 'interactive') return null;
  const reply = content.interactive;
  if (reply.type === 'button_reply') return { id: reply.button_reply.id, title: reply.button_reply.title };
  if (reply.type === 'list_reply') return { id: reply.list_reply.id, title: reply.list_reply.title };
  return null;
}

// An edit carries the new message; read its text the same way as a normal message.
function editedText(message: JsonRecord): string | null {
  const content = readContent(message);
  return content.type === 'edit' ? null : textOf(content);
}

function readReferral(value: unknown): WaReferral | null {
  const object = rec(value);
  if (!object) return null;
  const referral: WaReferral = {};
  const keys = ['source_url', 'source_id', 'source_type', 'body', 'headline', 'media_type', 'image_url', 'video_url', 'thumbnail_url', 'ctwa_clid'] as const;
  for (const key of keys) {
    const text = idStr(object[key]);
    if (text !== null) referral[key] = text;
  }
  const welcome = rec(object.welcome_message);
  if (welcome) referral.welcome_message = { text: str(welcome.text) ?? undefined };
  return referral;
}
