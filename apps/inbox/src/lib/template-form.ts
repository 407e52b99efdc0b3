import type { Template } from '@sendbook/api-contract';
import { z } from 'zod';

/**
 * A template send as a form: one input per parameter the template needs (its header's, body's and
 * URL buttons' placeholders, or the media its header shows), the rules each value must meet, the
 * send object the API takes, and a preview of what the customer will see. The rules mirror the
 * registry check the API runs before queueing (libs/queue match-template) and the limits Meta
 * puts on parameter text, so an invalid send is stopped in the form, not at send time.
 */
export type FieldKind = 'text' | 'media';
export type MediaFormat = 'image' | 'video' | 'document';

export interface TemplateField {
  /** The form key: `header:first_name`, `body:1`, `button:0:1`, `header:media` (no dots: form libraries read a dot as nesting). */
  readonly key: string;
  readonly component: 'header' | 'body' | 'button';
  readonly kind: FieldKind;
  /** The placeholder's name (`1`, `first_name`); for media, the format. */
  readonly placeholder: string;
  readonly label: string;
  readonly example: string | null;
  readonly mediaFormat?: MediaFormat;
  readonly buttonIndex?: number;
  /** What the button takes: a URL's suffix, a copy-code button's coupon, an OTP button's code. */
  readonly buttonType?: 'URL' | 'COPY_CODE' | 'OTP';
}

export type TemplateValues = Record<string, string>;

export interface TemplatePreview {
  readonly header: string | null;
  /** For a media header: what it shows, since the preview does not fetch it. */
  readonly headerMedia: MediaFormat | null;
  readonly body: string;
  readonly footer: string | null;
  readonly buttons: readonly { readonly type: string; readonly text: string }[];
}

type Json = Record<string, unknown>;
const rec = (v: unknown): Json | null => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Meta refuses parameter text with a new line or tab, or with more than four spaces in a row (#132018). */
const PARAM_SHAPE = /^(?!.*[\n\t])(?!.* {5,}).*$/s;
/** A text header holds at most 60 characters; the body's parameters have Meta's 1,024 each. */
const HEADER_PARAM_MAX = 60;
const BODY_PARAM_MAX = 1024;
/** Meta's limit on a copy-code button's coupon. */
const COUPON_MAX = 15;

export function componentOf(template: Pick<Template, 'components'>, type: string): Json | null {
  return template.components.map(rec).find((c) => c !== null && str(c.type)?.toUpperCase() === type) ?? null;
}

/** Distinct placeholders in order of first appearance, as the registry reads them. */
export function placeholders(text: string | null): string[] {
  if (!text) return [];
  const names: string[] = [];
  for (const match of text.matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g)) if (match[1] && !names.includes(match[1])) names.push(match[1]);
  return names;
}

export function isNamed(template: Pick<Template, 'parameter_format'>): boolean {
  return template.parameter_format?.toUpperCase() === 'NAMED';
}

