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
  /** What else the message carried, term by term: a button's URL, a contact's phone, a product's id. */
  readonly details: readonly ContentDetail[];
  /** A message type this inbox cannot draw: the object exactly as Meta sent it. */
  readonly raw: Record<string, unknown> | null;
}

/** One fact of a message; `href` only for an http(s) URL, so a link never runs script. */
export interface ContentDetail {
  readonly term: string;
  readonly value: string;
  readonly href: string | null;
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
      if (rendered)
        return content({
          text: [rendered.header, rendered.body, rendered.footer].filter(Boolean).join('\n'),
          label,
          options: rendered.buttons.map((b) => b.text),
        });
      return content({ label, variables: templateVariables(body) });
    }
    case 'interactive':
      return interactive(body);
    case 'location':
      return content({ text: locationText(body), label: 'Location' });
    case 'reaction':
      return content({ text: str(body?.emoji), label: 'Reaction' });
    case 'contacts':
      return contactCards(payload.contacts);
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
    const label =
      inbound.type === 'audio' && inbound.media.voice
        ? 'Voice message'
        : inbound.type === 'document' && inbound.media.filename
          ? `Document ${inbound.media.filename}`
          : (MEDIA_LABELS[inbound.type] ?? 'Attachment');
    return content({
      text: inbound.media.caption ?? inbound.text,
      label,
      media: { type: inbound.type, mimeType: inbound.media.mime_type, filename: inbound.media.filename },
    });
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
      return content({
        text: inbound.text,
        choice,
        choiceId,
        label: inbound.text || choice ? null : `A ${inbound.type} message`,
        raw: inbound.text || choice ? null : inbound.raw,
      });
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

/** Who sent an inbound message: their number, or their username id when Meta left the number out. */
export function senderNumber(inbound: { from: string | null; from_user_id: string | null }): string | null {
  return contactNumber({ wa_id: inbound.from, user_id: inbound.from_user_id });
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
    details: parts.details ?? [],
    raw: parts.raw ?? null,
  };
}

/** The text values given for a template's header and body variables, in order. */
function templateVariables(template: Json | null): string[] {
  return list(template?.components)
    .filter((c) => c.type === 'header' || c.type === 'body')
    .flatMap((c) => list(c.parameters))
    .map(
      (p) =>
        str(p.text) ?? (p.type === 'currency' ? str(rec(p.currency)?.fallback_value) : p.type === 'date_time' ? str(rec(p.date_time)?.fallback_value) : null),
    )
    .filter((v): v is string => v !== null);
}

