import { isObject, mediaProblems, nonEmptyString, Problems, type Json, type PayloadProblem } from './payload-checks.js';

// The `components` of a template send: the values for the header (text, or one image, video or
// document by id or link), the body, the buttons (a URL button's suffix, a copy-code button's
// coupon, a quick reply's payload) and the cards of a carousel. The registry check
// (templates/match-template.ts) then compares them with the approved template.

const MEDIA = new Set(['image', 'video', 'document']);
const MAX_CARDS = 10;
/** Meta refuses a coupon code over 15 characters (copy-code buttons). */
const MAX_COUPON = 15;

export function validateTemplateComponents(components: unknown, at: string): PayloadProblem[] {
  if (components === undefined) return [];
  if (!Array.isArray(components)) return [{ field: at, message: 'must be an array' }];
  const problems = new Problems();
  components.forEach((component: unknown, i) => problems.push(...componentProblems(component, `${at}[${i}]`, false)));
  return problems.list;
}

function componentProblems(component: unknown, at: string, inCard: boolean): PayloadProblem[] {
  if (!isObject(component)) return [{ field: at, message: 'must be an object' }];
  if (typeof component.type !== 'string' || component.type === '')
    return [{ field: `${at}.type`, message: 'must be a component type such as header, body, button or carousel' }];
  const type = component.type.toLowerCase();
  switch (type) {
    case 'header':
    case 'body':
      return parameters(component, at, type);
    case 'button':
      return button(component, at);
    case 'carousel':
      return inCard ? [{ field: `${at}.type`, message: 'a carousel card cannot hold another carousel' }] : carousel(component, at);
    default:
      // Other components (limited_time_offer, tap_target_configuration, ...) are Meta's to judge.
      return Array.isArray(component.parameters) || component.parameters === undefined ? [] : [{ field: `${at}.parameters`, message: 'must be an array' }];
  }
}

function parameters(component: Json, at: string, where: 'header' | 'body' | 'button'): PayloadProblem[] {
  if (component.parameters === undefined) return [];
  if (!Array.isArray(component.parameters)) return [{ field: `${at}.parameters`, message: 'must be an array' }];
  const problems = new Problems();
  const list: unknown[] = component.parameters;
  list.forEach((parameter, i) => problems.push(...parameterProblems(parameter, `${at}.parameters[${i}]`)));
  if (where === 'header' && list.some((p) => isObject(p) && typeof p.type === 'string' && MEDIA.has(p.type)) && list.length !== 1) {
    problems.add(`${at}.parameters`, 'a media header takes exactly one parameter');
  }
  return problems.list;
}

function parameterProblems(parameter: unknown, at: string): PayloadProblem[] {
  if (!isObject(parameter)) return [{ field: at, message: 'must be an object' }];
  const type = parameter.type;
  if (typeof type !== 'string' || type === '') return [{ field: `${at}.type`, message: 'must be a parameter type such as text, image or coupon_code' }];
  const problems = new Problems();
  switch (type) {
    case 'text':
      problems.add(`${at}.text`, typeof parameter.text === 'string' && parameter.text !== '' ? null : 'must be a non-empty string');
      break;
    case 'payload':
      problems.add(`${at}.payload`, nonEmptyString(parameter.payload, 1000));
      break;
    case 'coupon_code':
      problems.add(`${at}.coupon_code`, nonEmptyString(parameter.coupon_code, MAX_COUPON));
      break;
    case 'currency': {
      const currency = isObject(parameter.currency) ? parameter.currency : null;
      if (!currency) problems.add(`${at}.currency`, 'must be an object with fallback_value, code and amount_1000');
      else {
        problems.add(`${at}.currency.fallback_value`, nonEmptyString(currency.fallback_value, 1024));
        problems.add(
          `${at}.currency.code`,
          typeof currency.code === 'string' && /^[A-Z]{3}$/.test(currency.code) ? null : 'must be an ISO 4217 code such as USD',
        );
        problems.add(`${at}.currency.amount_1000`, Number.isInteger(currency.amount_1000) ? null : 'must be an integer (the amount times 1000)');
      }
      break;
    }
    case 'date_time':
      problems.add(`${at}.date_time.fallback_value`, isObject(parameter.date_time) ? nonEmptyString(parameter.date_time.fallback_value, 1024) : 'is required');
      break;
    case 'image':
    case 'video':
    case 'document':
      problems.push(...mediaProblems(parameter[type], `${at}.${type}`));
      break;
    case 'location': {
      const location = isObject(parameter.location) ? parameter.location : {};
      if (typeof location.latitude !== 'number' || Math.abs(location.latitude) > 90)
        problems.add(`${at}.location.latitude`, 'must be a number between -90 and 90');
      if (typeof location.longitude !== 'number' || Math.abs(location.longitude) > 180)
        problems.add(`${at}.location.longitude`, 'must be a number between -180 and 180');
      break;
    }
    case 'action':
      problems.add(`${at}.action`, isObject(parameter.action) ? null : 'must be an object');
      break;
    default:
      // product, order_status, ...: Meta's to judge.
      break;
  }
  return problems.list;
}

function button(component: Json, at: string): PayloadProblem[] {
  const problems = new Problems();
  const subType = typeof component.sub_type === 'string' ? component.sub_type.toLowerCase() : '';
  problems.add(`${at}.sub_type`, subType === '' ? 'must be the button type: quick_reply, url, copy_code, flow, ...' : null);
  const index = component.index;
  const indexOk = (typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < 10) || (typeof index === 'string' && /^\d$/.test(index));
  problems.add(`${at}.index`, indexOk ? null : 'must be the button position, 0 to 9');
  problems.push(...parameters(component, at, 'button'));
  const params = Array.isArray(component.parameters) ? component.parameters.filter(isObject) : [];
  // What each button type carries at send time.
  if (subType === 'url' && (params.length !== 1 || params[0]?.type !== 'text'))
    problems.add(`${at}.parameters`, 'a URL button takes exactly one text parameter (the URL suffix)');
  if (subType === 'copy_code' && (params.length !== 1 || params[0]?.type !== 'coupon_code'))
    problems.add(`${at}.parameters`, 'a copy-code button takes exactly one coupon_code parameter');
  if (subType === 'quick_reply' && params.some((p) => p.type !== 'payload'))
    problems.add(`${at}.parameters`, 'a quick-reply button takes payload parameters only');
  return problems.list;
}

/** Up to 10 cards, each with its card_index (0, 1, ...) and its own header and buttons. */
function carousel(component: Json, at: string): PayloadProblem[] {
  const cards = component.cards;
  if (!Array.isArray(cards) || cards.length < 1 || cards.length > MAX_CARDS) return [{ field: `${at}.cards`, message: `must hold 1 to ${MAX_CARDS} cards` }];
  const problems = new Problems();
  const seen = new Set<number>();
  cards.forEach((card: unknown, i) => {
    const here = `${at}.cards[${i}]`;
    if (!isObject(card)) return problems.add(here, 'must be an object');
    const cardIndex = card.card_index;
    if (typeof cardIndex !== 'number' || !Number.isInteger(cardIndex) || cardIndex < 0 || cardIndex >= cards.length)
      problems.add(`${here}.card_index`, `must be an integer from 0 to ${cards.length - 1}`);
    else if (seen.has(cardIndex)) problems.add(`${here}.card_index`, 'must be unique');
    else seen.add(cardIndex);
    if (!Array.isArray(card.components)) return problems.add(`${here}.components`, 'must be an array');
    card.components.forEach((c: unknown, j) => problems.push(...componentProblems(c, `${here}.components[${j}]`, true)));
  });
  return problems.list;
}
