// A template as the registry knows it (Meta's `GET /{waba_id}/message_templates` shape), and what a
// send of it must supply. Pure: no framework, no I/O.

export interface TemplateSpec {
  name: string;
  language: string;
  status: string;
  /** NAMED templates use `{{first_name}}` and `parameter_name` at send time; POSITIONAL use `{{1}}` and order. */
  parameterFormat?: string | null;
  /** Meta's components: `{type: HEADER|BODY|FOOTER|BUTTONS, format?, text?, buttons?}`. */
  components: readonly unknown[];
}

export type HeaderExpectation = { kind: 'none' } | { kind: 'text'; names: string[] } | { kind: 'media'; format: 'image' | 'video' | 'document' | 'location' };

export interface ButtonExpectation {
  index: number;
  type: string;
  text: string;
  /** Placeholders in a URL button's url (one parameter at send time); none for the others. */
  names: string[];
}

export interface TemplateExpectation {
  named: boolean;
  header: HeaderExpectation;
  body: string[];
  buttons: ButtonExpectation[];
}

type Json = Record<string, unknown>;

export function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Distinct placeholders (`{{1}}`, `{{first_name}}`) in order of first appearance. */
export function templatePlaceholders(text: string | undefined | null): string[] {
  if (!text) return [];
  const names: string[] = [];
  for (const match of text.matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g)) {
    const name = match[1];
    if (name !== undefined && !names.includes(name)) names.push(name);
  }
  return names;
}

/** The first component of that type (`HEADER`, `BODY`, `FOOTER`, `BUTTONS`), case-insensitive. */
export function specComponent(spec: TemplateSpec, type: string): Json | undefined {
  return spec.components.filter(isJson).find((c) => str(c.type)?.toUpperCase() === type);
}

export function specButtons(spec: TemplateSpec): Json[] {
  const buttons = specComponent(spec, 'BUTTONS')?.buttons;
  return Array.isArray(buttons) ? buttons.filter(isJson) : [];
}

/** What a send of this template must supply, component by component. */
export function templateExpectation(spec: TemplateSpec): TemplateExpectation {
  const header = specComponent(spec, 'HEADER');
  let headerExpectation: HeaderExpectation = { kind: 'none' };
  if (header) {
    const format = (str(header.format) ?? 'TEXT').toUpperCase();
    if (format === 'TEXT') {
      const names = templatePlaceholders(str(header.text));
      if (names.length > 0) headerExpectation = { kind: 'text', names };
    } else {
      headerExpectation = { kind: 'media', format: format.toLowerCase() as 'image' | 'video' | 'document' | 'location' };
    }
  }
  return {
    named: spec.parameterFormat?.toUpperCase() === 'NAMED',
    header: headerExpectation,
    body: templatePlaceholders(str(specComponent(spec, 'BODY')?.text)),
    buttons: specButtons(spec).map((b, index) => ({
      index,
      type: (str(b.type) ?? '').toUpperCase(),
      text: str(b.text) ?? '',
      names: buttonParameterNames(b),
    })),
  };
}

/** What a button takes at send time: a URL button its placeholder, a copy-code button the coupon, an OTP button the code. */
function buttonParameterNames(button: Json): string[] {
  const type = (str(button.type) ?? '').toUpperCase();
  if (type === 'URL') return templatePlaceholders(str(button.url));
  if (type === 'COPY_CODE') return ['coupon_code'];
  if (type === 'OTP') return ['code'];
  return [];
}

/** A carousel template's cards, each as a spec of its own header and buttons (Meta's `CAROUSEL.cards[].components`). */
export function carouselCards(spec: TemplateSpec): TemplateSpec[] | null {
  const cards = specComponent(spec, 'CAROUSEL')?.cards;
  if (!Array.isArray(cards)) return null;
  return cards.filter(isJson).map((card) => ({ ...spec, components: Array.isArray(card.components) ? card.components : [] }));
}
