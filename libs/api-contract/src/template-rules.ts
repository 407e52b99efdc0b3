/**
 * Meta's rules for a message template submitted for review (`POST /{waba_id}/message_templates`),
 * as pure functions: the API refuses a draft that breaks them before calling Meta, and the inbox's
 * form shows the same refusals as the admin types. One source of truth, here in the contract
 * package because the inbox may import nothing else of the workspace.
 *
 * A draft is Meta's own create body: `{name, language, category, parameter_format?, components}`,
 * components `HEADER` (TEXT with at most one variable, or IMAGE/VIDEO/DOCUMENT with an example
 * handle or link), `BODY` (required), `FOOTER`, `BUTTONS`. Each problem names its field:
 * `name`, `category`, `language`, `header.text`, `header.example`, `body.text`, `body.example`,
 * `footer.text`, `buttons`, `buttons[i].text`, `buttons[i].url`, `buttons[i].example`,
 * `buttons[i].phone_number`, `components`.
 */

export interface TemplateRuleProblem {
  field: string;
  message: string;
}

export const TEMPLATE_CATEGORIES = ['UTILITY', 'MARKETING', 'AUTHENTICATION'] as const;
export const TEMPLATE_HEADER_FORMATS = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT'] as const;
export const TEMPLATE_BUTTON_TYPES = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'COPY_CODE', 'OTP'] as const;

/** Meta's limits (WhatsApp Business Management API, message templates). */
export const TEMPLATE_LIMITS = {
  name: 512,
  headerText: 60,
  bodyText: 1024,
  footerText: 60,
  buttonText: 25,
  buttons: 10,
  quickReplies: 10,
  urlButtons: 2,
  phoneButtons: 1,
  copyCodeButtons: 1,
  couponCode: 15,
  url: 2000,
} as const;

const NAME = /^[a-z0-9_]+$/;
const LANGUAGE = /^[a-z]{2,3}(_[A-Z]{2})?$/;
const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;
const POSITIONAL_NAME = /^[1-9][0-9]*$/;
const NAMED_NAME = /^[a-z][a-z0-9_]*$/;
const PHONE = /^\+?[1-9][0-9]{6,14}$/;

type Json = Record<string, unknown>;
const rec = (v: unknown): Json | null => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The variables of a text in order of appearance (`1`, `first_name`), repeats included. */
export function templateVariables(text: string): string[] {
  return [...text.matchAll(VARIABLE)].map((m) => m[1] ?? '');
}

/** Which parameter style a text uses: POSITIONAL when none. */
export function variableFormat(texts: readonly string[]): 'POSITIONAL' | 'NAMED' {
  const all = texts.flatMap(templateVariables);
  return all.length > 0 && all.every((v) => NAMED_NAME.test(v)) ? 'NAMED' : 'POSITIONAL';
}

/** The component of that type, or null. */
export function draftComponent(draft: Json, type: string): Json | null {
  const components = Array.isArray(draft.components) ? draft.components : [];
  return components.map(rec).find((c) => c !== null && str(c.type)?.toUpperCase() === type) ?? null;
}

