import { asArray, asRecord, asString, type JsonRecord } from '../core/guards.js';
import { reject } from '../graph/graph-rejection.js';
import type { OutboundChoice } from '../send/outbound-message.js';
import { bodyPlaceholders, headerExpectation, templateButtons } from './template-params.js';
import type { TemplateDefinition } from './template-types.js';

export interface ResolvedTemplate {
  template: TemplateDefinition;
  choices: OutboundChoice[];
}

/**
 * Checks a `template` send object against the catalogue like Meta: the name+language must exist and
 * be approved (132001), and header/body parameter counts must match the placeholders (132000).
 */
export function resolveTemplate(raw: JsonRecord, templates: readonly TemplateDefinition[]): ResolvedTemplate {
  const name = asString(raw.name);
  if (!name) reject(131008, "Parameter 'template.name' is required.");
  const code = asString(asRecord(raw.language)?.code);
  if (!code) reject(131008, "Parameter 'template.language.code' is required.");

  const template = templates.find((t) => t.name === name && t.language === code);
  if (!template) reject(132001, `template name (${name}) does not exist in ${code}`);
  if (template.status === 'PAUSED') reject(132015, `Template ${name} is paused.`);
  if (template.status === 'DISABLED') reject(132016, `Template ${name} is disabled.`);
  if (template.status !== 'APPROVED') reject(132001, `template name (${name}) does not exist in ${code}`);

  const components = (asArray(raw.components) ?? []).map((c) => asRecord(c) ?? {});
  const ofType = (type: string): JsonRecord[] => components.filter((c) => asString(c.type)?.toLowerCase() === type);
  const named = template.parameter_format === 'NAMED';

  checkHeader(template, ofType('header')[0]);
  checkCount('body', bodyPlaceholders(template), paramsOf(ofType('body')[0]), named);
  checkUrlButtons(template, ofType('button'));

  return { template, choices: quickReplies(template, ofType('button')) };
}

function paramsOf(component: JsonRecord | undefined): JsonRecord[] {
  return (asArray(component?.parameters) ?? []).map((p) => asRecord(p) ?? {});
}

function checkHeader(template: TemplateDefinition, component: JsonRecord | undefined): void {
  const expected = headerExpectation(template);
  const params = paramsOf(component);
  if (expected.kind === 'media') {
    if (params.length !== 1) mismatch('header', params.length, 1);
    const type = asString(params[0]?.type);
    if (type !== expected.format) {
      reject(132012, `header: Format mismatch, expected ${expected.format.toUpperCase()}, received ${(type ?? 'NONE').toUpperCase()}`);
    }
    return;
  }
  const names = expected.kind === 'text' ? expected.names : [];
  checkCount('header', names, params, template.parameter_format === 'NAMED');
}

function checkCount(where: string, expected: string[], params: JsonRecord[], named: boolean): void {
  if (params.length !== expected.length) mismatch(where, params.length, expected.length);
  for (const param of params) {
    const type = asString(param.type) ?? 'text';
    if (type === 'text' && asString(param.text) === undefined) {
      reject(131008, `${where}: Parameter of type text is missing the text value.`);
    }
    if (named) {
      const paramName = asString(param.parameter_name);
      if (!paramName || !expected.includes(paramName)) {
        reject(132000, `${where}: parameter name (${paramName ?? ''}) does not match the expected names (${expected.join(', ')})`);
      }
    }
  }
}

function mismatch(where: string, provided: number, expected: number): never {
  reject(132000, `${where}: number of localizable_params (${provided}) does not match the expected number of params (${expected})`);
}

function checkUrlButtons(template: TemplateDefinition, buttonComponents: JsonRecord[]): void {
  templateButtons(template).forEach((button, index) => {
    if (button.type !== 'URL' || !/\{\{\s*[A-Za-z0-9_]+\s*\}\}/.test(button.url ?? '')) return;
    const component = buttonComponents.find((c) => String(c.index) === String(index));
    if (paramsOf(component).length !== 1) {
      reject(132000, `buttons: button at index ${index} of type Url requires exactly one parameter`);
    }
  });
}

/** Quick replies the recipient can tap; the payload set at send time comes back as `button.payload`. */
function quickReplies(template: TemplateDefinition, buttonComponents: JsonRecord[]): OutboundChoice[] {
  const choices: OutboundChoice[] = [];
  templateButtons(template).forEach((button, index) => {
    if (button.type !== 'QUICK_REPLY') return;
    const component = buttonComponents.find((c) => String(c.index) === String(index));
    const payload = asString(paramsOf(component)[0]?.payload);
    choices.push({ kind: 'quick_reply', id: payload ?? button.text, title: button.text });
  });
  return choices;
}