export function templateFields(template: Pick<Template, 'components' | 'parameter_format'>): TemplateField[] {
  const fields: TemplateField[] = [];
  const header = componentOf(template, 'HEADER');
  if (header) {
    const format = (str(header.format) ?? 'TEXT').toUpperCase();
    if (format === 'TEXT') {
      const examples = exampleValues(header, 'header', template);
      placeholders(str(header.text)).forEach((name, i) =>
        fields.push({ key: `header:${name}`, component: 'header', kind: 'text', placeholder: name, label: `Header {{${name}}}`, example: examples[i] ?? null }),
      );
    } else if (format === 'IMAGE' || format === 'VIDEO' || format === 'DOCUMENT') {
      const mediaFormat = format.toLowerCase() as MediaFormat;
      fields.push({
        key: 'header:media',
        component: 'header',
        kind: 'media',
        placeholder: mediaFormat,
        label: `Header ${mediaFormat} link`,
        example: 'https://',
        mediaFormat,
      });
    }
  }
  const body = componentOf(template, 'BODY');
  const bodyExamples = body ? exampleValues(body, 'body', template) : [];
  placeholders(str(body?.text) ?? null).forEach((name, i) =>
    fields.push({ key: `body:${name}`, component: 'body', kind: 'text', placeholder: name, label: `Body {{${name}}}`, example: bodyExamples[i] ?? null }),
  );
  buttonsOf(template).forEach((button, index) => {
    const type = (str(button.type) ?? '').toUpperCase();
    // A copy-code button copies the coupon given at send time; an OTP button the one-time code.
    if (type === 'COPY_CODE') {
      const example = str(button.example) ?? (Array.isArray(button.example) ? str(button.example[0]) : null);
      fields.push({
        key: `button:${index}:coupon_code`,
        component: 'button',
        kind: 'text',
        placeholder: 'coupon_code',
        label: 'Button “Copy offer code” coupon',
        example,
        buttonIndex: index,
        buttonType: 'COPY_CODE',
      });
      return;
    }
    if (type === 'OTP') {
      fields.push({
        key: `button:${index}:code`,
        component: 'button',
        kind: 'text',
        placeholder: 'code',
        label: `Button “${str(button.text) ?? 'Copy code'}” one-time code`,
        example: null,
        buttonIndex: index,
        buttonType: 'OTP',
      });
      return;
    }
    if (type !== 'URL') return;
    const name = placeholders(str(button.url))[0];
    if (!name) return;
    const example = Array.isArray(button.example) ? str(button.example[0]) : null;
    fields.push({
      key: `button:${index}:${name}`,
      component: 'button',
      kind: 'text',
      placeholder: name,
      label: `Button “${str(button.text) ?? index + 1}” link {{${name}}}`,
      example: example ? (example.split('/').pop() ?? null) : null,
      buttonIndex: index,
      buttonType: 'URL',
    });
  });
  return fields;
}

