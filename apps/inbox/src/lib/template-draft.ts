import { checkTemplateDraft, templateVariables, variableFormat, type RenderedTemplate, type TemplateRuleProblem } from '@sendbook/api-contract';

/**
 * The template form as data: what the admin typed, the draft Meta takes (`POST /v1/templates`,
 * `PATCH /v1/templates/{id}`), a stored template read back into the form to edit it (`fromDraft`,
 * the inverse of `toDraft`), the refusals of Meta's rules (`checkTemplateDraft`, the same the API
 * runs) per form field, and the message as the customer will see it, the variables filled with
 * their examples.
 */
export type TemplateCategory = 'UTILITY' | 'MARKETING' | 'AUTHENTICATION';
export type HeaderKind = 'none' | 'text' | 'image' | 'video' | 'document';
export type DraftButtonType = 'QUICK_REPLY' | 'URL' | 'PHONE_NUMBER' | 'COPY_CODE' | 'OTP';

export interface DraftButton {
  type: DraftButtonType;
  text: string;
  url: string;
  /** A URL button's full example address, or a copy-code button's example code. */
  example: string;
  phone: string;
}

export interface DraftForm {
  name: string;
  category: TemplateCategory;
  language: string;
  headerKind: HeaderKind;
  headerText: string;
  headerExample: string;
  /** A media header's example: a link to a sample file (or an uploaded handle). */
  headerMedia: string;
  body: string;
  /** Example values by variable: `{'1': 'Pablo'}`. */
  bodyExamples: Record<string, string>;
  footer: string;
  buttons: DraftButton[];
  /** Authentication templates (Meta writes the words): the "do not share" advice, and the code's expiry in minutes ('' for none). */
  securityAdvice: boolean;
  codeExpiryMinutes: string;
}

export const emptyDraftForm = (): DraftForm => ({
  name: '',
  category: 'UTILITY',
  language: 'en',
  headerKind: 'none',
  headerText: '',
  headerExample: '',
  headerMedia: '',
  body: '',
  bodyExamples: {},
  footer: '',
  buttons: [],
  securityAdvice: true,
  codeExpiryMinutes: '',
});

export const emptyButton = (type: DraftButtonType): DraftButton => ({ type, text: '', url: '', example: '', phone: '' });

/** Distinct variables of the body in order (`1`, `2`), each needing an example. */
export function bodyVariables(body: string): string[] {
  return [...new Set(templateVariables(body))];
}

/** The next positional variable to insert: one past the highest used. */
export function nextVariable(body: string): string {
  const numbers = bodyVariables(body)
    .map(Number)
    .filter((n) => Number.isInteger(n));
  return `{{${numbers.length === 0 ? 1 : Math.max(...numbers) + 1}}}`;
}

/** The draft in Meta's create shape; examples named (`{{first_name}}`) or positional (`{{1}}`) as the variables are. */
export function toDraft(form: DraftForm) {
  const components: Record<string, unknown>[] = [];
  if (form.category === 'AUTHENTICATION') {
    const minutes = Number(form.codeExpiryMinutes);
    components.push({ type: 'BODY', add_security_recommendation: form.securityAdvice });
    if (form.codeExpiryMinutes.trim() !== '' && Number.isInteger(minutes)) components.push({ type: 'FOOTER', code_expiration_minutes: minutes });
    components.push({ type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE' }] });
    return { name: form.name.trim(), language: form.language.trim(), category: form.category, components };
  }
  const named = variableFormat([form.headerKind === 'text' ? form.headerText : '', form.body]) === 'NAMED';
  if (form.headerKind === 'text') {
    const variable = templateVariables(form.headerText)[0];
    const example =
      variable === undefined
        ? {}
        : { example: named ? { header_text_named_params: [{ param_name: variable, example: form.headerExample }] } : { header_text: [form.headerExample] } };
    components.push({ type: 'HEADER', format: 'TEXT', text: form.headerText, ...example });
  } else if (form.headerKind !== 'none') {
    components.push({ type: 'HEADER', format: form.headerKind.toUpperCase(), example: { header_handle: [form.headerMedia.trim()] } });
  }
  const variables = bodyVariables(form.body);
  const examples = named
    ? { body_text_named_params: variables.map((v) => ({ param_name: v, example: form.bodyExamples[v] ?? '' })) }
    : { body_text: [variables.map((v) => form.bodyExamples[v] ?? '')] };
  components.push({ type: 'BODY', text: form.body, ...(variables.length > 0 ? { example: examples } : {}) });
  if (form.footer.trim() !== '') components.push({ type: 'FOOTER', text: form.footer });
  if (form.buttons.length > 0) components.push({ type: 'BUTTONS', buttons: form.buttons.map(buttonOf) });
  return { name: form.name.trim(), language: form.language.trim(), category: form.category, components };
}

function buttonOf(b: DraftButton): Record<string, unknown> {
  switch (b.type) {
    case 'QUICK_REPLY':
      return { type: 'QUICK_REPLY', text: b.text };
    case 'URL':
      return { type: 'URL', text: b.text, url: b.url.trim(), ...(templateVariables(b.url).length > 0 ? { example: [b.example.trim()] } : {}) };
    case 'PHONE_NUMBER':
      return { type: 'PHONE_NUMBER', text: b.text, phone_number: b.phone.trim() };
    case 'COPY_CODE':
      return { type: 'COPY_CODE', example: b.example.trim() };
    case 'OTP':
      return { type: 'OTP', otp_type: 'COPY_CODE' };
  }
}

type Json = Record<string, unknown>;
const rec = (v: unknown): Json | null => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : null);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);
const componentsOf = (components: readonly unknown[]) => components.map(rec).filter((c): c is Json => c !== null);
const typeOf = (c: Json | null) => str(c?.type).toUpperCase();
const HEADER_KINDS: Record<string, HeaderKind> = { TEXT: 'text', IMAGE: 'image', VIDEO: 'video', DOCUMENT: 'document' };
const FORM_BUTTONS: readonly string[] = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'COPY_CODE', 'OTP'];
const CATEGORIES: readonly string[] = ['UTILITY', 'MARKETING', 'AUTHENTICATION'];

