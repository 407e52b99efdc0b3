import { carouselCards, isJson, specButtons, specComponent, templateExpectation, type TemplateSpec } from './template-spec.js';

type Json = Record<string, unknown>;

/** A button as the customer saw it, with what it carries: the filled URL, the coupon, the quick-reply payload. */
export interface RenderedButton {
  type: string;
  text: string;
  value: string | null;
}

/** The media a header showed, as the send gave it (an uploaded id or a link). */
export interface RenderedMedia {
  type: string;
  id: string | null;
  link: string | null;
}

export interface RenderedCard {
  media: RenderedMedia | null;
  body: string | null;
  buttons: RenderedButton[];
}

export interface RenderedTemplate {
  header: string | null;
  /** A media header's image, video or document; null for a text header or none. */
  media: RenderedMedia | null;
  body: string;
  footer: string | null;
  buttons: RenderedButton[];
  /** A carousel's cards in order; empty for other templates. */
  cards: RenderedCard[];
  /** All of it as one text, as the customer saw it: header, body, footer, then `[button]` lines. */
  text: string;
}

/** What WhatsApp writes on a button whose label Meta sets itself. */
const FIXED_LABELS: Readonly<Record<string, string>> = { COPY_CODE: 'Copy offer code', OTP: 'Copy code' };

/**
 * A template message as the customer saw it: placeholders filled from the send's parameters
 * (positional by order, named by `parameter_name`), a media header as `[image]`, buttons listed
 * with what they carry, and a carousel's cards. A placeholder without a parameter stays as written.
 */
export function renderTemplate(spec: TemplateSpec, send: unknown): RenderedTemplate {
  const components = isJson(send) && Array.isArray(send.components) ? send.components.filter(isJson) : [];
  const named = templateExpectation(spec).named;
  const part = renderPart(spec, components, named);
  const footerComponent = specComponent(spec, 'FOOTER');
  const footer = footerComponent ? text(footerComponent) : null;

  const carousel = components.find((c) => typeof c.type === 'string' && c.type.toLowerCase() === 'carousel');
  const sentCards = Array.isArray(carousel?.cards) ? carousel.cards.filter(isJson) : [];
  const cards = (carouselCards(spec) ?? []).map((card, i): RenderedCard => {
    const sentCard = sentCards.find((c) => c.card_index === i);
    const rendered = renderPart(card, Array.isArray(sentCard?.components) ? sentCard.components.filter(isJson) : [], named);
    return { media: rendered.media, body: rendered.body === '' ? null : rendered.body, buttons: rendered.buttons };
  });

  const lines = [part.header, part.body, footer].filter((line): line is string => line !== null && line !== '');
  const cardLines = cards.map((card, i) =>
    [`Card ${i + 1}:`, card.media ? `[${card.media.type}]` : null, card.body, ...card.buttons.map((b) => `[${b.text}]`)].filter(Boolean).join(' '),
  );
  const all = [...lines, ...part.buttons.map((b) => `[${b.text}]`), ...cardLines].join('\n');
  return { header: part.header, media: part.media, body: part.body, footer, buttons: part.buttons, cards, text: all };
}

/** Header, body and buttons of one component list: the template's, or one carousel card's. */
function renderPart(spec: TemplateSpec, components: Json[], named: boolean) {
  const ofType = (type: string) => components.filter((c) => typeof c.type === 'string' && c.type.toLowerCase() === type);
  const paramsOf = (component: Json | undefined) => (Array.isArray(component?.parameters) ? component.parameters.filter(isJson) : []);

  const headerComponent = specComponent(spec, 'HEADER');
  let header: string | null = null;
  let media: RenderedMedia | null = null;
  if (headerComponent) {
    const format = (typeof headerComponent.format === 'string' ? headerComponent.format : 'TEXT').toLowerCase();
    header = format === 'text' ? fill(text(headerComponent), paramsOf(ofType('header')[0]), named) : `[${format}]`;
    const param = paramsOf(ofType('header')[0])[0];
    const object = param && isJson(param[format]) ? param[format] : null;
    if (format !== 'text' && object) media = { type: format, id: stringOr(object.id), link: stringOr(object.link) };
  }
  const body = fill(text(specComponent(spec, 'BODY')), paramsOf(ofType('body')[0]), named);
  const sentButtons = ofType('button');
  const buttons = specButtons(spec).map((b, index): RenderedButton => {
    const type = typeof b.type === 'string' ? b.type.toUpperCase() : '';
    const param = paramsOf(sentButtons.find((c) => String(c.index) === String(index)))[0];
    return { type, text: typeof b.text === 'string' && b.text !== '' ? b.text : (FIXED_LABELS[type] ?? type), value: buttonValue(type, b, param) };
  });
  return { header, media, body, buttons };
}

function buttonValue(type: string, button: Json, param: Json | undefined): string | null {
  switch (type) {
    case 'URL': {
      const url = stringOr(button.url);
      const suffix = stringOr(param?.text);
      return url && suffix !== null ? url.replace(/\{\{\s*[A-Za-z0-9_]+\s*\}\}/, suffix) : url;
    }
    case 'COPY_CODE':
      return stringOr(param?.coupon_code);
    case 'OTP':
      return stringOr(param?.text);
    case 'QUICK_REPLY':
      return stringOr(param?.payload);
    case 'PHONE_NUMBER':
      return stringOr(button.phone_number);
    default:
      return null;
  }
}

function stringOr(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function text(component: Json | undefined): string {
  return typeof component?.text === 'string' ? component.text : '';
}

function fill(template: string, params: Json[], named: boolean): string {
  const values = params.map(parameterText);
  return template.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, name: string) => {
    let value: string | undefined;
    if (named) {
      const i = params.findIndex((p) => p.parameter_name === name);
      value = i >= 0 ? values[i] : undefined;
    } else {
      value = values[Number(name) - 1];
    }
    return value ?? whole;
  });
}

/** The visible text of one parameter (text, currency, date_time, or the media kind). */
function parameterText(param: Json): string | undefined {
  const type = typeof param.type === 'string' ? param.type : 'text';
  if (type === 'text') return typeof param.text === 'string' ? param.text : undefined;
  const inner = param[type];
  if (isJson(inner) && typeof inner.fallback_value === 'string') return inner.fallback_value;
  return `[${type}]`;
}
