import { asArray, asRecord, asString, type JsonRecord } from '../core/guards.js';
import type { OutboundChoice } from '../send/outbound-message.js';
import { reject } from './graph-rejection.js';

/**
 * Interactive message limits from Meta's docs: reply buttons (≤3, title ≤20, unique ids and titles),
 * lists (≤10 sections, ≤10 rows in total, row title ≤24 ...). Returns what the customer can pick.
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
    case 'product':
    case 'product_list':
    case 'catalog_message':
    case 'location_request_message':
    case 'address_message':
    case 'call_permission_request':
      return [];
    default:
      return reject(100, `Param interactive['type'] must be one of {BUTTON, LIST, CTA_URL, FLOW, PRODUCT, PRODUCT_LIST, CATALOG_MESSAGE, LOCATION_REQUEST_MESSAGE, ADDRESS_MESSAGE}.`);
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

function checkHeaderAndFooter(interactive: JsonRecord, type: string): void {
  const header = asRecord(interactive.header);
  if (header && asString(header.type) === 'text') maxLength(asString(header.text), 60, 'Header text');
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
