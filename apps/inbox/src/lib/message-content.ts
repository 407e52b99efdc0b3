import type { Contact, Inbound, Message } from '@sendbook/api-contract';

/**
 * What a message says, for the thread: its text, a label for what is not text (a photo, a
 * template, a location) and, for buttons and lists, the choices offered or the one picked.
 * Reads the Cloud API payload an outbound row stores and the inbound resource the API presents.
 */
export interface MessageContent {
  /** The words, as the customer saw or wrote them; null when there are none. */
  readonly text: string | null;
  /** What it is when it is not plain text: "Template order_shipped (en)", "Photo", "Voice message". */
  readonly label: string | null;
  /** Outbound buttons or list rows the customer could pick from. */
  readonly options: readonly string[];
  /** Inbound: the button, list row or quick reply the customer picked. */
  readonly choice: string | null;
  /** The id of that choice (the button's or row's id, a quick reply's payload): what systems act on. */
  readonly choiceId: string | null;
  /** A template whose text the registry does not know: the values sent for its variables. */
  readonly variables: readonly string[];
  /** Inbound media, kept by Meta and downloaded on demand. */
  readonly media: { readonly type: string; readonly mimeType: string | null; readonly filename: string | null } | null;
  /** A message type this inbox cannot draw: the object exactly as Meta sent it. */
  readonly raw: Record<string, unknown> | null;
}

type Json = Record<string, unknown>;

const rec = (value: unknown): Json | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null);
const str = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.map(rec).filter((v): v is Json => v !== null) : []);

const MEDIA_LABELS: Readonly<Record<string, string>> = {
  image: 'Photo',
  video: 'Video',
  audio: 'Audio',
  document: 'Document',
  sticker: 'Sticker',
};

export function outboundContent(message: Pick<Message, 'payload' | 'rendered'>): MessageContent {
  const payload = message.payload;
  const type = str(payload.type) ?? 'text';
  const body = rec(payload[type]);
  switch (type) {
    case 'text':
      return content({ text: str(body?.body) });
    case 'template': {
      const name = str(body?.name) ?? 'unnamed';
      const language = str(rec(body?.language)?.code);
      const label = `Template ${name}${language ? ` (${language})` : ''}`;
      const rendered = message.rendered;
      // Buttons are shown as options, not as the "[Track it]" lines of `rendered.text`.
      if (rendered) return content({ text: [rendered.header, rendered.body, rendered.footer].filter(Boolean).join('\n'), label, options: rendered.buttons.map((b) => b.text) });
      return content({ label, variables: templateVariables(body) });
    }
    case 'interactive':
      return interactive(body);
    case 'location':
      return content({ text: locationText(body), label: 'Location' });
    case 'reaction':
      return content({ text: str(body?.emoji), label: 'Reaction' });
    case 'contacts':
      return content({ label: 'Contact card' });
    default:
      if (type in MEDIA_LABELS) return content({ text: str(body?.caption), label: mediaLabel(type, body) });
      return content({ label: `A ${type} message`, raw: payload });
  }
}

export function inboundContent(inbound: Pick<Inbound, 'type' | 'text' | 'choice' | 'media' | 'reaction' | 'raw'>): MessageContent {
  const choice = inbound.choice?.title ?? null;
  const choiceId = inbound.choice?.id ?? null;
  if (inbound.reaction) {
    const { emoji, removed } = inbound.reaction;
    return content({ text: removed ? null : emoji, label: removed ? 'Removed a reaction' : 'Reaction' });
  }
  if (inbound.media) {
    const label = inbound.type === 'audio' && inbound.media.voice ? 'Voice message' : inbound.type === 'document' && inbound.media.filename ? `Document ${inbound.media.filename}` : (MEDIA_LABELS[inbound.type] ?? 'Attachment');
    return content({ text: inbound.media.caption ?? inbound.text, label, media: { type: inbound.type, mimeType: inbound.media.mime_type, filename: inbound.media.filename } });
  }
  switch (inbound.type) {
    case 'text':
      return content({ text: inbound.text ?? '' });
    case 'button':
    case 'interactive':
      return content({ text: choice === null ? inbound.text : null, choice, choiceId });
    case 'location':
      return content({ text: locationText(rec(inbound.raw.location)), label: 'Location' });
    case 'contacts':
      return content({ label: 'Contact card' });
    case 'order':
      return content({ text: inbound.text, label: 'Order' });
    case 'unsupported':
    case 'unknown':
      return content({ label: 'A message WhatsApp does not show to businesses', raw: inbound.raw });
    default:
      return content({ text: inbound.text, choice, choiceId, label: inbound.text || choice ? null : `A ${inbound.type} message`, raw: inbound.text || choice ? null : inbound.raw });
  }
}

