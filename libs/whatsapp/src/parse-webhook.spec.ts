import { fixtureBytes, fixtureJson, fixtureNames, fixtureShape, type FixtureShape } from '../test-support/fixtures.js';
import type { WebhookEvent, WebhookParseResult } from './events.js';
import { parseWebhook } from './parse-webhook.js';
import type { WebhookEnvelope } from './webhook-types.js';

function events(result: WebhookParseResult): WebhookEvent[] {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.events;
}

// Every envelope payload and what it must yield: event kinds in order, and the field of each.
const ENVELOPES: Record<string, { kinds: WebhookEvent['kind'][]; field: string }> = {
  'account-alerts-meta-docs.json': { kinds: ['field'], field: 'account_alerts' },
  'account-update-disabled-reinstate-meta-docs.json': { kinds: ['field'], field: 'account_update' },
  'account-update-violation-meta-docs.json': { kinds: ['field'], field: 'account_update' },
  'business-capability-update-meta-docs.json': { kinds: ['field'], field: 'business_capability_update' },
  'inbound-audio-voice-meta-docs.json': { kinds: ['message'], field: 'messages' },
  'inbound-button-reply-meta-docs.json': { kinds: ['message'], field: 'messages' },
  'inbound-button-reply-reply-buttons-page-meta-docs.json': { kinds: ['message'], field: 'messages' },
  'inbound-contacts-meta-docs.json': { kinds: ['message'], field: 'messages' },
  'inbound-document-meta-docs.json': { kinds: ['message'], field: 'messages' },
  'inbound-edit-coexistence-meta-docs.json': { kinds: ['message'], field: 'messages' },
  'inbound-frequently-forwarded-pywa.json': { kinds: ['message'], field: 'messages' },
  'inbound-image-caption-meta-docs.json': { kinds: ['message'], field: 'messages' },
  'inbound-image-no-url-pywa.json': { kinds: ['message'], field: 'messages' },
  'inbound-interactive-error-131000-pywa.json': { kinds: ['message', 'error'], field: 'messages' },
  'inbound-list-reply-meta-docs.json': { kinds: ['message'], field: 'messages' },
  'inbound-list-reply-with-description-pywa.json': { kinds: ['message'], field: 'messages' },
  'inbound-location-meta-docs.json': { kinds: ['message'], field: 'messages' },
  'inbound-nfm-reply-flow-pywa.json': { kinds: ['message'], field: 'messages' },
  'inbound-order-meta-docs.json': { kinds: ['message'], field: 'messages' },
  'inbound-reaction-meta-docs.json': { kinds: ['message'], field: 'messages' },
  'inbound-reaction-removed-meta-docs.json': { kinds: ['message'], field: 'messages' },
  'inbound-referral-ctwa-pywa.json': { kinds: ['message'], field: 'messages' },
  'inbound-revoke-coexistence-meta-docs.json': { kinds: ['message'], field: 'messages' },
  'inbound-sticker-meta-docs.json': { kinds: ['message'], field: 'messages' },
  'inbound-system-user-changed-number-meta-docs.json': { kinds: ['message'], field: 'messages' },
  'inbound-template-quick-reply-button-meta-docs.json': { kinds: ['message'], field: 'messages' },
  'inbound-text-ctwa-referral-meta-docs.json': { kinds: ['message'], field: 'messages' },
  'inbound-text-meta-docs.json': { kinds: ['message'], field: 'messages' },
  'inbound-text-referred-product-context-meta-docs.json': { kinds: ['message'], field: 'messages' },
  'inbound-unsupported-edit-meta-docs.json': { kinds: ['message'], field: 'messages' },
  'inbound-unsupported-with-type-pywa.json': { kinds: ['message'], field: 'messages' },
  'inbound-video-meta-docs.json': { kinds: ['message'], field: 'messages' },
  'phone-number-quality-update-throughput-upgrade-meta-docs.json': { kinds: ['field'], field: 'phone_number_quality_update' },
  'smb-message-echoes-text-meta-docs.json': { kinds: ['echo'], field: 'smb_message_echoes' },
  'status-delivered-cbp-meta-docs.json': { kinds: ['status'], field: 'messages' },
  'status-failed-130472-pywa.json': { kinds: ['status'], field: 'messages' },
  'status-failed-131049-meta-docs.json': { kinds: ['status'], field: 'messages' },
  'status-sent-biz-opaque-callback-data-pywa.json': { kinds: ['status'], field: 'messages' },
  'status-sent-pricing-pmp-meta-docs.json': { kinds: ['status'], field: 'messages' },
  'status-sent-v24-no-conversation-no-pricing-meta-docs.json': { kinds: ['status'], field: 'messages' },
  'template-category-update-changed-meta-docs.json': { kinds: ['field'], field: 'template_category_update' },
  'template-category-update-upcoming-meta-docs.json': { kinds: ['field'], field: 'template_category_update' },
  // Meta's example is labelled message_template_status_update; its shape is a quality update.
  'template-quality-update-meta-docs.json': { kinds: ['field'], field: 'message_template_quality_update' },
  'template-status-update-approved-meta-docs.json': { kinds: ['field'], field: 'message_template_status_update' },
  'template-status-update-rejected-meta-docs.json': { kinds: ['field'], field: 'message_template_status_update' },
  'user-preferences-marketing-resume-meta-docs.json': { kinds: ['field'], field: 'user_preferences' },
  'webhook-value-errors-130429-meta-docs.json': { kinds: ['error'], field: 'messages' },
};

