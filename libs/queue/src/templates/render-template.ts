import { isJson, specButtons, specComponent, templateExpectation, type TemplateSpec } from './template-spec.js';

type Json = Record<string, unknown>;

export interface RenderedTemplate {
  header: string | null;
  body: string;
  footer: string | null;
  buttons: { type: string; text: string }[];
  /** All of it as one text, as the customer saw it: header, body, footer, then `[button]` lines. */
  text: string;
}

/**
 * A template message as the customer saw it: placeholders filled from the send's parameters
 * (positional by order, named by `parameter_name`), a media header as `[image]`, buttons listed.
 * A placeholder without a parameter stays as written.
 */
export function renderTemplate(spec: TemplateSpec, send: unknown): RenderedTemplate {
  const components = isJson(send) && Array.isArray(send.components) ? send.components.filter(isJson) : [];
  const paramsOf = (type: string) => {
    const component = components.find((c) => typeof c.type === 'string' && c.type.toLowerCase() === type);
    return Array.isArray(component?.parameters) ? component.parameters.filter(isJson) : [];
  };
  const named = templateExpectation(spec).named;

  const headerComponent = specComponent(spec, 'HEADER');
  let header: string | null = null;
  if (headerComponent) {
    const format = (typeof headerComponent.format === 'string' ? headerComponent.format : 'TEXT').toLowerCase();
    header = format === 'text' ? fill(text(headerComponent), paramsOf('header'), named) : `[${format}]`;
  }
  const body = fill(text(specComponent(spec, 'BODY')), paramsOf('body'), named);
  const footerComponent = specComponent(spec, 'FOOTER');
  const footer = footerComponent ? text(footerComponent) : null;
  const buttons = specButtons(spec).map((b) => ({ type: typeof b.type === 'string' ? b.type.toUpperCase() : '', text: typeof b.text === 'string' ? b.text : '' }));

  const lines = [header, body, footer].filter((part): part is string => part !== null && part !== '');
  const all = [...lines, ...buttons.map((b) => `[${b.text}]`)].join('\n');
  return { header, body, footer, buttons, text: all };
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
