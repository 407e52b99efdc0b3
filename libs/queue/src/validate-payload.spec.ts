import { validatePayload } from './validate-payload.js';

describe('validatePayload', () => {
  it.each([
    [{ type: 'text', text: { body: 'Hello' } }],
    [{ type: 'template', template: { name: 'order_shipped', language: { code: 'en_US' }, components: [] } }],
    [{ type: 'image', image: { link: 'https://example.com/a.jpg', caption: 'a' } }],
    [{ type: 'document', document: { id: '12345' } }],
    [{ type: 'location', location: { latitude: 32.1, longitude: 34.8 } }],
    [{ type: 'reaction', reaction: { message_id: 'wamid.X', emoji: '👍' } }],
    [
      {
        type: 'interactive',
        interactive: { type: 'button', body: { text: 'Pick' }, action: { buttons: [{ type: 'reply', reply: { id: 'yes', title: 'Yes' } }] } },
      },
    ],
  ])('accepts %j', (payload) => {
    expect(validatePayload(payload)).toEqual([]);
  });

  it.each([
    ['not an object', 'nope', 'payload'],
    ['unknown type', { type: 'hologram', hologram: {} }, 'payload.type'],
    ['type object missing', { type: 'text' }, 'payload.text'],
    ['empty text', { type: 'text', text: { body: '' } }, 'payload.text.body'],
    ['text too long', { type: 'text', text: { body: 'x'.repeat(4097) } }, 'payload.text.body'],
    ['template without language', { type: 'template', template: { name: 'a' } }, 'payload.template.language.code'],
    ['media with both id and link', { type: 'image', image: { id: '1', link: 'https://x/y' } }, 'payload.image'],
    [
      'four buttons',
      { type: 'interactive', interactive: { type: 'button', body: { text: 'b' }, action: { buttons: [1, 2, 3, 4] } } },
      'payload.interactive.action.buttons',
    ],
    [
      'button title over 20',
      {
        type: 'interactive',
        interactive: { type: 'button', body: { text: 'b' }, action: { buttons: [{ type: 'reply', reply: { id: 'a', title: 'x'.repeat(21) } }] } },
      },
      'payload.interactive.action.buttons[0].reply.title',
    ],
  ])('refuses %s, naming %s', (_, payload, field) => {
    expect(validatePayload(payload).map((p) => p.field)).toContain(field);
  });
});
