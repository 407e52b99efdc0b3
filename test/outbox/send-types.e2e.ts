import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { canonicalJson } from '@sendbook/whatsapp';
import { inbound } from '../conversations/conversation-support.js';
import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';

// Every send type Meta documents, with Meta's own example body (libs/whatsapp/fixtures, sources in
// SOURCES.md): accepted by POST /v1/messages and sent to the Graph API as the example was written,
// with only the routing Sendbook owns (to, recipient_type, biz_opaque_callback_data) set by us.

type Body = Record<string, unknown>;

const FIXTURES = path.dirname(createRequire(import.meta.url).resolve('@sendbook/whatsapp/fixtures/SOURCES.md'));
const fixture = (name: string): Body => JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8')) as Body;
const ROUTING = new Set(['messaging_product', 'recipient_type', 'to']);
/** The outbox payload for an example: the body without the routing fields. */
const payloadOf = (body: Body): Body => Object.fromEntries(Object.entries(body).filter(([key]) => !ROUTING.has(key)));

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

describe("every send type in Meta's reference goes out as Meta documents it", () => {
  let sb: Sendbook;
  let n = 0;
  beforeAll(async () => {
    sb = await startSendbook({ app: { env: { SEND_RATE_PER_SECOND: '1000' } } });
    // The registry knows the simulator's templates (Meta's examples among them) before any send is judged.
    await sb.api().post('/v1/templates/sync').expect(200);
  });
  afterAll(() => sb.close());

  const message = async (id: string) => (await sb.api().get(`/v1/messages/${id}`).expect(200)).body.message;

  it.each(EXAMPLES)('%s: accepted, sent byte-for-byte equivalent', async (name) => {
    n += 1;
    const waId = `1650555${String(3000 + n)}`;
    // Free-form types need the customer-service window: the customer writes first.
    await inbound(sb, sb.sim.customer(waId).sendText('hi'));
    const example = fixture(name);
    const created = await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: `send-types-${n}`, to: `+${waId}`, purpose: 'send_types', trigger_ref: name, payload: payloadOf(example) }))
      .expect(201);
    const id = created.body.message.id as string;
    await waitFor(async () => ['accepted', 'sent', 'delivered', 'read'].includes((await message(id)).state), { what: `${name} sent` });

    const sent = sb.sim.ledger().filter((e) => e.bizOpaqueCallbackData === id);
    expect(sent).toHaveLength(1);
    const expected = { ...example, messaging_product: 'whatsapp', recipient_type: 'individual', to: `+${waId}`, biz_opaque_callback_data: id };
    expect(canonicalJson(sent[0]!.body)).toBe(canonicalJson(expected));
  });

  it.each<[string, string, (payload: Body) => void, string]>([
    [
      'contacts',
      'send-contacts-request-meta-docs.json',
      (p) => delete ((p.contacts as Body[])[0]!.name as Body).formatted_name,
      'payload.contacts[0].name.formatted_name',
    ],
    [
      'cta_url',
      'send-interactive-cta-url-request-meta-docs.json',
      (p) => delete (((p.interactive as Body).action as Body).parameters as Body).url,
      'payload.interactive.action.parameters.url',
    ],
    [
      'flow',
      'send-interactive-flow-request-meta-docs.json',
      (p) => delete (((p.interactive as Body).action as Body).parameters as Body).flow_cta,
      'payload.interactive.action.parameters.flow_cta',
    ],
    [
      'location_request_message',
      'send-interactive-location-request-request-meta-docs.json',
      (p) => delete (p.interactive as Body).body,
      'payload.interactive.body.text',
    ],
    [
      'product',
      'send-interactive-product-request-meta-docs.json',
      (p) => delete ((p.interactive as Body).action as Body).product_retailer_id,
      'payload.interactive.action.product_retailer_id',
    ],
    ['product_list', 'send-interactive-product-list-request-meta-docs.json', (p) => delete (p.interactive as Body).header, 'payload.interactive.header'],
    [
      'catalog_message',
      'send-interactive-catalog-message-request-meta-docs.json',
      (p) => (((p.interactive as Body).action as Body).name = 'catalog'),
      'payload.interactive.action.name',
    ],
    [
      'copy_code',
      'send-template-coupon-code-request-meta-docs.json',
      (p) => delete (((p.template as Body).components as Body[])[1]!.parameters as Body[])[0]!.coupon_code,
      'payload.template.components[1].parameters[0].coupon_code',
    ],
    [
      'url button',
      'send-template-authentication-copy-code-request-meta-docs.json',
      (p) => ((p.template as Body).components as Body[]).pop(),
      'payload.template.components[button:0]',
    ],
    [
      'media header',
      'send-template-image-link-header-request-meta-docs.json',
      (p) => ((((p.template as Body).components as Body[])[0]!.parameters as Body[])[0]!.image = {}),
      'payload.template.components[0].parameters[0].image',
    ],
    [
      'carousel',
      'send-template-carousel-quick-reply-request-meta-docs.json',
      (p) => (((p.template as Body).components as Body[])[1]!.cards as Body[]).pop(),
      'payload.template.components[carousel]',
    ],
  ])('%s without what Meta requires: 400 naming the field, nothing stored or sent', async (_type, name, edit, field) => {
    const payload = structuredClone(payloadOf(fixture(name)));
    edit(payload);
    const before = sb.sim.ledger().length;
    const res = await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: `send-types-bad-${field}`, to: '+16505559876', purpose: 'send_types', payload }))
      .expect(400);
    expect(res.body.error).toBe('validation_failed');
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    expect((await sb.dataSource.query(`SELECT count(*)::int AS n FROM outbound_messages WHERE dedupe_key = $1`, [`send-types-bad-${field}`]))[0].n).toBe(0);
    expect(sb.sim.ledger()).toHaveLength(before);
  });

  it('an interactive type Meta does not have is refused, listing every type it has', async () => {
    const res = await sb
      .api()
      .post('/v1/messages')
      .send(
        messageRequest({
          dedupe_key: 'send-types-unknown',
          to: '+16505559877',
          purpose: 'send_types',
          payload: { type: 'interactive', interactive: { type: 'poll', body: { text: 'x' }, action: {} } },
        }),
      )
      .expect(400);
    expect(res.body.details).toEqual([
      {
        field: 'payload.interactive.type',
        message: expect.stringContaining('button, list, cta_url, flow, location_request_message, product, product_list, catalog_message'),
      },
    ]);
  });
});