/**
 * A stored template (its components as Meta or Sendbook last had them) as the form, to edit it:
 * the inverse of `toDraft`. Examples are read positional (`body_text`) or named
 * (`body_text_named_params`); an authentication template's advice and expiry from what was
 * submitted (`add_security_recommendation`, `code_expiration_minutes`) or from the words Meta
 * lists for it ("do not share this code", "expires in 10 minutes"). What the form cannot hold is
 * left out here and named by `unsupportedParts`.
 */
export function fromDraft(draft: { name: string; language: string; category: string; components: readonly unknown[] }): DraftForm {
  const components = componentsOf(draft.components);
  const find = (type: string) => components.find((c) => typeOf(c) === type) ?? null;
  const category = draft.category.toUpperCase();
  const form: DraftForm = {
    ...emptyDraftForm(),
    name: draft.name,
    language: draft.language,
    category: (CATEGORIES.includes(category) ? category : 'UTILITY') as TemplateCategory,
  };
  const body = find('BODY');
  const footer = find('FOOTER');
  if (form.category === 'AUTHENTICATION') {
    const minutes = footer?.code_expiration_minutes ?? /expires in (\d+) minutes?/i.exec(str(footer?.text))?.[1];
    return {
      ...form,
      securityAdvice: body?.add_security_recommendation === true || /do not share this code/i.test(str(body?.text)),
      codeExpiryMinutes: typeof minutes === 'number' || typeof minutes === 'string' ? String(minutes) : '',
    };
  }
  const header = find('HEADER');
  const headerKind = header ? (HEADER_KINDS[str(header.format || 'TEXT').toUpperCase()] ?? 'none') : 'none';
  const headerExample = rec(header?.example);
  form.headerKind = headerKind;
  if (headerKind === 'text') {
    form.headerText = str(header?.text);
    form.headerExample = str(first(headerExample?.header_text)) || str(rec(first(headerExample?.header_text_named_params))?.example);
  } else if (headerKind !== 'none') form.headerMedia = str(first(headerExample?.header_handle));
  form.body = str(body?.text);
  const bodyExample = rec(body?.example);
  const positional = Array.isArray(first(bodyExample?.body_text)) ? (first(bodyExample?.body_text) as unknown[]) : [];
  const named = new Map(
    (Array.isArray(bodyExample?.body_text_named_params) ? bodyExample.body_text_named_params : []).map(rec).map((p) => [str(p?.param_name), str(p?.example)]),
  );
  for (const v of bodyVariables(form.body)) {
    const value = named.get(v) ?? str(positional[Number(v) - 1]);
    if (value !== '') form.bodyExamples[v] = value;
  }
  form.footer = str(footer?.text);
  const buttons = componentsOf(Array.isArray(find('BUTTONS')?.buttons) ? (find('BUTTONS')!.buttons as unknown[]) : []);
  form.buttons = buttons
    .filter((b) => FORM_BUTTONS.includes(typeOf(b)))
    .map((b) => ({
      ...emptyButton(typeOf(b) as DraftButtonType),
      text: typeOf(b) === 'COPY_CODE' || typeOf(b) === 'OTP' ? '' : str(b.text),
      url: str(b.url),
      phone: str(b.phone_number),
      example: str(first(b.example)),
    }));
  return form;
}