const detail = (term: string, value: string | null, href: string | null = null): ContentDetail[] =>
  value ? [{ term, value, href: href && /^https?:\/\//i.test(href) ? href : null }] : [];

const MEDIA_WORDS: Readonly<Record<string, string>> = { image: 'Header image', video: 'Header video', document: 'Header document' };

/** A media header of an interactive message: its link, or the id of the uploaded file. */
function headerMedia(header: Json | null): ContentDetail[] {
  const type = str(header?.type);
  if (!type || !(type in MEDIA_WORDS)) return [];
  const media = rec(header?.[type]);
  const link = str(media?.link);
  return detail(MEDIA_WORDS[type]!, link ?? (str(media?.id) ? `uploaded file ${str(media?.id)}` : null), link);
}

function interactive(body: Json | null): MessageContent {
  const kind = str(body?.type);
  const header = rec(body?.header);
  const text = [str(header?.text), str(rec(body?.body)?.text), str(rec(body?.footer)?.text)].filter(Boolean).join('\n') || null;
  const action = rec(body?.action);
  const parameters = rec(action?.parameters);
  const media = headerMedia(header);
  switch (kind) {
    case 'button':
      return content({
        text,
        label: 'Buttons',
        options: list(action?.buttons)
          .map((b) => str(rec(b.reply)?.title) ?? str(b.title))
          .filter((t): t is string => t !== null),
        details: media,
      });
    case 'list':
      return content({
        text,
        label: `List${str(action?.button) ? `: ${str(action?.button)}` : ''}`,
        options: list(action?.sections).flatMap((s) =>
          list(s.rows)
            .map((r) => str(r.title))
            .filter((t): t is string => t !== null),
        ),
      });
    case 'cta_url':
      return content({
        text,
        label: 'Link button',
        options: [str(parameters?.display_text) ?? 'Open link'],
        details: [...media, ...detail('Opens', str(parameters?.url), str(parameters?.url))],
      });
    case 'flow': {
      const flow = str(parameters?.flow_id) ? `Flow ${str(parameters?.flow_id)}` : str(parameters?.flow_name) ? `Flow “${str(parameters?.flow_name)}”` : null;
      const screen = str(rec(parameters?.flow_action_payload)?.screen);
      const opens = flow
        ? [
            flow,
            parameters?.flow_action === 'data_exchange' ? 'asks your endpoint for its first screen' : screen ? `opens on screen ${screen}` : null,
            parameters?.mode === 'draft' ? '(draft)' : null,
          ]
            .filter(Boolean)
            .join(', ')
        : null;
      return content({
        text,
        label: 'Flow',
        options: [str(parameters?.flow_cta) ?? 'Open'],
        details: [...media, ...detail('Form', opens), ...detail('Flow token', str(parameters?.flow_token))],
      });
    }
    case 'location_request_message':
      return content({ text, label: 'Location request', options: ['Send location'], details: detail('Asks for', 'the customer’s location') });
    case 'product':
      return content({
        text,
        label: 'Product',
        details: [...detail('Product', str(action?.product_retailer_id)), ...detail('Catalog', str(action?.catalog_id))],
      });
    case 'product_list': {
      const sections = list(action?.sections).map((s) => ({
        term: str(s.title) ?? 'Products',
        value: list(s.product_items)
          .map((p) => str(p.product_retailer_id))
          .filter(Boolean)
          .join(', '),
      }));
      const count = list(action?.sections).reduce((n, s) => n + list(s.product_items).length, 0);
      return content({
        text,
        label: `Product list: ${count} product${count === 1 ? '' : 's'}`,
        details: [...sections.flatMap((s) => detail(s.term, s.value)), ...detail('Catalog', str(action?.catalog_id))],
      });
    }
    case 'catalog_message':
      return content({
        text,
        label: 'Catalog',
        options: ['View catalog'],
        details: detail('Thumbnail product', str(parameters?.thumbnail_product_retailer_id)),
      });
    default:
      return content({ text, label: 'Interactive message', details: media });
  }
}

/** A contacts message: each card's name as the text, its phones, emails, company, addresses and sites as details. */
function contactCards(value: unknown): MessageContent {
  const cards = list(value);
  const names = cards.map((c) => str(rec(c.name)?.formatted_name) ?? 'Unnamed contact');
  const typed = (main: string | null, type: unknown) => (main ? `${main}${str(type) ? ` (${str(type)})` : ''}` : null);
  const details = cards.flatMap((c, i) => {
    const who = cards.length > 1 ? ` of ${names[i]}` : '';
    const org = rec(c.org);
    return [
      ...list(c.phones).flatMap((p) =>
        detail(`Phone${who}`, typed(str(p.phone), p.type) && `${typed(str(p.phone), p.type)}${str(p.wa_id) ? ' · on WhatsApp' : ''}`),
      ),
      ...list(c.emails).flatMap((e) => detail(`Email${who}`, typed(str(e.email), e.type))),
      ...detail(`Works at${who}`, [str(org?.company), str(org?.department), str(org?.title)].filter(Boolean).join(', ') || null),
      ...list(c.addresses).flatMap((a) =>
        detail(`Address${who}`, typed([str(a.street), str(a.city), str(a.state), str(a.zip), str(a.country)].filter(Boolean).join(', ') || null, a.type)),
      ),
      ...list(c.urls).flatMap((u) => detail(`Website${who}`, typed(str(u.url), u.type), str(u.url))),
      ...detail(`Birthday${who}`, str(c.birthday)),
    ];
  });
  return content({ text: names.join('\n') || null, label: cards.length > 1 ? `${cards.length} contact cards` : 'Contact card', details });
}

function mediaLabel(type: string, body: Json | null): string {
  if (type === 'document' && str(body?.filename)) return `Document ${str(body?.filename)}`;
  if (type === 'audio' && body?.voice === true) return 'Voice note';
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

/** The formats WhatsApp delivers photos and stickers in, which a browser draws without running anything. */
const PREVIEW_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** Whether inbound media is shown as a picture in the thread (anything else is a file to download). */
export function isPreviewable(media: MessageContent['media']): boolean {
  if (!media || (media.type !== 'image' && media.type !== 'sticker')) return false;
  return media.mimeType !== null && PREVIEW_TYPES.has(media.mimeType.split(';')[0]!.trim().toLowerCase());
}
