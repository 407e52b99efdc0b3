import { echoContent } from './echo-content';

const echo = (type: string, raw: Record<string, unknown>, text: string | null = null) => ({ type, text, raw: { type, ...raw } });

describe('echoContent: a message sent from the WhatsApp Business app, as the thread shows it', () => {
  it.each([
    ['text', echo('text', { text: { body: 'On my way!' } }, 'On my way!'), { text: 'On my way!', label: null }],
    [
      'a photo with a caption',
      echo('image', { image: { id: '1', caption: 'The invoice', mime_type: 'image/jpeg' } }, 'The invoice'),
      { text: 'The invoice', label: 'Photo' },
    ],
    ['a type this inbox cannot draw, with words', echo('poll', { poll: { q: 1 } }, 'Which day?'), { text: 'Which day?', raw: null }],
    ['a type this inbox cannot draw, without words', echo('poll', { poll: { q: 1 } }), { text: null, label: 'A poll message' }],
  ])('%s', (_, value, expected) => {
    expect(echoContent(value)).toMatchObject(expected);
  });
});