// The other payloads, by the shape that decides which spec consumes them.
const NON_ENVELOPES: Record<string, Exclude<FixtureShape, 'envelope'>> = {
  'error-100-mm-api-response-meta-docs.json': 'graph_error_body', // classify-error.spec
  'error-130429-response-meta-docs.json': 'graph_error_body', // classify-error.spec, graph-client.spec
  'error-131047-status-error-object-pywa.json': 'error_object', // classify-error.spec
  'error-131053-media-upload-error-object-pywa.json': 'error_object', // classify-error.spec
  'error-190-expired-token-error-object-pywa.json': 'error_object', // classify-error.spec
  'mark-as-read-request-meta-docs.json': 'send_request', // build-message.spec
  'mark-as-read-response-meta-docs.json': 'send_response', // graph-client.spec
  'mark-as-read-with-typing-indicator-request-meta-docs.json': 'send_request', // build-message.spec
  'send-contacts-request-meta-docs.json': 'send_request', // Meta's example for each send type: test/outbox/send-types.e2e.ts
  'send-interactive-catalog-message-request-meta-docs.json': 'send_request', // Meta's example for each send type: test/outbox/send-types.e2e.ts
  'send-interactive-cta-url-request-meta-docs.json': 'send_request', // Meta's example for each send type: test/outbox/send-types.e2e.ts
  'send-interactive-flow-request-meta-docs.json': 'send_request', // Meta's example for each send type: test/outbox/send-types.e2e.ts
  'send-interactive-location-request-request-meta-docs.json': 'send_request', // Meta's example for each send type: test/outbox/send-types.e2e.ts
  'send-interactive-product-list-request-meta-docs.json': 'send_request', // Meta's example for each send type: test/outbox/send-types.e2e.ts
  'send-interactive-product-request-meta-docs.json': 'send_request', // Meta's example for each send type: test/outbox/send-types.e2e.ts
  'send-template-authentication-copy-code-request-meta-docs.json': 'send_request', // Meta's example for each send type: test/outbox/send-types.e2e.ts
  'send-template-coupon-code-request-meta-docs.json': 'send_request', // Meta's example for each send type: test/outbox/send-types.e2e.ts
  'send-template-image-link-header-request-meta-docs.json': 'send_request', // Meta's example for each send type: test/outbox/send-types.e2e.ts
  'send-interactive-buttons-request-meta-docs.json': 'send_request', // Meta's example; the API sends the caller's payload as given
  'send-interactive-list-request-meta-docs.json': 'send_request', // Meta's example; the API sends the caller's payload as given
  'send-reaction-request-meta-docs.json': 'send_request', // Meta's example; the API sends the caller's payload as given
  'send-reply-with-context-request-meta-docs.json': 'send_request', // build-message.spec
  'send-template-carousel-quick-reply-request-meta-docs.json': 'send_request', // Meta's example; the API sends the caller's payload as given
  'send-template-named-params-request-meta-docs.json': 'send_request', // Meta's example; the API sends the caller's payload as given
  'send-template-response-accepted-meta-docs.json': 'send_response', // graph-client.spec
  'send-text-request-meta-docs.json': 'send_request', // build-message.spec
  'send-text-response-meta-docs.json': 'send_response', // graph-client.spec
};