/** Every problem with a template draft, each naming its field; none means Meta's format rules are met. */
export function checkTemplateDraft(input: unknown): TemplateRuleProblem[] {
  const draft = rec(input);
  if (!draft) return [{ field: 'template', message: 'must be an object' }];
  const problems: TemplateRuleProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });

  const name = str(draft.name);
  if (!name) add('name', 'is required');
  else if (name.length > TEMPLATE_LIMITS.name) add('name', `must be at most ${TEMPLATE_LIMITS.name} characters`);
  else if (!NAME.test(name)) add('name', 'may hold only lowercase letters, digits and underscores');

  const language = str(draft.language);
  if (!language) add('language', 'is required');
  else if (!LANGUAGE.test(language)) add('language', 'must be a language code such as en or en_US');

  const category = str(draft.category)?.toUpperCase() ?? '';
  if (!(TEMPLATE_CATEGORIES as readonly string[]).includes(category)) add('category', 'must be UTILITY, MARKETING or AUTHENTICATION');

  const components = Array.isArray(draft.components) ? draft.components : null;
  if (!components) return [...problems, { field: 'components', message: 'must be a list' }];
  const seen = new Set<string>();
  for (const [i, c] of components.entries()) {
    const type = str(rec(c)?.type)?.toUpperCase() ?? '';
    if (!['HEADER', 'BODY', 'FOOTER', 'BUTTONS'].includes(type)) add(`components[${i}].type`, 'must be HEADER, BODY, FOOTER or BUTTONS');
    else if (seen.has(type)) add(`components[${i}].type`, `${type} may appear only once`);
    seen.add(type);
  }

  const declared = str(draft.parameter_format)?.toUpperCase() ?? null;
  if (declared !== null && declared !== 'POSITIONAL' && declared !== 'NAMED') add('parameter_format', 'must be POSITIONAL or NAMED');
  const header = draftComponent(draft, 'HEADER');
  const body = draftComponent(draft, 'BODY');
  const texts = [str(header?.text) ?? '', str(body?.text) ?? ''];
  const format = declared === 'NAMED' || declared === 'POSITIONAL' ? declared : variableFormat(texts);

  const footer = draftComponent(draft, 'FOOTER');
  const buttons = draftComponent(draft, 'BUTTONS');
  if (category === 'AUTHENTICATION') {
    // Meta writes an authentication template's words ("{{1}} is your verification code."): only
    // the security advice, the code's expiry and one OTP button are chosen.
    if (header) add('header', 'authentication templates have no header');
    if (str(body?.text)) add('body.text', "Meta writes an authentication template's text: leave the body empty");
    if (str(footer?.text)) add('footer.text', "an authentication template's footer is the code's expiry, which Meta writes");
    const minutes = footer?.code_expiration_minutes;
    if (minutes !== undefined && !(typeof minutes === 'number' && Number.isInteger(minutes) && minutes >= 1 && minutes <= 90))
      add('footer.code_expiration_minutes', 'must be a whole number of minutes from 1 to 90');
    const types = (Array.isArray(buttons?.buttons) ? buttons.buttons : []).map((b) => str(rec(b)?.type)?.toUpperCase());
    if (types.length !== 1 || types[0] !== 'OTP') add('buttons', 'an authentication template has exactly one OTP (copy code) button');
    return problems;
  }

  if (header) checkHeader(header, format, add);
  if (!body) add('body.text', 'is required');
  else checkBody(body, format, add);

  if (footer) {
    const text = str(footer.text) ?? '';
    if (text.trim() === '') add('footer.text', 'must not be empty (leave the footer out instead)');
    else if (text.length > TEMPLATE_LIMITS.footerText) add('footer.text', `must be at most ${TEMPLATE_LIMITS.footerText} characters`);
    else if (templateVariables(text).length > 0) add('footer.text', 'may not hold variables');
  }

  if (buttons) checkButtons(buttons, add);
  if (Array.isArray(buttons?.buttons) && buttons.buttons.some((b) => str(rec(b)?.type)?.toUpperCase() === 'OTP'))
    add('buttons', 'OTP buttons belong to authentication templates only');
  return problems;
}

type Add = (field: string, message: string) => void;

function checkVariables(at: string, text: string, format: 'POSITIONAL' | 'NAMED', add: Add): string[] {
  const names = templateVariables(text);
  const distinct = [...new Set(names)];
  for (const v of distinct) {
    if (format === 'POSITIONAL' && !POSITIONAL_NAME.test(v)) {
      add(at, `{{${v}}} is not a positional variable: use {{1}}, {{2}}, … (or only named ones such as {{first_name}})`);
      return distinct;
    }
    if (format === 'NAMED' && !NAMED_NAME.test(v)) {
      add(at, `{{${v}}} is not a named variable: use lowercase letters, digits and underscores, starting with a letter`);
      return distinct;
    }
  }
  if (format === 'POSITIONAL') {
    const numbers = distinct.map(Number).sort((a, b) => a - b);
    if (numbers.some((n, i) => n !== i + 1)) add(at, 'positional variables must be numbered in sequence from {{1}}');
  }
  if (/[{}]/.test(text.replace(VARIABLE, ''))) add(at, 'has a brace that is not part of a {{variable}}');
  return distinct;
}

