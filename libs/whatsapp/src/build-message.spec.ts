import { fixtureJson } from '../test-support/fixtures.js';
import { buildMarkAsReadBody, buildTextMessage } from './build-message.js';

// Each builder must reproduce Meta's own request example byte-for-byte in content.
describe('builders reproduce the send-request payloads', () => {
  it('text with preview_url', () => {
    expect(
      buildTextMessage('+16505551234', "As requested, here's the link to our latest product: https://www.meta.com/quest/quest-3/", { previewUrl: true }),
    ).toEqual(fixtureJson('send-text-request-meta-docs.json'));
  });

  it('contextual reply', () => {
    expect(buildTextMessage('+16505551234', "You're welcome, Pablo!", { replyTo: 'wamid.HBgLMTY0NjcwNDM1OTUVAgASGBQzQTdCNTg5RjY1MEMyRjlGMjRGNgA=' })).toEqual(
      fixtureJson('send-reply-with-context-request-meta-docs.json'),
    );
  });

  it.each([
    ['mark-as-read-request-meta-docs.json', false],
    ['mark-as-read-with-typing-indicator-request-meta-docs.json', true],
  ])('mark as read %s', (name, typingIndicator) => {
    expect(buildMarkAsReadBody('wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJDQjZCMzlEQUE4OTJBMTE4RTUA', { typingIndicator })).toEqual(fixtureJson(name));
  });
});

describe('buildTextMessage', () => {
  it('always carries messaging_product and recipient_type', () => {
    expect(buildTextMessage('1', 'x')).toEqual({ messaging_product: 'whatsapp', recipient_type: 'individual', to: '1', type: 'text', text: { body: 'x' } });
  });

  it('carries biz_opaque_callback_data and context when asked', () => {
    expect(buildTextMessage('972501234567', 'Shipped', { bizOpaqueCallbackData: 'msg_123', replyTo: 'wamid.Q' })).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '972501234567',
      type: 'text',
      text: { body: 'Shipped' },
      biz_opaque_callback_data: 'msg_123',
      context: { message_id: 'wamid.Q' },
    });
  });
});

describe('sending to a business-scoped user id', () => {
  it('names the user by recipient, never to', () => {
    expect(buildTextMessage('US.13491208655302741918', 'Hi', { bizOpaqueCallbackData: 'm1' })).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      recipient: 'US.13491208655302741918',
      type: 'text',
      text: { body: 'Hi' },
      biz_opaque_callback_data: 'm1',
    });
  });
});