describe('payload fixtures', () => {
  it('are all accounted for, each classified by its shape', () => {
    const names = fixtureNames();
    expect(names.length).toBeGreaterThanOrEqual(60);
    for (const name of names) {
      const expected = ENVELOPES[name] ? 'envelope' : NON_ENVELOPES[name];
      expect([name, fixtureShape(fixtureJson(name))]).toEqual([name, expected]);
    }
    expect(Object.keys(ENVELOPES).length + Object.keys(NON_ENVELOPES).length).toBe(names.length);
  });

  it.each(Object.entries(ENVELOPES))('%s yields the expected events', (name, expected) => {
    const result = events(parseWebhook(fixtureBytes(name)));
    expect(result.map((event) => event.kind)).toEqual(expected.kinds);
    for (const event of result) {
      expect(event.field).toBe(expected.field);
      expect(event.key).toMatch(/^(msg|st|echo|err|f):/);
      expect(event.raw).toBeDefined();
    }
  });

  it.each(Object.entries(ENVELOPES))('%s parses the same from a string as from bytes', (name) => {
    expect(parseWebhook(fixtureBytes(name).toString('utf8'))).toEqual(parseWebhook(fixtureBytes(name)));
  });

  it.each(Object.keys(NON_ENVELOPES))('%s is not an envelope', (name) => {
    const result = parseWebhook(fixtureBytes(name));
    expect(result).toEqual({ ok: false, error: { code: 'not_an_envelope', message: expect.any(String) } });
  });
});