/** One line for a quote or a preview: the text (or label), whitespace folded, cut at `max` characters. */
export function excerpt(value: MessageContent, max = 120): string {
  const fallback = value.variables.length > 0 && value.label ? `${value.label}: ${value.variables.join(' · ')}` : value.label;
  const words = (value.choice ?? value.text ?? fallback ?? '').replace(/\s+/g, ' ').trim();
  if (words.length === 0) return value.label ?? 'A message';
  return words.length <= max ? words : `${words.slice(0, max - 1).trimEnd()}…`;
}

/** The contact's name, else their number, else what little we know. */
export function contactLabel(contact: Pick<Contact, 'name' | 'wa_id' | 'user_id'>): string {
  return contact.name?.trim() || contactNumber(contact) || 'Unknown customer';
}

/** "+972501234567" from a wa_id, or the WhatsApp username id when there is no number. */
export function contactNumber(contact: Pick<Contact, 'wa_id' | 'user_id'>): string | null {
  if (contact.wa_id) return contact.wa_id.startsWith('+') ? contact.wa_id : `+${contact.wa_id}`;
  return contact.user_id ?? null;
}

/** Up to two letters for an avatar: "AL" for Ada Lovelace, "#" for a bare number. */
export function initials(label: string): string {
  const letters = label
    .split(/\s+/)
    .map((part) => part.match(/\p{L}/u)?.[0] ?? '')
    .filter(Boolean);
  if (letters.length === 0) return '#';
  return (letters.length === 1 ? letters[0]! : letters[0]! + letters[letters.length - 1]!).toUpperCase();
}

function content(parts: Partial<MessageContent>): MessageContent {
  return {
    text: parts.text ?? null,
    label: parts.label ?? null,
    options: parts.options ?? [],
    choice: parts.choice ?? null,
    choiceId: parts.choiceId ?? null,
    variables: parts.variables ?? [],
    media: parts.media ?? null,
    raw: parts.raw ?? null,
  };
}

/** The text values given for a template's header and body variables, in order. */
function templateVariables(template: Json | null): string[] {
  return list(template?.components)
    .filter((c) => c.type === 'header' || c.type === 'body')
    .flatMap((c) => list(c.parameters))
    .map((p) => str(p.text) ?? (p.type === 'currency' ? str(rec(p.currency)?.fallback_value) : p.type === 'date_time' ? str(rec(p.date_time)?.fallback_value) : null))
    .filter((v): v is string => v !== null);
}

function interactive(body: Json | null): MessageContent {
  const kind = str(body?.type);
  const text = [str(rec(body?.header)?.text), str(rec(body?.body)?.text), str(rec(body?.footer)?.text)].filter(Boolean).join('\n') || null;
  const action = rec(body?.action);
  const buttons = list(action?.buttons).map((b) => str(rec(b.reply)?.title) ?? str(b.title)).filter((t): t is string => t !== null);
  const rows = list(action?.sections).flatMap((s) => list(s.rows).map((r) => str(r.title)).filter((t): t is string => t !== null));
  const label = kind === 'list' ? `List${str(action?.button) ? `: ${str(action?.button)}` : ''}` : kind === 'button' ? 'Buttons' : kind === 'cta_url' ? 'Link button' : 'Interactive message';
  return content({ text, label, options: buttons.length > 0 ? buttons : rows });
}

function mediaLabel(type: string, body: Json | null): string {
  if (type === 'document' && str(body?.filename)) return `Document ${str(body?.filename)}`;
  return MEDIA_LABELS[type] ?? 'Attachment';
}

function locationText(location: Json | null): string | null {
  if (!location) return null;
  const named = [str(location.name), str(location.address)].filter(Boolean).join(', ');
  if (named) return named;
  const lat = location.latitude;
  const lon = location.longitude;
  return typeof lat === 'number' && typeof lon === 'number' ? `${lat.toFixed(5)}, ${lon.toFixed(5)}` : null;
}
