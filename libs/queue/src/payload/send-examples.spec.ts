import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { validatePayload } from '../validate-payload.js';

// Meta's documented example request for each send type (libs/whatsapp/fixtures, sources in its SOURCES.md):
// the outbox payload is the body without the routing fields Sendbook sets itself.
const FIXTURES = path.dirname(createRequire(import.meta.url).resolve('@sendbook/whatsapp/fixtures/SOURCES.md'));
const ROUTING = new Set(['messaging_product', 'recipient_type', 'to']);

function examplePayload(name: string): Record<string, unknown> {
  const body = JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8')) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(body).filter(([key]) => !ROUTING.has(key)));
}

const EXAMPLES = [
  'send-contacts-request-meta-docs.json',
  'send-interactive-cta-url-request-meta-docs.json',
  'send-interactive-flow-request-meta-docs.json',
  'send-interactive-location-request-request-meta-docs.json',
  'send-interactive-product-request-meta-docs.json',
  'send-interactive-product-list-request-meta-docs.json',
  'send-interactive-catalog-message-request-meta-docs.json',
  'send-template-coupon-code-request-meta-docs.json',
  'send-template-authentication-copy-code-request-meta-docs.json',
  'send-template-image-link-header-request-meta-docs.json',
  'send-template-named-params-request-meta-docs.json',
  'send-template-carousel-quick-reply-request-meta-docs.json',
  'send-interactive-buttons-request-meta-docs.json',
  'send-interactive-list-request-meta-docs.json',
];

describe("Meta's example for every send type", () => {
  it.each(EXAMPLES)('%s is accepted as it is', (name) => {
    expect(validatePayload(examplePayload(name))).toEqual([]);
  });
});

type Payload = Record<string, unknown>;
type Edit = (payload: Payload) => void;

/** A deep copy of the example with one thing changed. */
function edited(name: string, edit: Edit): Payload {
  const copy = structuredClone(examplePayload(name));
  edit(copy);
  return copy;
}

const dig = (value: unknown, ...keys: (string | number)[]): Record<string, unknown> =>
  keys.reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], value) as Record<string, unknown>;