describe('parseWebhook on envelope details', () => {
  it('fills message event routing fields and the matching contact', () => {
    const [event] = events(parseWebhook(fixtureBytes('inbound-text-meta-docs.json')));
    expect(event).toMatchObject({
      kind: 'message',
      key: 'msg:106540352242922:wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=',
      wabaId: '102290129340398',
      phoneNumberId: '106540352242922',
      displayPhoneNumber: '15550783881',
      contact: { waId: '16505551234', name: 'Sheena Nelson', userId: null },
      message: { type: 'text', text: 'Does it come in another color?', timestamp: 1749416383, from: '16505551234' },
    });
  });

  it('reads BSUID fields of contacts', () => {
    const [event] = events(parseWebhook(fixtureBytes('inbound-frequently-forwarded-pywa.json')));
    expect(event?.kind === 'message' && event.contact).toMatchObject({
      waId: '972987654321',
      userId: 'US.13491208655302741918',
      parentUserId: 'US.ENT.11815799212886844830',
    });
  });

  it('has no contact for system messages (no contacts[])', () => {
    const [event] = events(parseWebhook(fixtureBytes('inbound-system-user-changed-number-meta-docs.json')));
    expect(event?.kind === 'message' && event.contact).toBeNull();
  });

  it('reads status details: conversation, pricing, callback data, errors', () => {
    const [sent] = events(parseWebhook(fixtureBytes('status-sent-biz-opaque-callback-data-pywa.json')));
    expect(sent).toMatchObject({
      kind: 'status',
      key: 'st:1122334455667:wamid.xyzxyz:sent',
      status: {
        id: 'wamid.xyzxyz',
        status: 'sent',
        timestamp: 1698266945,
        recipientId: '972987654321',
        bizOpaqueCallbackData: 'some data',
        conversation: { id: '7270432eae37498234f4444b35ffc5', expirationTimestamp: 1698339900, originType: 'service' },
        pricing: { billable: true, pricingModel: 'CBP', category: 'service', type: null },
        errors: [],
      },
    });
    const [failed] = events(parseWebhook(fixtureBytes('status-failed-131049-meta-docs.json')));
    expect(failed).toMatchObject({
      kind: 'status',
      status: {
        status: 'failed',
        conversation: null,
        pricing: null,
        errors: [{ code: 131049, details: 'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.' }],
      },
    });
  });

  it('reads smb_message_echoes as echo events keyed by wamid: what the business sent from the WhatsApp Business app', () => {
    const [event] = events(parseWebhook(fixtureBytes('smb-message-echoes-text-meta-docs.json')));
    expect(event).toMatchObject({
      kind: 'echo',
      key: 'echo:106540352242922:wamid.HBgLMTY0NjcwNDM1OTUVAgARGBIyNDlBOEI5QUQ4NDc0N0FCNjMA',
      field: 'smb_message_echoes',
      wabaId: '102290129340398',
      phoneNumberId: '106540352242922',
      displayPhoneNumber: '15550783881',
      echo: {
        id: 'wamid.HBgLMTY0NjcwNDM1OTUVAgARGBIyNDlBOEI5QUQ4NDc0N0FCNjMA',
        type: 'text',
        from: '15550783881',
        to: '16505551234',
        toUserId: null,
        timestamp: 1739321024,
        text: "Here's the info you requested! https://www.meta.com/quest/quest-3/",
        content: { type: 'text' },
      },
    });
  });

  it('reads an echo to a number written with + and spaces as its digits, one event per echo, and an echo change with none as a field', () => {
    const envelope = (value: Record<string, unknown>, field?: string) =>
      JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ value, ...(field ? { field } : {}) }] }] });
    const metadata = { display_phone_number: '15550783881', phone_number_id: '106540352242922' };
    const two = events(
      parseWebhook(
        envelope({
          metadata,
          message_echoes: [
            {
              from: '15550783881',
              to: '+1 650-555-1234',
              id: 'wamid.A',
              timestamp: '1',
              type: 'image',
              image: { id: '9', caption: 'the invoice', mime_type: 'image/jpeg' },
            },
            { from: '15550783881', to: '16505551234', id: 'wamid.B', timestamp: '2', type: 'text', text: { body: 'hi' } },
          ],
        }),
      ),
    );
    // No `field` on the change: told from the value's shape.
    expect(two.map((e) => (e.kind === 'echo' ? [e.key, e.echo.to, e.echo.text] : e.kind))).toEqual([
      ['echo:106540352242922:wamid.A', '16505551234', 'the invoice'],
      ['echo:106540352242922:wamid.B', '16505551234', 'hi'],
    ]);
    expect(events(parseWebhook(envelope({ metadata, message_echoes: [] }, 'smb_message_echoes'))).map((e) => e.kind)).toEqual(['field']);
  });

  it('reads value.errors[] as error events', () => {
    const [event] = events(parseWebhook(fixtureBytes('webhook-value-errors-130429-meta-docs.json')));
    expect(event).toMatchObject({
      kind: 'error',
      phoneNumberId: '106540352242922',
      error: { code: 130429, title: 'Rate limit hit' },
    });
    expect(event?.key).toMatch(/^err:106540352242922:130429:[0-9a-f]{64}$/);
  });

  it('gives field events entry.time and a content hash', () => {
    const [event] = events(parseWebhook(fixtureBytes('template-status-update-approved-meta-docs.json')));
    expect(event).toMatchObject({
      kind: 'field',
      wabaId: '102290129340398',
      time: 1751247548,
      value: { event: 'APPROVED', message_template_name: 'order_confirmation' },
    });
    expect(event?.key).toMatch(/^f:message_template_status_update:102290129340398:1751247548:[0-9a-f]{64}$/);
  });

  it('splits user_preferences into one event per item, timed by the item', () => {
    const base = fixtureJson('user-preferences-marketing-resume-meta-docs.json') as WebhookEnvelope;
    const body = structuredClone(base);
    const value = body.entry[0]?.changes[0]?.value as { user_preferences: unknown[] };
    value.user_preferences.push({ wa_id: '16505550000', category: 'marketing_messages', value: 'stop', timestamp: 1731705800 });
    const result = events(parseWebhook(JSON.stringify(body)));
    expect(result).toHaveLength(2);
    expect(result[0]).toMatchObject({
      kind: 'field',
      field: 'user_preferences',
      phoneNumberId: '106540352242922',
      time: 1731705721,
      value: { wa_id: '16505551234', value: 'resume' },
    });
    expect(result[1]).toMatchObject({ time: 1731705800, value: { value: 'stop' } });
    expect(result[0]?.key).not.toBe(result[1]?.key);
  });
});

function message(id: string, from: string, text: string) {
  return { from, id, timestamp: '1750000000', type: 'text' as const, text: { body: text } };
}
function status(id: string, value: string) {
  return { id, status: value, timestamp: '1750000001', recipient_id: '16505551234' };
}

