import { checkTemplateDraft, templateVariables, type RenderedTemplate, type TemplateRuleProblem } from '@sendbook/api-contract';

/**
 * The new-template form as data: what the admin typed, the draft Meta takes (`POST /v1/templates`),
 * the refusals of Meta's rules (`checkTemplateDraft`, the same the API runs) per form field, and
 * the message as the customer will see it, the variables filled with their examples.
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

/** The draft in Meta's create shape. */
export function toDraft(form: DraftForm) {
  const components: Record<string, unknown>[] = [];
  if (form.category === 'AUTHENTICATION') {
    const minutes = Number(form.codeExpiryMinutes);
    components.push({ type: 'BODY', add_security_recommendation: form.securityAdvice });
    if (form.codeExpiryMinutes.trim() !== '' && Number.isInteger(minutes)) components.push({ type: 'FOOTER', code_expiration_minutes: minutes });
    components.push({ type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE' }] });
    return { name: form.name.trim(), language: form.language.trim(), category: form.category, components };
  }
  if (form.headerKind === 'text') {
    const hasVariable = templateVariables(form.headerText).length > 0;
    components.push({ type: 'HEADER', format: 'TEXT', text: form.headerText, ...(hasVariable ? { example: { header_text: [form.headerExample] } } : {}) });
  } else if (form.headerKind !== 'none') {
    components.push({ type: 'HEADER', format: form.headerKind.toUpperCase(), example: { header_handle: [form.headerMedia.trim()] } });
  }
  const variables = bodyVariables(form.body);
  components.push({
    type: 'BODY',
    text: form.body,
    ...(variables.length > 0 ? { example: { body_text: [variables.map((v) => form.bodyExamples[v] ?? '')] } } : {}),
  });
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
