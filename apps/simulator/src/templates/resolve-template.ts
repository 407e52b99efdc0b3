import { asArray, asRecord, asString, type JsonRecord } from '../core/guards.js';
import { reject } from '../graph/graph-rejection.js';
import type { OutboundChoice } from '../send/outbound-message.js';
import { bodyPlaceholders, headerExpectation, placeholders, templateButtons, type HeaderExpectation } from './template-params.js';
import type { TemplateButton, TemplateComponent, TemplateDefinition } from './template-types.js';

export interface ResolvedTemplate {
  template: TemplateDefinition;
  choices: OutboundChoice[];
}

/**
 * Checks a `template` send object against the catalogue like Meta: the name+language must exist and
 * be approved (132001), header/body parameter counts must match the placeholders (132000), a media
 * header needs its image/video/document (131008), each button what its type takes (a URL suffix, a
 * coupon code), and a carousel one card per card of the template.
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

  const components = componentsOf(raw);
  const ofType = (type: string): JsonRecord[] => components.filter((c) => asString(c.type)?.toLowerCase() === type);
  const named = template.parameter_format === 'NAMED';

  checkHeader(headerExpectation(template), ofType('header')[0], template.parameter_format === 'NAMED', 'header');
  checkCount('body', bodyPlaceholders(template), paramsOf(ofType('body')[0]), named);
  const choices = checkButtons(templateButtons(template), ofType('button'), 'buttons');
  choices.push(...checkCarousel(template, ofType('carousel')[0]));
  return { template, choices };
}

function componentsOf(holder: JsonRecord | undefined): JsonRecord[] {
  return (asArray(holder?.components) ?? []).map((c) => asRecord(c) ?? {});
}

function paramsOf(component: JsonRecord | undefined): JsonRecord[] {
  return (asArray(component?.parameters) ?? []).map((p) => asRecord(p) ?? {});
}

function checkHeader(expected: HeaderExpectation, component: JsonRecord | undefined, named: boolean, where: string): void {
  const params = paramsOf(component);
  if (expected.kind === 'media') {
    if (params.length !== 1) mismatch(where, params.length, 1);
    const type = asString(params[0]?.type);
    if (type !== expected.format) {
      reject(132012, `${where}: Format mismatch, expected ${expected.format.toUpperCase()}, received ${(type ?? 'NONE').toUpperCase()}`);
    }
    if (type !== 'location') {
      const media = asRecord(params[0]?.[type]);
      const hasId = Boolean(asString(media?.id));
      const hasLink = Boolean(asString(media?.link));
      if (!hasId && !hasLink) reject(131008, `Parameter '${where}.${type}.id' or '${where}.${type}.link' is required.`);
      if (hasId && hasLink) reject(131009, `Param ${where}['${type}'] must have either id or link, not both.`);
    }
    return;
  }
  checkCount(where, expected.kind === 'text' ? expected.names : [], params, named);
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

/** The `sub_type` a send uses for each template button type (OTP buttons are sent as url). */
const SUB_TYPES: Partial<Record<TemplateButton['type'], string>> = { QUICK_REPLY: 'quick_reply', URL: 'url', OTP: 'url', COPY_CODE: 'copy_code', FLOW: 'flow' };

/** Each button component against the template's button at its index; returns the quick replies. */
function checkButtons(buttons: readonly TemplateButton[], sent: JsonRecord[], where: string): OutboundChoice[] {
  for (const component of sent) {
    const index = Number(component.index);
    const button = Number.isInteger(index) ? buttons[index] : undefined;
    if (!button) reject(131009, `${where}: the template has no button at index ${String(component.index)}`);
    const subType = asString(component.sub_type)?.toLowerCase();
    const expected = SUB_TYPES[button.type];
    if (expected && subType !== expected) reject(131009, `${where}: button at index ${index} is of type ${button.type}, sub_type must be ${expected}`);
  }
  const find = (index: number) => sent.find((c) => String(c.index) === String(index));
  const choices: OutboundChoice[] = [];
  buttons.forEach((button, index) => {
    const params = paramsOf(find(index));
    if (button.type === 'URL' && placeholders(button.url).length > 0 && params.length !== 1) {
      reject(132000, `${where}: button at index ${index} of type Url requires exactly one parameter`);
    }
    if (button.type === 'OTP' && (params.length !== 1 || !asString(params[0]?.text))) {
      reject(132000, `${where}: button at index ${index} of type Url requires exactly one parameter (the one-time code)`);
    }
    if (button.type === 'COPY_CODE') {
      if (params.length !== 1 || asString(params[0]?.type) !== 'coupon_code')
        reject(132000, `${where}: button at index ${index} of type CopyCode requires exactly one coupon_code parameter`);
      const coupon = asString(params[0]?.coupon_code);
      if (!coupon) reject(131008, `Parameter '${where}[${index}].coupon_code' is required.`);
      if (coupon.length > 15) reject(131009, 'Coupon code length invalid. Min length: 1, Max length: 15');
    }
    if (button.type === 'QUICK_REPLY') {
      const payload = asString(params[0]?.payload);
      const title = button.text ?? '';
      choices.push({ kind: 'quick_reply', id: payload ?? title, title });
    }
  });
  return choices;
}

/** A carousel template takes one card per template card, each with its header media and button parameters. */
function checkCarousel(template: TemplateDefinition, sent: JsonRecord | undefined): OutboundChoice[] {
  const cards = template.components.find((c) => c.type === 'CAROUSEL')?.cards;
  if (!cards) {
    if (sent) reject(131009, 'carousel: the template has no carousel.');
    return [];
  }
  const sentCards = (asArray(sent?.cards) ?? []).map((c) => asRecord(c) ?? {});
  if (sentCards.length !== cards.length) {
    reject(132000, `carousel: number of cards (${sentCards.length}) does not match the expected number of cards (${cards.length})`);
  }
  const choices: OutboundChoice[] = [];
  cards.forEach((card, i) => {
    const sentCard = sentCards.find((c) => c.card_index === i);
    if (!sentCard) reject(131008, `Parameter 'carousel.cards[${i}].card_index' is required.`);
    const components = componentsOf(sentCard);
    const ofType = (type: string) => components.filter((c) => asString(c.type)?.toLowerCase() === type);
    checkHeader(cardHeader(card.components), ofType('header')[0], template.parameter_format === 'NAMED', `cards[${i}].header`);
    const buttons = card.components.find((c) => c.type === 'BUTTONS')?.buttons ?? [];
    choices.push(...checkButtons(buttons, ofType('button'), `cards[${i}].buttons`));
  });
  return choices;
}

function cardHeader(components: readonly TemplateComponent[]): HeaderExpectation {
  const header = components.find((c) => c.type === 'HEADER');
  const format = header?.format ?? 'TEXT';
  if (!header || format === 'TEXT') return { kind: 'none' };
  return { kind: 'media', format: format.toLowerCase() as 'image' | 'video' | 'document' | 'location' };
}