describe('parseWebhook reads everything', () => {
  it('yields every event of a POST with two entries × two changes × several messages and statuses', () => {
    const envelope: WebhookEnvelope = { object: 'whatsapp_business_account', entry: [] };
    const expectedKeys: string[] = [];
    for (const waba of ['waba-1', 'waba-2']) {
      const changes = ['pn-a', 'pn-b'].map((phoneNumberId) => {
        const ids = [1, 2, 3].map((n) => `wamid.${waba}.${phoneNumberId}.${n}`);
        ids.forEach((id) => expectedKeys.push(`msg:${phoneNumberId}:${id}`));
        const statuses = [status(`wamid.out.${waba}.${phoneNumberId}`, 'sent'), status(`wamid.out.${waba}.${phoneNumberId}`, 'delivered')];
        statuses.forEach((s) => expectedKeys.push(`st:${phoneNumberId}:${s.id}:${s.status}`));
        return {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp' as const,
            metadata: { display_phone_number: '15550000000', phone_number_id: phoneNumberId },
            contacts: [{ profile: { name: 'A' }, wa_id: '16505551234' }],
            messages: ids.map((id, i) => message(id, '16505551234', `hello ${i}`)),
            statuses,
          },
        };
      });
      envelope.entry.push({ id: waba, changes });
    }
    const result = events(parseWebhook(JSON.stringify(envelope)));
    expect(result).toHaveLength(20);
    expect(result.map((event) => event.key).sort()).toEqual([...expectedKeys].sort());
    expect(new Set(result.map((event) => event.kind))).toEqual(new Set(['message', 'status']));
    expect(result.filter((event) => event.kind === 'message').every((event) => event.contact?.waId === '16505551234')).toBe(true);
  });

  it('keeps both copies when one POST carries the same message twice (dedupe is by key, downstream)', () => {
    const body = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'w',
          changes: [
            { field: 'messages', value: { metadata: { phone_number_id: 'p' }, messages: [message('wamid.1', '1', 'a'), message('wamid.1', '1', 'a')] } },
          ],
        },
      ],
    };
    const result = events(parseWebhook(JSON.stringify(body)));
    expect(result.map((event) => event.key)).toEqual(['msg:p:wamid.1', 'msg:p:wamid.1']);
  });

  it('keeps unknown message types with every raw field', () => {
    const raw = { from: '1', id: 'wamid.x', timestamp: '1', type: 'hologram', hologram: { depth: 3 }, extra: [1, 2] };
    const body = { entry: [{ changes: [{ field: 'messages', value: { metadata: { phone_number_id: 'p' }, messages: [raw] } }] }] };
    const [event] = events(parseWebhook(JSON.stringify(body)));
    expect(event).toMatchObject({
      kind: 'message',
      raw,
      message: { type: 'hologram', text: null, choice: null, content: { type: 'unknown', originalType: 'hologram', fields: raw } },
    });
  });

  it('keeps unknown and legacy status values', () => {
    const body = {
      entry: [
        {
          changes: [
            { field: 'messages', value: { metadata: { phone_number_id: 'p' }, statuses: [status('wamid.1', 'deleted'), status('wamid.1', 'warning')] } },
          ],
        },
      ],
    };
    expect(events(parseWebhook(JSON.stringify(body))).map((event) => event.key)).toEqual(['st:p:wamid.1:deleted', 'st:p:wamid.1:warning']);
  });

  it('reads messages with only a BSUID sender and matches the contact by user_id', () => {
    const body = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'w',
          changes: [
            {
              field: 'messages',
              value: {
                metadata: { phone_number_id: 'p' },
                contacts: [
                  { profile: { name: 'Other' }, user_id: 'US.1' },
                  { profile: { name: 'Dana', username: 'dana' }, user_id: 'US.2' },
                ],
                messages: [{ from_user_id: 'US.2', id: 'wamid.u', timestamp: '1', type: 'text', text: { body: 'hi' } }],
              },
            },
          ],
        },
      ],
    };
    const [event] = events(parseWebhook(JSON.stringify(body)));
    expect(event).toMatchObject({ kind: 'message', message: { from: null, fromUserId: 'US.2' }, contact: { name: 'Dana', username: 'dana' } });
  });

  it.each([
    [
      'field inside value, no top-level object',
      {
        entry: [{ id: 'w', time: 5, changes: [{ value: { event: 'PARTNER_APP_UNINSTALLED', field: 'account_update', object: 'whatsapp_business_account' } }] }],
      },
      'account_update',
    ],
    [
      'field on the entry',
      { entry: [{ id: 'w', time: 5, changes: [{ value: { event: 'PARTNER_APP_INSTALLED' } }], field: 'account_update', object: 'whatsapp_business_account' }] },
      'account_update',
    ],
    ['no field anywhere, unknown shape', { entry: [{ id: 'w', changes: [{ value: { something: 1 } }] }] }, 'unknown'],
    [
      'a field nobody knows yet',
      { object: 'whatsapp_business_account', entry: [{ id: 'w', changes: [{ field: 'brand_new_field', value: { a: [1] } }] }] },
      'brand_new_field',
    ],
    ['a messages change with nothing recognisable', { entry: [{ id: 'w', changes: [{ field: 'messages', value: { calls: [{ id: 'c' }] } }] }] }, 'messages'],
  ])('keeps a change with %s as a field event', (_label, body, field) => {
    const result = events(parseWebhook(JSON.stringify(body)));
    expect(result).toHaveLength(1);
    expect(result[0]).toMatchObject({ kind: 'field', field });
  });

  it('infers the messages field from the value shape when no field is given', () => {
    const body = { entry: [{ changes: [{ value: { metadata: { phone_number_id: 'p' }, messages: [message('wamid.1', '1', 'a')] } }] }] };
    expect(events(parseWebhook(JSON.stringify(body)))).toMatchObject([{ kind: 'message', field: 'messages', wabaId: null }]);
  });

  it('skips junk items but reads the rest', () => {
    const body = {
      entry: [
        null,
        7,
        {
          id: 'w',
          changes: [
            'x',
            { field: 'messages', value: { metadata: { phone_number_id: 'p' }, messages: [null, 'x', message('wamid.ok', '1', 'a')], statuses: 5 } },
          ],
        },
      ],
    };
    expect(events(parseWebhook(JSON.stringify(body))).map((event) => event.key)).toEqual(['msg:p:wamid.ok']);
  });

  it('gives id-less items a content-hash key', () => {
    const body = {
      entry: [{ changes: [{ field: 'messages', value: { metadata: { phone_number_id: 'p' }, messages: [{ type: 'text', text: { body: 'x' } }] } }] }],
    };
    expect(events(parseWebhook(JSON.stringify(body)))[0]?.key).toMatch(/^msg:p:sha256-[0-9a-f]{64}$/);
  });

  it('accepts a UTF-8 byte order mark', () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), fixtureBytes('inbound-text-meta-docs.json')]);
    expect(events(parseWebhook(body))).toHaveLength(1);
  });

  it('reads an empty entry list as no events', () => {
    expect(parseWebhook('{"object":"whatsapp_business_account","entry":[]}')).toEqual({ ok: true, events: [] });
  });
});

describe('parseWebhook failures', () => {
  it.each([
    ['empty body', ''],
    ['truncated JSON', '{"entry": ['],
    ['not JSON', 'hello'],
  ])('%s is invalid_json', (_label, body) => {
    expect(parseWebhook(body)).toMatchObject({ ok: false, error: { code: 'invalid_json' } });
  });

  it.each([
    ['null', 'null'],
    ['a number', '42'],
    ['an array', '[{"entry":[]}]'],
    ['an object without entry', '{"object":"whatsapp_business_account"}'],
    ['entry not an array', '{"entry":{"id":"1"}}'],
  ])('%s is not_an_envelope', (_label, body) => {
    expect(parseWebhook(body)).toMatchObject({ ok: false, error: { code: 'not_an_envelope' } });
  });

  it('does not throw on a non-string, non-Buffer input from untyped callers', () => {
    const untyped = parseWebhook as (raw: unknown) => WebhookParseResult;
    expect(untyped(undefined)).toMatchObject({ ok: false, error: { code: 'invalid_json' } });
    expect(untyped({ entry: [] })).toMatchObject({ ok: false, error: { code: 'invalid_json' } });
  });
});
