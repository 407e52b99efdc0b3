import { fixtureBytes } from '../test-support/fixtures.js';
import type { InboundMessage } from './events.js';
import { parseInboundMessage } from './parse-message.js';
import { parseWebhook } from './parse-webhook.js';

function messageOf(name: string): InboundMessage {
  const result = parseWebhook(fixtureBytes(name));
  const event = result.ok ? result.events.find((e) => e.kind === 'message') : undefined;
  if (event?.kind !== 'message') throw new Error(`no message in ${name}`);
  return event.message;
}

describe('InboundMessage helpers on every inbound fixture', () => {
  it.each([
    // file, content.type, text, choice, contextWamid
    ['inbound-text-meta-docs.json', 'text', 'Does it come in another color?', null, null],
    ['inbound-image-caption-meta-docs.json', 'image', 'Taj Mahal', null, null],
    ['inbound-image-no-url-pywa.json', 'image', null, null, null],
    ['inbound-video-meta-docs.json', 'video', 'Timelapse of growth', null, null],
    ['inbound-document-meta-docs.json', 'document', 'my receipt', null, null],
    ['inbound-audio-voice-meta-docs.json', 'audio', null, null, null],
    ['inbound-sticker-meta-docs.json', 'sticker', null, null, null],
    ['inbound-location-meta-docs.json', 'location', null, null, null],
    ['inbound-contacts-meta-docs.json', 'contacts', null, null, null],
    [
      'inbound-button-reply-meta-docs.json',
      'interactive',
      'Cancel',
      { id: 'cancel-button', title: 'Cancel' },
      'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3MEM2RUJFNkI0RENGQTVDRjUA',
    ],
    [
      'inbound-button-reply-reply-buttons-page-meta-docs.json',
      'interactive',
      'Change',
      { id: 'change-button', title: 'Change' },
      'wamid.HBgLMTY0NjcwNDM1OTUVAgARGBJBM0Y4RUU0RUNFQkFDMjYzQUMA',
    ],
    [
      'inbound-list-reply-meta-docs.json',
      'interactive',
      'Priority Mail Express',
      { id: 'priority_express', title: 'Priority Mail Express' },
      'wamid.HBgLMTQxMjU1NTA4MjkVAgASGBQzQUNCNjk5RDUwNUZGMUZEM0VBRAA=',
    ],
    ['inbound-list-reply-with-description-pywa.json', 'interactive', 'title', { id: 'callback_data', title: 'title' }, 'wamid.xyzxyz'],
    ['inbound-nfm-reply-flow-pywa.json', 'interactive', 'Sent', null, 'wamid.gvwegfretge=='],
    [
      'inbound-template-quick-reply-button-meta-docs.json',
      'button',
      'Unsubscribe',
      { id: 'Unsubscribe', title: 'Unsubscribe' },
      'wamid.HBgLMTQxMjU1NTA4MjkVAgASGBQzQUNCNjk5RDUwNUZGMUZEM0VBRAA=',
    ],
    ['inbound-reaction-meta-docs.json', 'reaction', null, null, null],
    ['inbound-reaction-removed-meta-docs.json', 'reaction', null, null, null],
    ['inbound-order-meta-docs.json', 'order', 'Love these!', null, null],
    ['inbound-system-user-changed-number-meta-docs.json', 'system', 'User Sheena Nelson changed from 16505551234 to 12195555358', null, null],
    ['inbound-unsupported-edit-meta-docs.json', 'unsupported', null, null, null],
    ['inbound-unsupported-with-type-pywa.json', 'unsupported', null, null, null],
    ['inbound-edit-coexistence-meta-docs.json', 'edit', 'Updated image caption', null, null],
    ['inbound-revoke-coexistence-meta-docs.json', 'revoke', null, null, null],
    ['inbound-frequently-forwarded-pywa.json', 'text', 'text forwarded many times', null, null],
    ['inbound-referral-ctwa-pywa.json', 'text', 'BODY', null, null],
    ['inbound-text-ctwa-referral-meta-docs.json', 'text', 'Can I get more info about this?', null, null],
    [
      'inbound-text-referred-product-context-meta-docs.json',
      'text',
      'Is this still available?',
      null,
      'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGA9wcm9kdWN0X2lucXVpcnkA',
    ],
    // type "interactive" without an interactive object: kept, as unknown content.
    ['inbound-interactive-error-131000-pywa.json', 'unknown', null, null, 'wamid.gvwegfretge=='],
  ])('%s → %s, text %j, choice %j', (name, contentType, text, choice, contextWamid) => {
    const message = messageOf(name);
    expect(message.content.type).toBe(contentType);
    expect(message.text).toBe(text);
    expect(message.choice).toEqual(choice);
    expect(message.contextWamid).toBe(contextWamid);
    expect(typeof message.timestamp).toBe('number');
    expect(message.id).toMatch(/^wamid\./);
  });

  it('reads media objects without inventing a url', () => {
    expect(messageOf('inbound-image-no-url-pywa.json').content).toEqual({
      type: 'image',
      image: { id: '65463453', mime_type: 'image/jpeg', sha256: '4654+8g=' },
    });
    expect(messageOf('inbound-audio-voice-meta-docs.json').content).toMatchObject({
      type: 'audio',
      audio: { id: '1908647269898587', voice: true, mime_type: 'audio/ogg; codecs=opus' },
    });
    expect(messageOf('inbound-sticker-meta-docs.json').content).toMatchObject({ sticker: { animated: true } });
    expect(messageOf('inbound-document-meta-docs.json').content).toMatchObject({ document: { filename: 'receipt.pdf' } });
  });

  it('reads location, contacts, order and reactions', () => {
    expect(messageOf('inbound-location-meta-docs.json').content).toEqual({
      type: 'location',
      location: {
        latitude: 37.44221496582,
        longitude: -122.16165924072,
        name: 'Philz Coffee',
        address: '101 Forest Ave, Palo Alto, CA 94301',
        url: 'https://philzcoffee.com/',
      },
    });
    expect(messageOf('inbound-contacts-meta-docs.json').content).toMatchObject({
      type: 'contacts',
      contacts: [{ name: { formatted_name: 'Barbara J. Johnson' }, phones: [{ wa_id: '14125550829', type: 'MOBILE' }] }],
    });
    expect(messageOf('inbound-order-meta-docs.json').content).toMatchObject({
      type: 'order',
      order: {
        catalog_id: '194836987003835',
        product_items: [{ product_retailer_id: 'di9ozbzfi4', quantity: 2, item_price: 30, currency: 'USD' }, { quantity: 1 }],
      },
    });
    expect(messageOf('inbound-reaction-meta-docs.json').content).toEqual({
      type: 'reaction',
      reaction: { message_id: 'wamid.HBgLMTQxMjU1NTA4MjkVAgASGBQzQUNCNjk5RDUwNUZGMUZEM0VBRAA=', emoji: '\u{1F44D}' },
    });
    // Removal: Meta omits the emoji.
    expect(messageOf('inbound-reaction-removed-meta-docs.json').content).toEqual({
      type: 'reaction',
      reaction: { message_id: 'wamid.HBgLMTQxMjU1NTA4MjkVAgASGBQzQUNCNjk5RDUwNUZGMUZEM0VBRAA=' },
    });
  });

  it('reads flows, system, edit, revoke and unsupported content', () => {
    expect(messageOf('inbound-nfm-reply-flow-pywa.json').content).toMatchObject({
      type: 'interactive',
      interactive: { type: 'nfm_reply', nfm_reply: { name: 'flow', body: 'Sent', response_json: expect.stringContaining('flow_token') } },
    });
    expect(messageOf('inbound-system-user-changed-number-meta-docs.json').content).toMatchObject({
      system: { type: 'user_changed_number', wa_id: '12195555358' },
    });
    expect(messageOf('inbound-edit-coexistence-meta-docs.json').content).toMatchObject({
      type: 'edit',
      edit: { original_message_id: 'wamid.HBgLMTQxMjU1NTA4MjkVAgASGBQzQUNCNjk5RDUwNUZGMUZEM0VBRAA=', message: { type: 'image' } },
    });
    expect(messageOf('inbound-revoke-coexistence-meta-docs.json').content).toEqual({
      type: 'revoke',
      revoke: { original_message_id: 'wamid.HBgLMTQxMjU1NTA4MjkVAgASGBQzQUNCNjk5RDUwNUZGMUZEM0VBRAA=' },
    });
    const unsupported = messageOf('inbound-unsupported-edit-meta-docs.json');
    expect(unsupported.content).toEqual({ type: 'unsupported', unsupported: { type: 'edit' } });
    expect(unsupported.errors).toMatchObject([{ code: 131051, title: 'Message type unknown', details: 'Message type is currently not supported.' }]);
  });

  it('reads context: forwarding and referred product', () => {
    const forwarded = messageOf('inbound-frequently-forwarded-pywa.json');
    expect([forwarded.forwarded, forwarded.frequentlyForwarded, forwarded.contextWamid]).toEqual([true, true, null]);
    const product = messageOf('inbound-text-referred-product-context-meta-docs.json');
    expect(product.context).toEqual({
      from: '15550783881',
      id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGA9wcm9kdWN0X2lucXVpcnkA',
      referred_product: { catalog_id: '194836987003835', product_retailer_id: 'di9ozbzfi4' },
    });
    expect(product.contextFrom).toBe('15550783881');
    expect(product.forwarded).toBe(false);
  });

  it('reads click-to-WhatsApp referrals', () => {
    expect(messageOf('inbound-text-ctwa-referral-meta-docs.json').referral).toMatchObject({
      source_type: 'ad',
      source_id: '120226305854810726',
      ctwa_clid: expect.stringMatching(/^Aff-/),
      welcome_message: { text: 'Hi there! Let us know how we can help!' },
    });
  });
});

