import { fixtureJson } from '../test-support/fixtures.js';
import {
  buildButtonsMessage,
  buildListMessage,
  buildLocationMessage,
  buildMarkAsReadBody,
  buildMediaMessage,
  buildReactionMessage,
  buildTemplateMessage,
  buildTextMessage,
} from './build-message.js';
import type { OutboundMessageBody, TemplateComponent } from './outbound-types.js';

// Each builder must reproduce Meta's own request example byte-for-byte in content.
describe('builders reproduce the send-request payloads', () => {
  it('text with preview_url', () => {
    expect(
      buildTextMessage('+16505551234', "As requested, here's the link to our latest product: https://www.meta.com/quest/quest-3/", { previewUrl: true }),
    ).toEqual(fixtureJson('send-text-request-meta-docs.json'));
  });

  it('contextual reply', () => {
    expect(
      buildTextMessage('+16505551234', "You're welcome, Pablo!", { replyTo: 'wamid.HBgLMTY0NjcwNDM1OTUVAgASGBQzQTdCNTg5RjY1MEMyRjlGMjRGNgA=' }),
    ).toEqual(fixtureJson('send-reply-with-context-request-meta-docs.json'));
  });

  it('reply buttons with an image header', () => {
    expect(
      buildButtonsMessage('+16505551234', {
        header: { type: 'image', image: { id: '2762702990552401' } },
        body: 'Hi Pablo! Your gardening workshop is scheduled for 9am tomorrow. Use the buttons if you need to reschedule. Thank you!',
        footer: 'Lucky Shrub: Your gateway to succulents!™',
        buttons: [
          { id: 'change-button', title: 'Change' },
          { id: 'cancel-button', title: 'Cancel' },
        ],
      }),
    ).toEqual(fixtureJson('send-interactive-buttons-request-meta-docs.json'));
  });

  it('list', () => {
    const expected = fixtureJson('send-interactive-list-request-meta-docs.json') as { interactive: { action: { sections: never } } };
    expect(
      buildListMessage('+16505551234', {
        header: 'Choose Shipping Option',
        body: 'Which shipping option do you prefer?',
        footer: 'Lucky Shrub: Your gateway to succulents™',
        button: 'Shipping Options',
        sections: expected.interactive.action.sections,
      }),
    ).toEqual(expected);
  });

  it('reaction', () => {
    expect(buildReactionMessage('+16505551234', 'wamid.HBgLMTY0NjcwNDM1OTUVAgASGBQzQUZCMTY0MDc2MUYwNzBDNTY5MAA=', '😀')).toEqual(
      fixtureJson('send-reaction-request-meta-docs.json'),
    );
  });

  it.each(['send-template-named-params-request-meta-docs.json', 'send-template-carousel-quick-reply-request-meta-docs.json'])(
    'template %s',
    (name) => {
      const expected = fixtureJson(name) as { to: string; template: { name: string; language: { code: string }; components: TemplateComponent[] } };
      const { template } = expected;
      expect(buildTemplateMessage(expected.to, { name: template.name, language: template.language.code, components: template.components })).toEqual(expected);
    },
  );

  it.each([
    ['mark-as-read-request-meta-docs.json', false],
    ['mark-as-read-with-typing-indicator-request-meta-docs.json', true],
  ])('mark as read %s', (name, typingIndicator) => {
    expect(buildMarkAsReadBody('wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJDQjZCMzlEQUE4OTJBMTE4RTUA', { typingIndicator })).toEqual(fixtureJson(name));
  });
});

describe('builders', () => {
  it.each<[string, OutboundMessageBody]>([
    ['image by id with caption', buildMediaMessage('1', 'image', { id: 'm1' }, { caption: 'c' })],
    ['document by link with filename', buildMediaMessage('1', 'document', { link: 'https://x/y.pdf' }, { filename: 'y.pdf' })],
    ['audio', buildMediaMessage('1', 'audio', { id: 'a' })],
    ['video', buildMediaMessage('1', 'video', { id: 'v' })],
    ['sticker', buildMediaMessage('1', 'sticker', { id: 's' })],
    ['location', buildLocationMessage('1', { latitude: 1, longitude: 2, name: 'n' })],
    ['template with language object', buildTemplateMessage('1', { name: 't', language: { code: 'he', policy: 'deterministic' } })],
    ['text', buildTextMessage('1', 'x')],
  ])('%s always carries messaging_product and recipient_type', (_label, body) => {
    expect(body).toMatchObject({ messaging_product: 'whatsapp', recipient_type: 'individual', to: '1' });
    expect(body).toHaveProperty(body.type);
  });

  it('carries biz_opaque_callback_data and context when asked', () => {
    expect(buildTemplateMessage('972501234567', { name: 'order_shipped', language: 'en' }, { bizOpaqueCallbackData: 'msg_123', replyTo: 'wamid.Q' })).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '972501234567',
      type: 'template',
      template: { name: 'order_shipped', language: { code: 'en' } },
      biz_opaque_callback_data: 'msg_123',
      context: { message_id: 'wamid.Q' },
    });
  });

  it('sends media by id or by link, never both', () => {
    expect(buildMediaMessage('1', 'image', { id: 'm1' })).toMatchObject({ image: { id: 'm1' } });
    expect(buildMediaMessage('1', 'image', { link: 'https://x' })).toEqual(expect.objectContaining({ image: { link: 'https://x' } }));
  });
});
