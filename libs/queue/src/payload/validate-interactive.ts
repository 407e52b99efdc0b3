import { httpUrl, isObject, mediaProblems, nonEmptyString, optionalString, Problems, type Json, type PayloadProblem } from './payload-checks.js';

// Interactive messages as Meta's reference describes them
// (https://developers.facebook.com/documentation/business-messaging/whatsapp/reference/whatsapp-business-phone-number/message-api):
// reply buttons, lists, a CTA-URL button, a Flow, a location request, one product, a product list
// and the catalog. Meta answers anything else with 131009; we name the field first.

export const INTERACTIVE_TYPES = ['button', 'list', 'cta_url', 'flow', 'location_request_message', 'product', 'product_list', 'catalog_message'] as const;

const HEADER_TYPES = new Set(['text', 'image', 'video', 'document']);
const MAX_PRODUCTS = 30;

export function validateInteractive(body: Json, at: string): PayloadProblem[] {
  const problems = new Problems();
  const type = body.type;
  if (typeof type !== 'string' || !(INTERACTIVE_TYPES as readonly string[]).includes(type)) {
    return [{ field: `${at}.type`, message: `must be one of ${INTERACTIVE_TYPES.join(', ')}` }];
  }
  const action = isObject(body.action) ? body.action : null;
  // Every interactive type needs its action; without one the rest is still checked for the body.
  if (!action) {
    problems.add(`${at}.action`, 'must be an object');
    problems.push(...bodyText(body, at, type !== 'product', type === 'list' || type === 'button' ? 4096 : 1024));
    return problems.list;
  }
  problems.push(...footer(body, at));
  switch (type) {
    case 'button':
      problems.push(...header(body, at, HEADER_TYPES), ...bodyText(body, at, true, 4096), ...replyButtons(action, `${at}.action`));
      break;
    case 'list':
      problems.push(...header(body, at, new Set(['text'])), ...bodyText(body, at, true, 4096), ...listRows(action, `${at}.action`));
      break;
    case 'cta_url':
      problems.push(...header(body, at, HEADER_TYPES), ...bodyText(body, at, true, 1024), ...ctaUrl(action, `${at}.action`));
      break;
    case 'flow':
      problems.push(...header(body, at, HEADER_TYPES), ...bodyText(body, at, true, 1024), ...flow(action, `${at}.action`));
      break;
    case 'location_request_message':
      problems.push(...bodyText(body, at, true, 1024), ...named(action, 'send_location', `${at}.action`));
      break;
    case 'product':
      problems.push(...bodyText(body, at, false, 1024), ...productRef(action, `${at}.action`));
      break;
    case 'product_list':
      problems.push(...requiredTextHeader(body, at), ...bodyText(body, at, true, 1024), ...productSections(action, `${at}.action`));
      break;
    case 'catalog_message':
      problems.push(...bodyText(body, at, true, 1024), ...catalog(action, `${at}.action`));
      break;
  }
  return problems.list;
}

function bodyText(body: Json, at: string, required: boolean, max: number): PayloadProblem[] {
  if (body.body === undefined && !required) return [];
  const message = isObject(body.body) ? nonEmptyString(body.body.text, max) : 'must be an object with text';
  return message ? [{ field: `${at}.body.text`, message }] : [];
}

function footer(body: Json, at: string): PayloadProblem[] {
  if (body.footer === undefined) return [];
  const message = isObject(body.footer) ? nonEmptyString(body.footer.text, 60) : 'must be an object with text';
  return message ? [{ field: `${at}.footer.text`, message }] : [];
}

function header(body: Json, at: string, allowed: ReadonlySet<string>): PayloadProblem[] {
  if (body.header === undefined) return [];
  const headerAt = `${at}.header`;
  if (!isObject(body.header)) return [{ field: headerAt, message: 'must be an object' }];
  const type = body.header.type;
  if (typeof type !== 'string' || !allowed.has(type)) return [{ field: `${headerAt}.type`, message: `must be one of ${[...allowed].join(', ')}` }];
  if (type === 'text') {
    const message = nonEmptyString(body.header.text, 60);
    return message ? [{ field: `${headerAt}.text`, message }] : [];
  }
  return mediaProblems(body.header[type], `${headerAt}.${type}`);
}

function requiredTextHeader(body: Json, at: string): PayloadProblem[] {
  if (body.header === undefined) return [{ field: `${at}.header`, message: 'is required: a text header names the product list' }];
  return header(body, at, new Set(['text']));
}

function named(action: Json, name: string, at: string): PayloadProblem[] {
  return action.name === name ? [] : [{ field: `${at}.name`, message: `must be ${name}` }];
}

function replyButtons(action: Json, at: string): PayloadProblem[] {
  const buttons = Array.isArray(action.buttons) ? action.buttons : null;
  if (!buttons || buttons.length < 1 || buttons.length > 3) return [{ field: `${at}.buttons`, message: 'must hold 1 to 3 reply buttons' }];
  const problems = new Problems();
  const ids = new Set<unknown>();
  buttons.forEach((button: unknown, i) => {
    const reply = isObject(button) && isObject(button.reply) ? button.reply : null;
    problems.add(`${at}.buttons[${i}].reply.id`, reply ? nonEmptyString(reply.id, 256) : 'must be an object');
    if (reply) problems.add(`${at}.buttons[${i}].reply.title`, nonEmptyString(reply.title, 20));
    if (reply && ids.has(reply.id)) problems.add(`${at}.buttons[${i}].reply.id`, 'must be unique');
    if (reply) ids.add(reply.id);
  });
  return problems.list;
}

