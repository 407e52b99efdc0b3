import { asArray, asRecord, asString, type JsonRecord } from '../core/guards.js';
import type { OutboundChoice } from '../send/outbound-message.js';
import { reject } from './graph-rejection.js';

/**
 * Interactive message limits from Meta's docs: reply buttons (≤3, title ≤20, unique ids and titles),
 * lists (≤10 sections, ≤10 rows in total, row title ≤24 ...), a CTA-URL button, a Flow, a location
 * request, one product, a product list (≤10 sections, ≤30 products) and the catalog. Returns what
 * the customer can pick.
 */
export function validateInteractive(interactive: JsonRecord): OutboundChoice[] {
  const type = asString(interactive.type);
  if (!type) reject(131008, "Parameter 'interactive.type' is required.");
  checkHeaderAndFooter(interactive, type);
  switch (type) {
    case 'button':
      return validateButtons(interactive);
    case 'list':
      return validateList(interactive);
    case 'cta_url':
      validateCtaUrl(interactive);
      return [];
    case 'flow':
      validateFlow(interactive);
      return [];
    case 'location_request_message':
      requiredText(asRecord(interactive.body)?.text, 1024, 'Body text');
      if (asString(asRecord(interactive.action)?.name) !== 'send_location') reject(131009, "Action name must be 'send_location'.");
      return [];
    case 'product':
      validateProduct(interactive);
      return [];
    case 'product_list':
      validateProductList(interactive);
      return [];
    case 'catalog_message':
      requiredText(asRecord(interactive.body)?.text, 1024, 'Body text');
      if (asString(asRecord(interactive.action)?.name) !== 'catalog_message') reject(131009, "Action name must be 'catalog_message'.");
      return [];
    case 'address_message':
    case 'call_permission_request':
      return [];
    default:
      return reject(
        100,
        `Param interactive['type'] must be one of {BUTTON, LIST, CTA_URL, FLOW, PRODUCT, PRODUCT_LIST, CATALOG_MESSAGE, LOCATION_REQUEST_MESSAGE, ADDRESS_MESSAGE}.`,
      );
  }
}

function maxLength(value: string | undefined, max: number, what: string): void {
  if (value !== undefined && value.length > max) {
    reject(131009, `${what} length invalid. Min length: 1, Max length: ${max}`);
  }
}

function requiredText(value: unknown, max: number, what: string): string {
  const text = asString(value);
  if (text === undefined || text.length === 0) reject(131008, `${what} is required.`);
  maxLength(text, max, what);
  return text;
}

const MEDIA_HEADERS = ['image', 'video', 'document'];

function checkHeaderAndFooter(interactive: JsonRecord, type: string): void {
  const header = asRecord(interactive.header);
  const headerType = asString(header?.type);
  if (header && headerType === 'text') maxLength(asString(header.text), 60, 'Header text');
  if (header && headerType !== undefined && MEDIA_HEADERS.includes(headerType)) {
    const media = asRecord(header[headerType]);
    if (!asString(media?.id) && !asString(media?.link))
      reject(131008, `Parameter 'interactive.header.${headerType}.id' or 'interactive.header.${headerType}.link' is required.`);
  }
  if (header && type === 'product_list' && headerType !== 'text') {
    reject(131009, 'Header type invalid. Only text headers are supported for product list messages.');
  }
  if (header && type === 'list' && asString(header.type) !== 'text') {
    reject(131009, 'Header type invalid. Only text headers are supported for list messages.');
  }
  const footer = asRecord(interactive.footer);
  if (footer) maxLength(asString(footer.text), 60, 'Footer text');
}

function validateButtons(interactive: JsonRecord): OutboundChoice[] {
  requiredText(asRecord(interactive.body)?.text, 1024, 'Body text');
  const buttons = asArray(asRecord(interactive.action)?.buttons);
  if (!buttons) reject(131008, "Parameter 'interactive.action.buttons' is required.");
  if (buttons.length < 1 || buttons.length > 3) {
    reject(131009, 'Buttons count invalid. Min allowed buttons: 1, Max allowed buttons: 3');
  }
  const choices = buttons.map((entry): OutboundChoice => {
    const button = asRecord(entry) ?? {};
    if (asString(button.type) !== 'reply') reject(131009, "Button type invalid. Only 'reply' buttons are supported.");
    const reply = asRecord(button.reply) ?? {};
    const id = requiredText(reply.id, 256, 'Button id');
    if (id.trim() !== id) reject(131009, 'Button id must not have leading or trailing spaces.');
    const title = requiredText(reply.title, 20, 'Button title');
    return { kind: 'button', id, title };
  });
  if (new Set(choices.map((c) => c.id)).size !== choices.length) reject(131009, 'Duplicate buttons ids are not allowed.');
  if (new Set(choices.map((c) => c.title)).size !== choices.length) reject(131009, 'Button titles must be unique.');
  return choices;
}