function checkHeader(header: Json, format: 'POSITIONAL' | 'NAMED', add: Add): void {
  const kind = str(header.format)?.toUpperCase() ?? 'TEXT';
  const example = rec(header.example);
  if (!(TEMPLATE_HEADER_FORMATS as readonly string[]).includes(kind)) {
    add('header.format', 'must be TEXT, IMAGE, VIDEO or DOCUMENT');
    return;
  }
  if (kind !== 'TEXT') {
    const handle = Array.isArray(example?.header_handle) ? str(example.header_handle[0]) : null;
    if (!handle || handle.trim() === '') add('header.example', `a ${kind.toLowerCase()} header needs an example: an uploaded media handle or a link`);
    return;
  }
  const text = str(header.text) ?? '';
  if (text.trim() === '') return add('header.text', 'must not be empty (choose no header instead)');
  if (text.length > TEMPLATE_LIMITS.headerText) add('header.text', `must be at most ${TEMPLATE_LIMITS.headerText} characters`);
  // The underscore of a named variable ({{first_name}}) is not formatting.
  const words = text.replace(VARIABLE, '');
  if (/[\n*_~]/.test(words) || /\p{Extended_Pictographic}/u.test(words)) add('header.text', 'may not hold new lines, formatting or emoji');
  const names = checkVariables('header.text', text, format, add);
  if (names.length > 1) add('header.text', 'may hold at most one variable');
  if (names.length === 1) {
    const given =
      format === 'NAMED'
        ? (Array.isArray(example?.header_text_named_params) ? example.header_text_named_params : []).map((p) => str(rec(p)?.example))
        : (Array.isArray(example?.header_text) ? example.header_text : []).map(str);
    if (!given[0] || given[0].trim() === '') add('header.example', `{{${names[0]}}} needs an example value`);
  }
}

function checkBody(body: Json, format: 'POSITIONAL' | 'NAMED', add: Add): void {
  const text = str(body.text) ?? '';
  if (text.trim() === '') return add('body.text', 'is required');
  if (text.length > TEMPLATE_LIMITS.bodyText) add('body.text', `must be at most ${TEMPLATE_LIMITS.bodyText} characters`);
  const names = checkVariables('body.text', text, format, add);
  if (names.length === 0) return;
  const trimmed = text.trim();
  if (/^\{\{[^{}]*\}\}/.test(trimmed) || /\{\{[^{}]*\}\}$/.test(trimmed))
    add('body.text', 'a variable may not start or end the body: put words before and after it');
  const example = rec(body.example);
  if (format === 'NAMED') {
    const given = new Map<string, string>();
    for (const p of Array.isArray(example?.body_text_named_params) ? example.body_text_named_params : []) {
      const param = rec(p);
      const paramName = str(param?.param_name);
      if (paramName) given.set(paramName, str(param?.example) ?? '');
    }
    for (const n of names) if (!given.get(n)?.trim()) add('body.example', `{{${n}}} needs an example value`);
    return;
  }
  const rows = Array.isArray(example?.body_text) ? example.body_text : [];
  const values = Array.isArray(rows[0]) ? rows[0].map(str) : [];
  for (const n of names) if (!values[Number(n) - 1]?.trim()) add('body.example', `{{${n}}} needs an example value`);
  if (values.length > names.length) add('body.example', `has ${values.length} example values for ${names.length} variables`);
}