/**
 * The parts of a stored template the form cannot hold, in words ("a carousel", "a FLOW button"):
 * editing it here would drop them, so the edit page names them and sends the admin to WhatsApp
 * Manager instead. Empty when the form holds all of it.
 */
export function unsupportedParts(draft: { category: string; components: readonly unknown[] }): string[] {
  const parts: string[] = [];
  const add = (part: string) => {
    if (!parts.includes(part)) parts.push(part);
  };
  const auth = draft.category.toUpperCase() === 'AUTHENTICATION';
  if (!CATEGORIES.includes(draft.category.toUpperCase())) add(`the category ${draft.category}`);
  for (const c of componentsOf(draft.components)) {
    const type = typeOf(c);
    if (type === 'HEADER') {
      const format = str(c.format || 'TEXT').toUpperCase();
      if (!HEADER_KINDS[format]) add(`a ${format.toLowerCase()} header`);
    } else if (type === 'BUTTONS') {
      for (const b of componentsOf(Array.isArray(c.buttons) ? c.buttons : [])) {
        const button = typeOf(b);
        const otp = str(b.otp_type).toUpperCase();
        // Meta lists an authentication template's copy-code button as a URL button.
        if (auth && (button === 'URL' || (button === 'OTP' && (otp === '' || otp === 'COPY_CODE')))) continue;
        if (auth || button === 'OTP') add(button === 'OTP' ? `a ${otp.toLowerCase().replace(/_/g, '-')} one-time password button` : `a ${button} button`);
        else if (!FORM_BUTTONS.includes(button)) add(`a ${button} button`);
      }
    } else if (type === 'CAROUSEL') add('a carousel');
    else if (type === 'LIMITED_TIME_OFFER') add('a limited-time offer');
    else if (type !== 'BODY' && type !== 'FOOTER') add(`a ${type || 'nameless'} component`);
  }
  return parts;
}

/** Meta's rules' refusals keyed by the draft's field (`name`, `body.example`, `buttons[0].text`); several join with a space. */
export function draftProblems(form: DraftForm): Record<string, string> {
  return problemsByField(checkTemplateDraft(toDraft(form)));
}

export function problemsByField(problems: readonly TemplateRuleProblem[]): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const p of problems) byField[p.field] = byField[p.field] ? `${byField[p.field]}; ${p.message}` : p.message;
  return byField;
}

const fill = (text: string, values: (name: string) => string | undefined) =>
  text.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (whole, name: string) => {
    const value = values(name)?.trim();
    return value ? value : whole;
  });

/** The message as the customer will see it: each variable replaced by its example (left as written without one). */
export function draftPreview(form: DraftForm): RenderedTemplate {
  if (form.category === 'AUTHENTICATION') {
    const body = `123456 is your verification code.${form.securityAdvice ? ' For your security, do not share this code.' : ''}`;
    const footer = form.codeExpiryMinutes.trim() === '' ? null : `This code expires in ${form.codeExpiryMinutes.trim()} minutes.`;
    return {
      header: null,
      media: null,
      body,
      footer,
      buttons: [{ type: 'OTP', text: 'Copy code', value: null }],
      cards: [],
      text: [body, footer, '[Copy code]'].filter(Boolean).join('\n'),
    };
  }
  const header = form.headerKind === 'text' && form.headerText.trim() !== '' ? fill(form.headerText, () => form.headerExample) : null;
  const media =
    form.headerKind === 'image' || form.headerKind === 'video' || form.headerKind === 'document'
      ? { type: form.headerKind, id: null, link: form.headerMedia.trim() || null }
      : null;
  const body = fill(form.body, (name) => form.bodyExamples[name]);
  const footer = form.footer.trim() === '' ? null : form.footer;
  const buttons = form.buttons.map((b) => ({
    type: b.type,
    text: b.type === 'COPY_CODE' ? 'Copy offer code' : b.type === 'OTP' ? 'Copy code' : b.text || '(no label yet)',
    value:
      b.type === 'URL'
        ? templateVariables(b.url).length > 0
          ? b.example.trim() || b.url
          : b.url || null
        : b.type === 'PHONE_NUMBER'
          ? b.phone || null
          : b.type === 'COPY_CODE'
            ? b.example || null
            : null,
  }));
  const text = [header, body, footer, ...buttons.map((b) => `[${b.text}]`)].filter(Boolean).join('\n');
  return { header, media, body, footer, buttons, cards: [], text };
}