describe('each send type refuses a body missing what Meta requires, naming the field', () => {
  it.each<[string, string, Edit, string]>([
    ['contacts', 'send-contacts-request-meta-docs.json', (p) => delete dig(p, 'contacts', 0, 'name').formatted_name, 'payload.contacts[0].name.formatted_name'],
    ['contacts', 'send-contacts-request-meta-docs.json', (p) => (p.contacts = []), 'payload.contacts'],
    ['contacts', 'send-contacts-request-meta-docs.json', (p) => delete dig(p, 'contacts', 0, 'phones', 1).phone, 'payload.contacts[0].phones[1].phone'],
    ['contacts', 'send-contacts-request-meta-docs.json', (p) => (dig(p, 'contacts', 0).birthday = '23/01/1999'), 'payload.contacts[0].birthday'],
    [
      'cta_url',
      'send-interactive-cta-url-request-meta-docs.json',
      (p) => delete dig(p, 'interactive', 'action', 'parameters').url,
      'payload.interactive.action.parameters.url',
    ],
    [
      'cta_url',
      'send-interactive-cta-url-request-meta-docs.json',
      (p) => (dig(p, 'interactive', 'action', 'parameters').url = 'luckyshrub.com'),
      'payload.interactive.action.parameters.url',
    ],
    [
      'cta_url',
      'send-interactive-cta-url-request-meta-docs.json',
      (p) => (dig(p, 'interactive', 'action', 'parameters').display_text = 'x'.repeat(21)),
      'payload.interactive.action.parameters.display_text',
    ],
    [
      'cta_url',
      'send-interactive-cta-url-request-meta-docs.json',
      (p) => (dig(p, 'interactive', 'header', 'image').id = '123'),
      'payload.interactive.header.image',
    ],
    [
      'flow',
      'send-interactive-flow-request-meta-docs.json',
      (p) => delete dig(p, 'interactive', 'action', 'parameters').flow_cta,
      'payload.interactive.action.parameters.flow_cta',
    ],
    [
      'flow',
      'send-interactive-flow-request-meta-docs.json',
      (p) => delete dig(p, 'interactive', 'action', 'parameters').flow_id,
      'payload.interactive.action.parameters.flow_id',
    ],
    [
      'flow',
      'send-interactive-flow-request-meta-docs.json',
      (p) => (dig(p, 'interactive', 'action', 'parameters').flow_message_version = 3),
      'payload.interactive.action.parameters.flow_message_version',
    ],
    [
      'flow',
      'send-interactive-flow-request-meta-docs.json',
      (p) => (dig(p, 'interactive', 'action', 'parameters').flow_action = 'data_exchange'),
      'payload.interactive.action.parameters.flow_action_payload',
    ],
    ['flow', 'send-interactive-flow-request-meta-docs.json', (p) => (dig(p, 'interactive', 'action').name = 'cta_url'), 'payload.interactive.action.name'],
    [
      'location_request_message',
      'send-interactive-location-request-request-meta-docs.json',
      (p) => delete dig(p, 'interactive').body,
      'payload.interactive.body.text',
    ],
    [
      'location_request_message',
      'send-interactive-location-request-request-meta-docs.json',
      (p) => (dig(p, 'interactive', 'action').name = 'location'),
      'payload.interactive.action.name',
    ],
    [
      'product',
      'send-interactive-product-request-meta-docs.json',
      (p) => delete dig(p, 'interactive', 'action').product_retailer_id,
      'payload.interactive.action.product_retailer_id',
    ],
    [
      'product',
      'send-interactive-product-request-meta-docs.json',
      (p) => delete dig(p, 'interactive', 'action').catalog_id,
      'payload.interactive.action.catalog_id',
    ],
    ['product_list', 'send-interactive-product-list-request-meta-docs.json', (p) => delete dig(p, 'interactive').header, 'payload.interactive.header'],
    [
      'product_list',
      'send-interactive-product-list-request-meta-docs.json',
      (p) => delete dig(p, 'interactive', 'action', 'sections', 1).title,
      'payload.interactive.action.sections[1].title',
    ],
    [
      'product_list',
      'send-interactive-product-list-request-meta-docs.json',
      (p) => delete dig(p, 'interactive', 'action', 'sections', 0, 'product_items', 1).product_retailer_id,
      'payload.interactive.action.sections[0].product_items[1].product_retailer_id',
    ],
    [
      'product_list',
      'send-interactive-product-list-request-meta-docs.json',
      (p) => (dig(p, 'interactive', 'action', 'sections', 0).product_items = Array.from({ length: 31 }, (_, i) => ({ product_retailer_id: `sku-${i}` }))),
      'payload.interactive.action.sections',
    ],
    [
      'catalog_message',
      'send-interactive-catalog-message-request-meta-docs.json',
      (p) => delete dig(p, 'interactive', 'body').text,
      'payload.interactive.body.text',
    ],
    [
      'catalog_message',
      'send-interactive-catalog-message-request-meta-docs.json',
      (p) => (dig(p, 'interactive', 'action').name = 'catalog'),
      'payload.interactive.action.name',
    ],
    [
      'copy_code',
      'send-template-coupon-code-request-meta-docs.json',
      (p) => delete dig(p, 'template', 'components', 1, 'parameters', 0).coupon_code,
      'payload.template.components[1].parameters[0].coupon_code',
    ],
    [
      'copy_code',
      'send-template-coupon-code-request-meta-docs.json',
      (p) => (dig(p, 'template', 'components', 1, 'parameters', 0).coupon_code = 'X'.repeat(16)),
      'payload.template.components[1].parameters[0].coupon_code',
    ],
    [
      'copy_code',
      'send-template-coupon-code-request-meta-docs.json',
      (p) => (dig(p, 'template', 'components', 1).parameters = []),
      'payload.template.components[1].parameters',
    ],
    [
      'url button',
      'send-template-authentication-copy-code-request-meta-docs.json',
      (p) => delete dig(p, 'template', 'components', 1).index,
      'payload.template.components[1].index',
    ],
    [
      'url button',
      'send-template-authentication-copy-code-request-meta-docs.json',
      (p) => (dig(p, 'template', 'components', 1).parameters = []),
      'payload.template.components[1].parameters',
    ],
    [
      'media header',
      'send-template-image-link-header-request-meta-docs.json',
      (p) => delete dig(p, 'template', 'components', 0, 'parameters', 0, 'image').link,
      'payload.template.components[0].parameters[0].image',
    ],
    [
      'media header',
      'send-template-named-params-request-meta-docs.json',
      (p) => (dig(p, 'template', 'components', 0, 'parameters', 0, 'image').link = 'https://example.com/a.png'),
      'payload.template.components[0].parameters[0].image',
    ],
    [
      'carousel',
      'send-template-carousel-quick-reply-request-meta-docs.json',
      (p) => (dig(p, 'template', 'components', 1).cards = []),
      'payload.template.components[1].cards',
    ],
    [
      'carousel',
      'send-template-carousel-quick-reply-request-meta-docs.json',
      (p) => (dig(p, 'template', 'components', 1, 'cards', 2).card_index = 0),
      'payload.template.components[1].cards[2].card_index',
    ],
    [
      'carousel',
      'send-template-carousel-quick-reply-request-meta-docs.json',
      (p) => delete dig(p, 'template', 'components', 1, 'cards', 1, 'components', 0, 'parameters', 0, 'image').id,
      'payload.template.components[1].cards[1].components[0].parameters[0].image',
    ],
    [
      'carousel',
      'send-template-carousel-quick-reply-request-meta-docs.json',
      (p) => delete dig(p, 'template', 'components', 1, 'cards', 0, 'components', 1, 'parameters', 0).payload,
      'payload.template.components[1].cards[0].components[1].parameters[0].payload',
    ],
  ])('%s (%s)', (_type, name, edit, field) => {
    const problems = validatePayload(edited(name, edit));
    expect(problems.map((p) => p.field)).toContain(field);
  });

  it('media headers in video and document too, by id or by link', () => {
    const send = (parameter: Record<string, unknown>) => ({
      type: 'template',
      template: { name: 'a', language: { code: 'en' }, components: [{ type: 'header', parameters: [parameter] }] },
    });
    expect(validatePayload(send({ type: 'video', video: { link: 'https://example.com/a.mp4' } }))).toEqual([]);
    expect(validatePayload(send({ type: 'document', document: { id: '4242', filename: 'invoice.pdf' } }))).toEqual([]);
    expect(validatePayload(send({ type: 'document', document: { filename: 'invoice.pdf' } })).map((p) => p.field)).toEqual([
      'payload.template.components[0].parameters[0].document',
    ]);
  });

  it('an interactive type Meta does not have names the type and lists the ones it has', () => {
    const [problem] = validatePayload({ type: 'interactive', interactive: { type: 'poll', body: { text: 'x' }, action: {} } });
    expect(problem).toEqual({
      field: 'payload.interactive.type',
      message: expect.stringContaining('cta_url, flow, location_request_message, product, product_list, catalog_message'),
    });
  });

  it('a flow by name instead of id, and a data exchange without a payload', () => {
    const flow = (parameters: Record<string, unknown>) => ({
      type: 'interactive',
      interactive: { type: 'flow', body: { text: 'Book' }, action: { name: 'flow', parameters } },
    });
    expect(validatePayload(flow({ flow_message_version: '3', flow_name: 'booking', flow_cta: 'Book', flow_action: 'data_exchange' }))).toEqual([]);
    expect(validatePayload(flow({ flow_message_version: '3', flow_name: 'booking', flow_id: '1', flow_cta: 'Book' })).map((p) => p.field)).toEqual([
      'payload.interactive.action.parameters.flow_id',
    ]);
  });
});
