import { createSimulator } from '../simulator.js';
import type { Simulator } from '../simulator-api.js';
import { postMessage } from '../testing/graph-requests.js';
import { loadFixture } from '../testing/shape.js';

// Meta's documented example for each send type (libs/whatsapp/fixtures, sources in SOURCES.md):
// accepted as written, and refused with Meta's code and details when a required part is taken out.

type Body = Record<string, unknown>;

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
];

let recipient = 16505550100;

describe("every send type, with Meta's own example bodies", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await createSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  /** The example addressed to a fresh customer who has just written (free-form types need the window). */
  function addressed(name: string, edit: (body: Body) => void = () => {}): Body {
    recipient += 1;
    const to = String(recipient);
    sim.customer(to).sendText('hi');
    const body = structuredClone(loadFixture(name)) as Body;
    body.to = to;
    edit(body);
    return body;
  }

  it.each(EXAMPLES)('accepts %s and records it as sent', async (name) => {
    const body = addressed(name);
    const answer = await postMessage(sim, body);
    expect([answer.status, answer.json.error]).toEqual([200, undefined]);
    expect(sim.ledger().at(-1)).toMatchObject({ to: body.to, type: body.type, body });
  });

  const dig = (value: unknown, ...keys: (string | number)[]): Body =>
    keys.reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], value) as Body;

  it.each<[string, string, (body: Body) => void, number, string]>([
    [
      'a contact without a formatted name',
      'send-contacts-request-meta-docs.json',
      (b) => delete dig(b, 'contacts', 0, 'name').formatted_name,
      131008,
      "Parameter 'contacts[0].name.formatted_name' is required.",
    ],
    [
      'a CTA-URL button without its url',
      'send-interactive-cta-url-request-meta-docs.json',
      (b) => delete dig(b, 'interactive', 'action', 'parameters').url,
      131008,
      'URL is required.',
    ],
    [
      'a CTA-URL image header without id or link',
      'send-interactive-cta-url-request-meta-docs.json',
      (b) => (dig(b, 'interactive', 'header').image = {}),
      131008,
      "Parameter 'interactive.header.image.id' or 'interactive.header.image.link' is required.",
    ],
    [
      'a Flow without flow_id or flow_name',
      'send-interactive-flow-request-meta-docs.json',
      (b) => delete dig(b, 'interactive', 'action', 'parameters').flow_id,
      131008,
      "Parameter 'interactive.action.parameters.flow_id' or 'interactive.action.parameters.flow_name' is required.",
    ],
    [
      'a Flow of another version',
      'send-interactive-flow-request-meta-docs.json',
      (b) => (dig(b, 'interactive', 'action', 'parameters').flow_message_version = '2'),
      131009,
      "Param flow_message_version must be '3'.",
    ],
    [
      'a Flow without its CTA',
      'send-interactive-flow-request-meta-docs.json',
      (b) => delete dig(b, 'interactive', 'action', 'parameters').flow_cta,
      131008,
      'Flow CTA is required.',
    ],
    [
      'a location request without a body',
      'send-interactive-location-request-request-meta-docs.json',
      (b) => delete dig(b, 'interactive').body,
      131008,
      'Body text is required.',
    ],
    [
      'a location request with another action',
      'send-interactive-location-request-request-meta-docs.json',
      (b) => (dig(b, 'interactive', 'action').name = 'location'),
      131009,
      "Action name must be 'send_location'.",
    ],
    [
      'a product without product_retailer_id',
      'send-interactive-product-request-meta-docs.json',
      (b) => delete dig(b, 'interactive', 'action').product_retailer_id,
      131008,
      "Parameter 'interactive.action.product_retailer_id' is required.",
    ],
    [
      'a product list without a header',
      'send-interactive-product-list-request-meta-docs.json',
      (b) => delete dig(b, 'interactive').header,
      131008,
      "Parameter 'interactive.header' is required.",
    ],
    [
      'a product list item without its id',
      'send-interactive-product-list-request-meta-docs.json',
      (b) => delete dig(b, 'interactive', 'action', 'sections', 1, 'product_items', 0).product_retailer_id,
      131008,
      "Parameter 'interactive.action.sections[1].product_items[0].product_retailer_id' is required.",
    ],
    [
      'a catalog message with another action',
      'send-interactive-catalog-message-request-meta-docs.json',
      (b) => (dig(b, 'interactive', 'action').name = 'catalog'),
      131009,
      "Action name must be 'catalog_message'.",
    ],
    [
      'a copy-code button without the coupon',
      'send-template-coupon-code-request-meta-docs.json',
      (b) => (dig(b, 'template', 'components', 1).parameters = []),
      132000,
      'buttons: button at index 1 of type CopyCode requires exactly one coupon_code parameter',
    ],
    [
      'a coupon over 15 characters',
      'send-template-coupon-code-request-meta-docs.json',
      (b) => (dig(b, 'template', 'components', 1, 'parameters', 0).coupon_code = 'X'.repeat(16)),
      131009,
      'Coupon code length invalid. Min length: 1, Max length: 15',
    ],
    [
      'a one-time code button without the code',
      'send-template-authentication-copy-code-request-meta-docs.json',
      (b) => (dig(b, 'template', 'components').length = 1),
      132000,
      'buttons: button at index 0 of type Url requires exactly one parameter (the one-time code)',
    ],
    [
      'a media header without id or link',
      'send-template-image-link-header-request-meta-docs.json',
      (b) => (dig(b, 'template', 'components', 0, 'parameters', 0).image = {}),
      131008,
      "Parameter 'header.image.id' or 'header.image.link' is required.",
    ],
    [
      'a carousel with a card missing',
      'send-template-carousel-quick-reply-request-meta-docs.json',
      (b) => dig(b, 'template', 'components', 1).cards && (dig(b, 'template', 'components', 1).cards as unknown[]).pop(),
      132000,
      'carousel: number of cards (2) does not match the expected number of cards (3)',
    ],
    [
      'a carousel card without its URL suffix',
      'send-template-carousel-quick-reply-request-meta-docs.json',
      (b) => (dig(b, 'template', 'components', 1, 'cards', 2, 'components') as unknown as unknown[]).pop(),
      132000,
      'cards[2].buttons: button at index 1 of type Url requires exactly one parameter',
    ],
  ])('refuses %s', async (_label, name, edit, code, details) => {
    const before = sim.ledger().length;
    const answer = await postMessage(sim, addressed(name, edit));
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({
      code,
      type: 'OAuthException',
      message: expect.stringMatching(new RegExp(`^\\(#${code}\\) `)),
      error_data: { messaging_product: 'whatsapp', details },
    });
    expect(sim.ledger()).toHaveLength(before);
  });

  it("offers a carousel's quick replies as choices, tapped by their payloads", async () => {
    const body = addressed('send-template-carousel-quick-reply-request-meta-docs.json');
    expect((await postMessage(sim, body)).status).toBe(200);
    const sent = sim.acceptedMessages().at(-1)!;
    expect(sent.choices.map((c) => [c.kind, c.id, c.title])).toEqual(
      ['more-aloes', 'more-crassulas', 'more-echeverias'].map((id) => ['quick_reply', id, 'Send me more like this!']),
    );
    sim.customer(String(body.to)).reply(sent.wamid, 'more-crassulas');
    expect(sim.inboundMessages().at(-1)).toMatchObject({ type: 'button', contextWamid: sent.wamid, message: { button: { payload: 'more-crassulas' } } });
  });
});
