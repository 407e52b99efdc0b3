// The outbox accepts the Cloud API's own message objects. These checks catch what Meta would
// refuse anyway, before a row exists, and name the field (e.g. `payload.text.body`).

export interface PayloadProblem {
  field: string;
  message: string;
}

export const SENDABLE_TYPES = ['text', 'template', 'interactive', 'image', 'audio', 'video', 'document', 'sticker', 'location', 'reaction'] as const;
export type SendableType = (typeof SENDABLE_TYPES)[number];

const MEDIA_TYPES = new Set(['image', 'audio', 'video', 'document', 'sticker']);

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown, max: number): string | null {
  if (typeof value !== 'string' || value.trim() === '') return 'must be a non-empty string';
  if (value.length > max) return `must be at most ${max} characters`;
  return null;
}

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
  const body = payload[type];
  if (!isObject(body)) return [{ field: `${field}.${type}`, message: 'must be an object' }];
  const at = `${field}.${type}`;

  if (type === 'text') {
    check(`${at}.body`, nonEmptyString(body.body, 4096));
  } else if (type === 'template') {
    problems.push(...validateTemplate(body, at));
  } else if (type === 'interactive') {
    problems.push(...validateInteractive(body, at));
  } else if (MEDIA_TYPES.has(type)) {
    const hasId = typeof body.id === 'string' && body.id !== '';
    const hasLink = typeof body.link === 'string' && /^https?:\/\//.test(body.link);
    if (hasId === hasLink) check(at, 'needs exactly one of id or link (an http(s) URL)');
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
  if (template.components !== undefined && !Array.isArray(template.components)) {
    problems.push({ field: `${at}.components`, message: 'must be an array' });
  }
  return problems;
}

function validateInteractive(body: Json, at: string): PayloadProblem[] {
  const problems: PayloadProblem[] = [];
  const bodyText = isObject(body.body) ? nonEmptyString(body.body.text, 4096) : 'must be an object with text';
  if (bodyText) problems.push({ field: `${at}.body.text`, message: bodyText });
  const action = isObject(body.action) ? body.action : null;
  if (body.type === 'button') {
    const buttons = action && Array.isArray(action.buttons) ? action.buttons : null;
    if (!buttons || buttons.length < 1 || buttons.length > 3) {
      problems.push({ field: `${at}.action.buttons`, message: 'must hold 1 to 3 reply buttons' });
      return problems;
    }
    const ids = new Set<unknown>();
    buttons.forEach((button: unknown, i) => {
      const reply = isObject(button) && isObject(button.reply) ? button.reply : null;
      const id = reply ? nonEmptyString(reply.id, 256) : 'must be an object';
      const title = reply ? nonEmptyString(reply.title, 20) : null;
      if (id) problems.push({ field: `${at}.action.buttons[${i}].reply.id`, message: id });
      if (title) problems.push({ field: `${at}.action.buttons[${i}].reply.title`, message: title });
      if (reply && ids.has(reply.id)) problems.push({ field: `${at}.action.buttons[${i}].reply.id`, message: 'must be unique' });
      if (reply) ids.add(reply.id);
    });
  } else if (body.type === 'list') {
    const sections = action && Array.isArray(action.sections) ? action.sections : null;
    const rows = sections?.flatMap((s: unknown) => (isObject(s) && Array.isArray(s.rows) ? s.rows : [])) ?? [];
    if (!sections || sections.length < 1 || sections.length > 10 || rows.length < 1 || rows.length > 10) {
      problems.push({ field: `${at}.action.sections`, message: 'must hold 1 to 10 sections with 1 to 10 rows in all' });
    }
    const button = action ? nonEmptyString(action.button, 20) : 'must be an object';
    if (button) problems.push({ field: `${at}.action.button`, message: button });
  } else {
    problems.push({ field: `${at}.type`, message: 'must be button or list' });
  }
  return problems;
}

/** Whether the payload is free-form (only allowed inside the 24 h window) rather than a template. */
export function isFreeForm(payload: { type: string }): boolean {
  return payload.type !== 'template';
}