function validateList(interactive: JsonRecord): OutboundChoice[] {
  requiredText(asRecord(interactive.body)?.text, 4096, 'Body text');
  const action = asRecord(interactive.action) ?? {};
  requiredText(action.button, 20, 'Button label');
  const sections = asArray(action.sections);
  if (!sections || sections.length < 1) reject(131008, "Parameter 'interactive.action.sections' is required.");
  if (sections.length > 10) reject(131009, 'Sections count invalid. Min allowed sections: 1, Max allowed sections: 10');

  const choices: OutboundChoice[] = [];
  for (const entry of sections) {
    const section = asRecord(entry) ?? {};
    const title = asString(section.title);
    if (sections.length > 1 && !title) reject(131009, 'Section title is required when there is more than one section.');
    maxLength(title, 24, 'Section title');
    const rows = asArray(section.rows);
    if (!rows || rows.length < 1) reject(131009, 'Rows count invalid. Each section needs at least one row.');
    for (const rowEntry of rows) {
      const row = asRecord(rowEntry) ?? {};
      const id = requiredText(row.id, 200, 'Row id');
      const rowTitle = requiredText(row.title, 24, 'Row title');
      const description = asString(row.description);
      maxLength(description, 72, 'Row description');
      choices.push(description === undefined ? { kind: 'list_row', id, title: rowTitle } : { kind: 'list_row', id, title: rowTitle, description });
    }
  }
  if (choices.length > 10) reject(131009, `Total row count exceed max allowed count: 10`);
  if (new Set(choices.map((c) => c.id)).size !== choices.length) reject(131009, 'Duplicate row ids are not allowed.');
  return choices;
}

function validateCtaUrl(interactive: JsonRecord): void {
  requiredText(asRecord(interactive.body)?.text, 1024, 'Body text');
  const action = asRecord(interactive.action) ?? {};
  if (asString(action.name) !== 'cta_url') reject(131009, "Action name must be 'cta_url'.");
  const parameters = asRecord(action.parameters) ?? {};
  requiredText(parameters.display_text, 20, 'Display text');
  requiredText(parameters.url, 2000, 'URL');
}

/** A Flow by `flow_id` or `flow_name` (one of them), version 3, opened by navigate or a data exchange. */
function validateFlow(interactive: JsonRecord): void {
  requiredText(asRecord(interactive.body)?.text, 1024, 'Body text');
  const action = asRecord(interactive.action) ?? {};
  if (asString(action.name) !== 'flow') reject(131009, "Action name must be 'flow'.");
  const parameters = asRecord(action.parameters);
  if (!parameters) reject(131008, "Parameter 'interactive.action.parameters' is required.");
  if (parameters.flow_message_version === undefined) reject(131008, "Parameter 'interactive.action.parameters.flow_message_version' is required.");
  if (parameters.flow_message_version !== '3') reject(131009, "Param flow_message_version must be '3'.");
  const id = asString(parameters.flow_id);
  const name = asString(parameters.flow_name);
  if (!id && !name) reject(131008, "Parameter 'interactive.action.parameters.flow_id' or 'interactive.action.parameters.flow_name' is required.");
  if (id && name) reject(131009, 'Params flow_id and flow_name cannot be used together.');
  requiredText(parameters.flow_cta, 30, 'Flow CTA');
  const mode = parameters.mode;
  if (mode !== undefined && mode !== 'draft' && mode !== 'published') reject(131009, 'Param mode must be one of {DRAFT, PUBLISHED}.');
  const flowAction = parameters.flow_action ?? 'navigate';
  if (flowAction !== 'navigate' && flowAction !== 'data_exchange') reject(131009, 'Param flow_action must be one of {NAVIGATE, DATA_EXCHANGE}.');
  const payload = parameters.flow_action_payload;
  if (payload === undefined) return;
  if (flowAction === 'data_exchange') reject(131009, 'Param flow_action_payload must be omitted when flow_action is data_exchange.');
  const screen = asString(asRecord(payload)?.screen);
  if (!screen) reject(131008, "Parameter 'interactive.action.parameters.flow_action_payload.screen' is required.");
  const data = asRecord(payload)?.data;
  if (data !== undefined && (!asRecord(data) || Object.keys(asRecord(data) ?? {}).length === 0)) {
    reject(131009, 'Param flow_action_payload.data must be a non-empty object.');
  }
}

function validateProduct(interactive: JsonRecord): void {
  const body = asRecord(interactive.body);
  if (body) maxLength(asString(body.text), 1024, 'Body text');
  const action = asRecord(interactive.action) ?? {};
  if (!asString(action.catalog_id)) reject(131008, "Parameter 'interactive.action.catalog_id' is required.");
  if (!asString(action.product_retailer_id)) reject(131008, "Parameter 'interactive.action.product_retailer_id' is required.");
}

function validateProductList(interactive: JsonRecord): void {
  if (!asRecord(interactive.header)) reject(131008, "Parameter 'interactive.header' is required.");
  requiredText(asRecord(interactive.header)?.text, 60, 'Header text');
  requiredText(asRecord(interactive.body)?.text, 1024, 'Body text');
  const action = asRecord(interactive.action) ?? {};
  if (!asString(action.catalog_id)) reject(131008, "Parameter 'interactive.action.catalog_id' is required.");
  const sections = asArray(action.sections);
  if (!sections || sections.length < 1) reject(131008, "Parameter 'interactive.action.sections' is required.");
  if (sections.length > 10) reject(131009, 'Sections count invalid. Min allowed sections: 1, Max allowed sections: 10');
  let products = 0;
  sections.forEach((entry, i) => {
    const section = asRecord(entry) ?? {};
    requiredText(section.title, 24, 'Section title');
    const items = asArray(section.product_items);
    if (!items || items.length < 1) reject(131009, 'Products count invalid. Each section needs at least one product.');
    items.forEach((item, j) => {
      if (!asString(asRecord(item)?.product_retailer_id))
        reject(131008, `Parameter 'interactive.action.sections[${i}].product_items[${j}].product_retailer_id' is required.`);
    });
    products += items.length;
  });
  if (products > 30) reject(131009, 'Total product count exceed max allowed count: 30');
}