function checkButtons(component: Json, add: Add): void {
  const list = Array.isArray(component.buttons) ? component.buttons.map(rec) : null;
  if (!list || list.length === 0) return add('buttons', 'must hold at least one button (or leave the buttons out)');
  if (list.length > TEMPLATE_LIMITS.buttons) add('buttons', `at most ${TEMPLATE_LIMITS.buttons} buttons`);
  const count = (type: string) => list.filter((b) => str(b?.type)?.toUpperCase() === type).length;
  if (count('QUICK_REPLY') > TEMPLATE_LIMITS.quickReplies) add('buttons', `at most ${TEMPLATE_LIMITS.quickReplies} quick replies`);
  if (count('URL') > TEMPLATE_LIMITS.urlButtons) add('buttons', `at most ${TEMPLATE_LIMITS.urlButtons} URL buttons`);
  if (count('PHONE_NUMBER') > TEMPLATE_LIMITS.phoneButtons) add('buttons', `at most ${TEMPLATE_LIMITS.phoneButtons} phone number button`);
  if (count('COPY_CODE') > TEMPLATE_LIMITS.copyCodeButtons) add('buttons', `at most ${TEMPLATE_LIMITS.copyCodeButtons} copy code button`);
  // Quick replies and the other buttons may be mixed, but each kind must sit together.
  const kinds = list.map((b) => (str(b?.type)?.toUpperCase() === 'QUICK_REPLY' ? 'q' : 'c')).join('');
  if (/q+c+q|c+q+c/.test(kinds)) add('buttons', 'keep quick replies together, before or after the other buttons');

  const labels = new Set<string>();
  for (const [i, button] of list.entries()) {
    const at = `buttons[${i}]`;
    const type = str(button?.type)?.toUpperCase() ?? '';
    if (!(TEMPLATE_BUTTON_TYPES as readonly string[]).includes(type)) {
      add(`${at}.type`, 'must be QUICK_REPLY, URL, PHONE_NUMBER, COPY_CODE or OTP');
      continue;
    }
    if (type === 'COPY_CODE') {
      const code = str(button?.example) ?? (Array.isArray(button?.example) ? str(button.example[0]) : null);
      if (!code || code.trim() === '') add(`${at}.example`, 'needs an example code');
      else if (code.length > TEMPLATE_LIMITS.couponCode) add(`${at}.example`, `must be at most ${TEMPLATE_LIMITS.couponCode} characters`);
      continue;
    }
    if (type === 'OTP') continue;
    const text = str(button?.text) ?? '';
    if (text.trim() === '') add(`${at}.text`, 'is required');
    else if (text.length > TEMPLATE_LIMITS.buttonText) add(`${at}.text`, `must be at most ${TEMPLATE_LIMITS.buttonText} characters`);
    else if (templateVariables(text).length > 0) add(`${at}.text`, 'may not hold variables');
    else if (labels.has(text.trim().toLowerCase())) add(`${at}.text`, 'two buttons may not have the same text');
    labels.add(text.trim().toLowerCase());
    if (type === 'URL') checkUrlButton(button ?? {}, at, add);
    if (type === 'PHONE_NUMBER') {
      const phone = (str(button?.phone_number) ?? '').replace(/[\s-]/g, '');
      if (!PHONE.test(phone)) add(`${at}.phone_number`, 'must be a phone number with its country code, such as +15550783881');
    }
  }
}

function checkUrlButton(button: Json, at: string, add: Add): void {
  const url = str(button.url) ?? '';
  if (url.length > TEMPLATE_LIMITS.url) return add(`${at}.url`, `must be at most ${TEMPLATE_LIMITS.url} characters`);
  const names = templateVariables(url);
  const base = url.replace(VARIABLE, '');
  if (!/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(base)) return add(`${at}.url`, 'must be a web address starting with https:// or http://');
  if (names.length === 0) return;
  if (names.length > 1 || names[0] !== '1' || !/\{\{\s*1\s*\}\}$/.test(url)) return add(`${at}.url`, 'may hold one variable, {{1}}, only at the end');
  const example = Array.isArray(button.example) ? str(button.example[0]) : str(button.example);
  if (!example || !/^https?:\/\//i.test(example)) add(`${at}.example`, 'needs an example: the full address with the variable filled in');
}

const DAY_MS = 24 * 3600_000;

/**
 * What Meta lets an edit change (`POST /{template_id}`): only templates APPROVED, REJECTED or
 * PAUSED; an approved template's category stays; an approved template at most once in 24 hours
 * and 10 times in 30 days (rejected and paused ones without limit). `edits`: when it was edited
 * while approved, any order. Returns the refusal, or null; an `edit_limit` refusal says `until`
 * when the limit lets the next edit through.
 */
export function templateEditRefusal(
  template: { status: string; category: string },
  change: { category?: string | null },
  edits: readonly Date[],
  now: Date,
): { code: 'not_editable' | 'category_locked' | 'edit_limit'; message: string; until?: Date } | null {
  const status = template.status.toUpperCase();
  if (!['APPROVED', 'REJECTED', 'PAUSED'].includes(status))
    return { code: 'not_editable', message: `a ${status} template cannot be edited: Meta allows editing approved, rejected or paused templates` };
  if (status !== 'APPROVED') return null;
  if (change.category && change.category.toUpperCase() !== template.category.toUpperCase())
    return { code: 'category_locked', message: "an approved template's category cannot be changed" };
  // Newest first: the edits still counted in each window, and the one whose ageing out frees it.
  const within = (ms: number) =>
    edits
      .map((d) => d.getTime())
      .filter((t) => now.getTime() - t < ms)
      .sort((a, b) => b - a);
  const day = within(DAY_MS);
  if (day.length >= 1) return { code: 'edit_limit', message: 'an approved template may be edited once in 24 hours', until: new Date(day[0]! + DAY_MS) };
  const month = within(30 * DAY_MS);
  if (month.length >= 10)
    return { code: 'edit_limit', message: 'an approved template may be edited 10 times in 30 days', until: new Date(month[9]! + 30 * DAY_MS) };
  return null;
}