describe('parseInboundMessage tolerance', () => {
  it.each([
    ['timestamp as a number', { id: 'w', timestamp: 1700000000, type: 'text', text: { body: 'x' } }, { timestamp: 1700000000 }],
    ['timestamp garbage', { id: 'w', timestamp: 'soon', type: 'text', text: { body: 'x' } }, { timestamp: null }],
    ['text without body', { id: 'w', timestamp: '1', type: 'text', text: {} }, { content: { type: 'unknown', originalType: 'text' }, text: null }],
    ['no type at all', { id: 'w' }, { type: 'unknown', content: { type: 'unknown', originalType: null } }],
    ['quick reply without payload', { id: 'w', type: 'button', button: { text: 'Yes' } }, { choice: { id: 'Yes', title: 'Yes' } }],
    [
      'list reply without title',
      { id: 'w', type: 'interactive', interactive: { type: 'list_reply', list_reply: { id: 'a' } } },
      { choice: null, content: { type: 'unknown' } },
    ],
    [
      'reaction with empty emoji (pywa)',
      { id: 'w', type: 'reaction', reaction: { message_id: 'm', emoji: '' } },
      { content: { type: 'reaction', reaction: { message_id: 'm' } } },
    ],
    ['wrongly typed context', { id: 'w', type: 'text', text: { body: 'x' }, context: { id: 5, forwarded: 'yes' } }, { contextWamid: null, forwarded: false }],
    [
      'a new interactive subtype',
      { id: 'w', type: 'interactive', interactive: { type: 'call_permission_reply', call_permission_reply: { response: 'accept' } } },
      { content: { type: 'unknown', originalType: 'interactive' } },
    ],
    ['a type named like an Object builtin', { id: 'w', type: 'constructor' }, { content: { type: 'unknown', originalType: 'constructor' } }],
  ])('%s', (_label, raw, expected) => {
    expect(parseInboundMessage(raw)).toMatchObject(expected);
  });
});