function listRows(action: Json, at: string): PayloadProblem[] {
  const problems = new Problems();
  const sections = Array.isArray(action.sections) ? action.sections : null;
  const rows = sections?.flatMap((s: unknown) => (isObject(s) && Array.isArray(s.rows) ? s.rows : [])) ?? [];
  if (!sections || sections.length < 1 || sections.length > 10 || rows.length < 1 || rows.length > 10) {
    problems.add(`${at}.sections`, 'must hold 1 to 10 sections with 1 to 10 rows in all');
  }
  problems.add(`${at}.button`, nonEmptyString(action.button, 20));
  return problems.list;
}

function ctaUrl(action: Json, at: string): PayloadProblem[] {
  const problems = new Problems();
  problems.push(...named(action, 'cta_url', at));
  const parameters = isObject(action.parameters) ? action.parameters : null;
  if (!parameters) return [...problems.list, { field: `${at}.parameters`, message: 'must be an object with display_text and url' }];
  problems.add(`${at}.parameters.display_text`, nonEmptyString(parameters.display_text, 20));
  problems.add(`${at}.parameters.url`, httpUrl(parameters.url));
  return problems.list;
}

/** A Flow by id or by name (one of them), opened on its first screen or by a data exchange. */
function flow(action: Json, at: string): PayloadProblem[] {
  const problems = new Problems();
  problems.push(...named(action, 'flow', at));
  const p = isObject(action.parameters) ? action.parameters : null;
  const here = `${at}.parameters`;
  if (!p) return [...problems.list, { field: here, message: 'must be an object with flow_message_version, flow_id or flow_name, and flow_cta' }];
  if (p.flow_message_version !== '3') problems.add(`${here}.flow_message_version`, 'must be "3"');
  const hasId = p.flow_id !== undefined;
  const hasName = p.flow_name !== undefined;
  if (hasId === hasName) problems.add(`${here}.flow_id`, 'needs exactly one of flow_id or flow_name');
  if (hasId) problems.add(`${here}.flow_id`, nonEmptyString(p.flow_id, 256));
  if (hasName) problems.add(`${here}.flow_name`, nonEmptyString(p.flow_name, 256));
  problems.add(`${here}.flow_cta`, nonEmptyString(p.flow_cta, 30));
  problems.add(`${here}.flow_token`, optionalString(p.flow_token, 4096));
  if (p.mode !== undefined && p.mode !== 'draft' && p.mode !== 'published') problems.add(`${here}.mode`, 'must be draft or published');
  const flowAction = p.flow_action ?? 'navigate';
  if (flowAction !== 'navigate' && flowAction !== 'data_exchange') problems.add(`${here}.flow_action`, 'must be navigate or data_exchange');
  const payload = p.flow_action_payload;
  if (payload !== undefined) {
    if (flowAction === 'data_exchange') problems.add(`${here}.flow_action_payload`, 'must be left out when flow_action is data_exchange');
    else if (!isObject(payload)) problems.add(`${here}.flow_action_payload`, 'must be an object with the first screen');
    else {
      problems.add(`${here}.flow_action_payload.screen`, nonEmptyString(payload.screen, 256));
      if (payload.data !== undefined && (!isObject(payload.data) || Object.keys(payload.data).length === 0)) {
        problems.add(`${here}.flow_action_payload.data`, 'must be a non-empty object');
      }
    }
  }
  return problems.list;
}

function productRef(action: Json, at: string): PayloadProblem[] {
  const problems = new Problems();
  problems.add(`${at}.catalog_id`, nonEmptyString(action.catalog_id, 256));
  problems.add(`${at}.product_retailer_id`, nonEmptyString(action.product_retailer_id, 256));
  return problems.list;
}

/** Up to 10 titled sections holding up to 30 products in all. */
function productSections(action: Json, at: string): PayloadProblem[] {
  const problems = new Problems();
  problems.add(`${at}.catalog_id`, nonEmptyString(action.catalog_id, 256));
  const sections = Array.isArray(action.sections) ? action.sections : null;
  if (!sections || sections.length < 1 || sections.length > 10) return [...problems.list, { field: `${at}.sections`, message: 'must hold 1 to 10 sections' }];
  let products = 0;
  sections.forEach((section: unknown, i) => {
    const here = `${at}.sections[${i}]`;
    if (!isObject(section)) return problems.add(here, 'must be an object');
    problems.add(`${here}.title`, nonEmptyString(section.title, 24));
    const items = Array.isArray(section.product_items) ? section.product_items : null;
    if (!items || items.length < 1) return problems.add(`${here}.product_items`, 'must hold at least 1 product');
    products += items.length;
    items.forEach((item: unknown, j) =>
      problems.add(`${here}.product_items[${j}].product_retailer_id`, isObject(item) ? nonEmptyString(item.product_retailer_id, 256) : 'must be an object'),
    );
  });
  if (products > MAX_PRODUCTS) problems.add(`${at}.sections`, `must hold at most ${MAX_PRODUCTS} products in all`);
  return problems.list;
}

function catalog(action: Json, at: string): PayloadProblem[] {
  const problems = new Problems();
  problems.push(...named(action, 'catalog_message', at));
  if (action.parameters !== undefined) {
    if (!isObject(action.parameters)) problems.add(`${at}.parameters`, 'must be an object');
    else problems.add(`${at}.parameters.thumbnail_product_retailer_id`, optionalString(action.parameters.thumbnail_product_retailer_id, 256));
  }
  return problems.list;
}
