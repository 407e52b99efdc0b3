import { payloadWords } from './payload-text.js';

describe('the words of an outbound payload', () => {
  it.each([
    [{ type: 'text', text: { body: 'Your parcel is on its way', preview_url: false } }, ['Your parcel is on its way']],
    [{ type: 'image', image: { link: 'https://x.example/a.png', caption: 'The receipt' } }, ['The receipt']],
    [{ type: 'document', document: { id: '123', filename: 'invoice-44812.pdf', caption: 'Invoice' } }, ['invoice-44812.pdf', 'Invoice']],
    [
      {
        type: 'interactive',
        interactive: {
          type: 'button',
          header: { type: 'text', text: 'Delivery' },
          body: { text: 'When suits you?' },
          action: { buttons: [{ type: 'reply', reply: { id: 'am', title: 'Morning' } }] },
        },
      },
      ['Delivery', 'When suits you?', 'Morning'],
    ],
    [
      {
        type: 'template',
        template: {
          name: 'order_shipped',
          language: { code: 'en' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Pablo' },
                { type: 'currency', currency: { fallback_value: '$12.50', code: 'USD' } },
              ],
            },
            { type: 'button', sub_type: 'quick_reply', index: 0, parameters: [{ type: 'payload', payload: 'STOP-44812' }] },
          ],
        },
      },
      ['Pablo', '$12.50'],
    ],
    [{ type: 'reaction', reaction: { message_id: 'wamid.X', emoji: '👍' } }, []],
  ])('%j', (payload, words) => {
    expect(payloadWords(payload)).toEqual(words);
  });
});