/** The zod schema the form validates with: every field required, each with its rule, named in its message. */
export function templateSchema(fields: readonly TemplateField[]) {
  const shape: Record<string, z.ZodType<string>> = {};
  for (const field of fields)
    shape[field.key] = z.string().superRefine((value, ctx) => {
      const problem = fieldProblem(field, value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
  return z.object(shape);
}

/** The first rule `value` breaks, in words that name the field; null when it is fine. */
export function fieldProblem(field: TemplateField, value: string): string | null {
  const label = field.label;
  if (value.trim() === '') return field.kind === 'media' ? `${label}: needed (the template shows a ${field.mediaFormat} in its header)` : `${label}: needed`;
  if (field.kind === 'media') return /^https:\/\/[^\s/]+\.[^\s]+$/.test(value.trim()) ? null : `${label}: must be an https:// link WhatsApp can fetch`;
  if (!PARAM_SHAPE.test(value)) return `${label}: no new lines, tabs or more than four spaces in a row (WhatsApp refuses them)`;
  const max = field.component === 'header' ? HEADER_PARAM_MAX : field.buttonType === 'COPY_CODE' ? COUPON_MAX : BODY_PARAM_MAX;
  if (value.length > max) return `${label}: at most ${max} characters`;
  if (field.component === 'button' && /\s/.test(value))
    return field.buttonType === 'URL' ? `${label}: a link part cannot contain spaces` : `${label}: cannot contain spaces`;
  return null;
}

export function emptyValues(fields: readonly TemplateField[]): TemplateValues {
  return Object.fromEntries(fields.map((f) => [f.key, '']));
}

/** The `template` object of a send (`POST /v1/conversations/{id}/replies`), from valid values. */
export function templateSend(template: Pick<Template, 'name' | 'language' | 'components' | 'parameter_format'>, values: TemplateValues): Json {
  const fields = templateFields(template);
  const named = isNamed(template);
  const text = (field: TemplateField) => ({ type: 'text', text: values[field.key] ?? '', ...(named ? { parameter_name: field.placeholder } : {}) });
  const components: Json[] = [];
  const header = fields.filter((f) => f.component === 'header');
  if (header.length > 0) {
    const media = header.find((f) => f.kind === 'media');
    components.push({
      type: 'header',
      parameters: media ? [{ type: media.mediaFormat, [media.mediaFormat!]: { link: (values[media.key] ?? '').trim() } }] : header.map(text),
    });
  }
  const body = fields.filter((f) => f.component === 'body');
  if (body.length > 0) components.push({ type: 'body', parameters: body.map(text) });
  for (const field of fields.filter((f) => f.component === 'button')) {
    const value = values[field.key] ?? '';
    components.push(
      field.buttonType === 'COPY_CODE'
        ? { type: 'button', sub_type: 'copy_code', index: String(field.buttonIndex), parameters: [{ type: 'coupon_code', coupon_code: value }] }
        : { type: 'button', sub_type: 'url', index: String(field.buttonIndex), parameters: [{ type: 'text', text: value }] },
    );
  }
  return { name: template.name, language: { code: template.language }, ...(components.length > 0 ? { components } : {}) };
}

/** What the customer will see, filled as far as the values go (a missing value keeps its `{{name}}`). */
export function templatePreview(template: Pick<Template, 'components' | 'parameter_format'>, values: TemplateValues): TemplatePreview {
  const fill = (text: string | null, component: string) =>
    (text ?? '').replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, name: string) => {
      const value = values[`${component}:${name}`];
      return value && value.length > 0 ? value : whole;
    });
  const header = componentOf(template, 'HEADER');
  const format = (str(header?.format) ?? 'TEXT').toUpperCase();
  const footer = componentOf(template, 'FOOTER');
  return {
    header: header && format === 'TEXT' ? fill(str(header.text), 'header') : null,
    headerMedia: header && ['IMAGE', 'VIDEO', 'DOCUMENT'].includes(format) ? (format.toLowerCase() as MediaFormat) : null,
    body: fill(str(componentOf(template, 'BODY')?.text), 'body'),
    footer: str(footer?.text),
    buttons: buttonsOf(template).map((b) => ({
      type: (str(b.type) ?? '').toUpperCase(),
      text: str(b.text) ?? ((str(b.type) ?? '').toUpperCase() === 'COPY_CODE' ? 'Copy offer code' : ''),
    })),
  };
}

/** Templates an agent may send: approved ones, by name then language. */
export function sendableTemplates<T extends Pick<Template, 'status' | 'name' | 'language' | 'components'>>(templates: readonly T[]): T[] {
  // A carousel needs each card's media and buttons, which this form does not ask for: those go through the API.
  return templates
    .filter((t) => t.status.toUpperCase() === 'APPROVED' && !componentOf(t, 'CAROUSEL'))
    .sort((a, b) => a.name.localeCompare(b.name) || a.language.localeCompare(b.language));
}

/** Search by name or words of the body, case-insensitive. */
export function matchesSearch(template: Pick<Template, 'name' | 'components'>, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return template.name.toLowerCase().includes(q) || (str(componentOf(template, 'BODY')?.text) ?? '').toLowerCase().includes(q);
}

function buttonsOf(template: Pick<Template, 'components'>): Json[] {
  const buttons = componentOf(template, 'BUTTONS')?.buttons;
  return Array.isArray(buttons) ? buttons.map(rec).filter((b): b is Json => b !== null) : [];
}

/** Meta's examples for a component, in placeholder order (positional or named). */
function exampleValues(component: Json, kind: 'header' | 'body', template: Pick<Template, 'parameter_format'>): string[] {
  const example = rec(component.example);
  if (!example) return [];
  if (isNamed(template)) {
    const named = example[`${kind}_text_named_params`];
    return Array.isArray(named) ? named.map((n) => str(rec(n)?.example) ?? '') : [];
  }
  const positional = example[`${kind}_text`];
  if (kind === 'header') return Array.isArray(positional) ? positional.map((v) => str(v) ?? '') : [];
  return Array.isArray(positional) && Array.isArray(positional[0]) ? (positional[0] as unknown[]).map((v) => str(v) ?? '') : [];
}
