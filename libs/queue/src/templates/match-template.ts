import type { PayloadProblem } from '../validate-payload.js';
import { carouselCards, isJson, templateExpectation, type TemplateSpec } from './template-spec.js';

type Json = Record<string, unknown>;

/**
 * Checks a template send object (`{name, language: {code}, components}`) against the registry
 * entries of that name (every language): it exists in that language, is APPROVED, and each
 * component carries the parameters its placeholders need. Problems name the field, e.g.
 * `payload.template.language.code` or `payload.template.components[body]`.
 */
export function checkTemplateSend(send: unknown, candidates: readonly TemplateSpec[], at: string): PayloadProblem[] {
  if (!isJson(send)) return [{ field: at, message: 'must be an object' }];
  const name = typeof send.name === 'string' ? send.name : '';
  const code = isJson(send.language) && typeof send.language.code === 'string' ? send.language.code : '';
  const named = candidates.filter((t) => t.name === name);
  if (named.length === 0) return [{ field: `${at}.name`, message: `is not a template of this account (${name})` }];
  const spec = named.find((t) => t.language === code);
  if (!spec) {
    const languages = [...new Set(named.map((t) => t.language))].sort();
    return [{ field: `${at}.language.code`, message: `template ${name} does not exist in ${code} (it exists in ${languages.join(', ')})` }];
  }
  if (spec.status.toUpperCase() !== 'APPROVED') return [{ field: `${at}.name`, message: `template ${name} (${code}) is ${spec.status}, not APPROVED` }];
  return matchTemplateComponents(spec, send, at);
}

/** The parameters of each component against the template's placeholders. */
export function matchTemplateComponents(spec: TemplateSpec, send: Json, at: string): PayloadProblem[] {
  const components = Array.isArray(send.components) ? send.components.filter(isJson) : [];
  const problems = matchComponents(spec, components, `${at}.components`);
  const cards = carouselCards(spec);
  const carousel = components.find((c) => typeof c.type === 'string' && c.type.toLowerCase() === 'carousel');
  const sentCards = Array.isArray(carousel?.cards) ? carousel.cards.filter(isJson) : [];
  if (cards && sentCards.length !== cards.length) {
    problems.push({ field: `${at}.components[carousel]`, message: `the template has ${cards.length} cards, the send ${sentCards.length}` });
  } else if (cards) {
    cards.forEach((card, i) => {
      const sentCard = sentCards.find((c) => c.card_index === i);
      const cardComponents = Array.isArray(sentCard?.components) ? sentCard.components.filter(isJson) : [];
      problems.push(...matchComponents(card, cardComponents, `${at}.components[carousel].cards[${i}].components`));
    });
  } else if (carousel) {
    problems.push({ field: `${at}.components[carousel]`, message: 'the template has no carousel' });
  }
  return problems;
}

/** Header, body and button parameters of one component list (the template's, or one carousel card's). */
function matchComponents(spec: TemplateSpec, components: Json[], at: string): PayloadProblem[] {
  const expected = templateExpectation(spec);
  const ofType = (type: string) => components.filter((c) => typeof c.type === 'string' && c.type.toLowerCase() === type);
  const problems: PayloadProblem[] = [];
  const add = (where: string, message: string) => problems.push({ field: `${at}[${where}]`, message });

  // Header: a media object, text parameters, or nothing.
  const headerParams = paramsOf(ofType('header')[0]);
  if (expected.header.kind === 'media') {
    const type = headerParams[0]?.type;
    if (headerParams.length !== 1) add('header', `needs exactly 1 ${expected.header.format} parameter, got ${headerParams.length}`);
    else if (type !== expected.header.format) add('header', `needs a ${expected.header.format} parameter, got ${String(type)}`);
  } else {
    problems.push(...checkTextParams(expected.header.kind === 'text' ? expected.header.names : [], headerParams, expected.named, `${at}[header]`));
  }

  problems.push(...checkTextParams(expected.body, paramsOf(ofType('body')[0]), expected.named, `${at}[body]`));

  // Buttons: a URL button with a placeholder needs one parameter; quick-reply payloads are optional.
  const buttonComponents = ofType('button');
  for (const button of expected.buttons) {
    const component = buttonComponents.find((c) => String(c.index) === String(button.index));
    const params = paramsOf(component);
    if (button.names.length > 0 && params.length !== 1)
      add(`button:${button.index}`, `the ${button.type} button needs exactly 1 parameter, got ${params.length}`);
  }
  for (const component of buttonComponents) {
    const index = Number(component.index);
    if (!expected.buttons.some((b) => b.index === index))
      add(`button:${String(component.index)}`, `the template has no button at index ${String(component.index)}`);
  }
  return problems;
}

function paramsOf(component: Json | undefined): Json[] {
  return Array.isArray(component?.parameters) ? component.parameters.filter(isJson) : [];
}

function checkTextParams(names: string[], params: Json[], named: boolean, field: string): PayloadProblem[] {
  if (params.length !== names.length) {
    return [
      { field, message: `needs ${names.length} parameter(s)${names.length > 0 ? ` (${names.map((n) => `{{${n}}}`).join(', ')})` : ''}, got ${params.length}` },
    ];
  }
  const problems: PayloadProblem[] = [];
  params.forEach((param, i) => {
    const type = typeof param.type === 'string' ? param.type : 'text';
    if (type === 'text' && typeof param.text !== 'string') problems.push({ field, message: `parameter ${i + 1} needs a text value` });
    if (named && (typeof param.parameter_name !== 'string' || !names.includes(param.parameter_name))) {
      problems.push({ field, message: `parameter ${i + 1} needs a parameter_name, one of ${names.join(', ')}` });
    }
  });
  return problems;
}
