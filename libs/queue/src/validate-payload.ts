// The outbox accepts the Cloud API's own message objects. These checks catch what Meta would
// refuse anyway, before a row exists, and name the field (e.g. `payload.text.body`).
import { isObject, mediaProblems, nonEmptyString, type PayloadProblem } from './payload/payload-checks.js';
import { validateContacts } from './payload/validate-contacts.js';
import { validateInteractive } from './payload/validate-interactive.js';
import { validateTemplateComponents } from './payload/validate-template-components.js';
import { directSendCategory } from './direct-send.js';

export type { PayloadProblem } from './payload/payload-checks.js';
export { INTERACTIVE_TYPES } from './payload/validate-interactive.js';

export const SENDABLE_TYPES = [
  'text',
  'template',
  'interactive',
  'image',
  'audio',
  'video',
  'document',
  'sticker',
  'location',
  'reaction',
  'contacts',
] as const;
export type SendableType = (typeof SENDABLE_TYPES)[number];

const MEDIA_TYPES = new Set(['image', 'audio', 'video', 'document', 'sticker']);

export function validatePayload(payload: unknown, field = 'payload'): PayloadProblem[] {
  const problems: PayloadProblem[] = [];
  const check = (path: string, message: string | null) => {
    if (message) problems.push({ field: path, message });
  };
  if (!isObject(payload)) return [{ field, message: 'must be an object' }];
  const type = payload.type;
  if (typeof type !== 'string' || !(SENDABLE_TYPES as readonly string[]).includes(type)) {
    return [{ field: `${field}.type`, message: `must be one of ${SENDABLE_TYPES.join(', ')}` }];
  }
  const at = `${field}.${type}`;
  // The one type whose object is an array: a list of contact cards.
  if (type === 'contacts') return validateContacts(payload.contacts, at);
  const body = payload[type];
  if (!isObject(body)) return [{ field: at, message: 'must be an object' }];

  if (type === 'text') {
    check(`${at}.body`, nonEmptyString(body.body, 4096));
  } else if (type === 'template') {
    problems.push(...validateTemplate(body, at));
  } else if (type === 'interactive') {
    problems.push(...validateInteractive(body, at));
  } else if (MEDIA_TYPES.has(type)) {
    problems.push(...mediaProblems(body, at));
    if (body.caption !== undefined) check(`${at}.caption`, nonEmptyString(body.caption, 1024));
  } else if (type === 'location') {
    if (typeof body.latitude !== 'number' || Math.abs(body.latitude) > 90) check(`${at}.latitude`, 'must be a number between -90 and 90');
    if (typeof body.longitude !== 'number' || Math.abs(body.longitude) > 180) check(`${at}.longitude`, 'must be a number between -180 and 180');
  } else if (type === 'reaction') {
    check(`${at}.message_id`, nonEmptyString(body.message_id, 512));
  }
  return problems;
}

export function validateTemplate(template: unknown, at: string): PayloadProblem[] {
  if (!isObject(template)) return [{ field: at, message: 'must be an object' }];
  const problems: PayloadProblem[] = [];
  const name = nonEmptyString(template.name, 512);
  if (name) problems.push({ field: `${at}.name`, message: name });
  const language = template.language;
  if (!isObject(language) || typeof language.code !== 'string' || !/^[a-z]{2,3}(_[A-Z]{2})?$/.test(language.code)) {
    problems.push({ field: `${at}.language.code`, message: 'must be a language code such as en or en_US' });
  }
  problems.push(...validateTemplateComponents(template.components, `${at}.components`));
  return problems;
}

/**
 * Whether the payload is free-form (only allowed inside the 24 h window): not a template, and not
 * a Direct Send message (its `category` makes it business-initiated, like a template).
 */
export function isFreeForm(payload: { type: string; category?: unknown }): boolean {
  return payload.type !== 'template' && directSendCategory(payload) === null;
}
