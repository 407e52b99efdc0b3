import type { Inbound } from '@sendbook/api-contract';
import { contactLabel, contactNumber, excerpt, inboundContent, initials, outboundContent } from './message-content';

const rendered = { header: null, body: 'Hi Ada, order 44812 ships Friday.', footer: null, buttons: [{ type: 'QUICK_REPLY', text: 'Track it' }], text: 'Hi Ada, order 44812 ships Friday.\n[Track it]' };

describe('outboundContent', () => {
  it.each([
    ['text', { payload: { type: 'text', text: { body: 'Hello!' } }, rendered: null }, { text: 'Hello!', label: null, options: [] }],
    [
      'a template the registry knows',
      { payload: { type: 'template', template: { name: 'order_shipped', language: { code: 'en' } } }, rendered },
      { text: rendered.body, label: 'Template order_shipped (en)', options: ['Track it'] },
    ],
    ['a template it does not', { payload: { type: 'template', template: { name: 'hello_world' } }, rendered: null }, { text: null, label: 'Template hello_world', options: [] }],
    [
      'a template it does not, with variables',
      {
        payload: {
          type: 'template',
          template: {
            name: 'order_shipped',
            language: { code: 'en' },
            components: [
              { type: 'body', parameters: [{ type: 'text', text: 'Ada' }, { type: 'currency', currency: { fallback_value: '$12.50', code: 'USD', amount_1000: 12500 } }] },
              { type: 'button', sub_type: 'url', parameters: [{ type: 'text', text: 'ignored' }] },
            ],
          },
        },
        rendered: null,
      },
      { text: null, label: 'Template order_shipped (en)', options: [], variables: ['Ada', '$12.50'] },
    ],
    [
      'reply buttons',
      {
        payload: {
          type: 'interactive',
          interactive: { type: 'button', body: { text: 'Confirm your slot?' }, action: { buttons: [{ type: 'reply', reply: { id: 'y', title: 'Yes' } }, { type: 'reply', reply: { id: 'n', title: 'No' } }] } },
        },
        rendered: null,
      },
      { text: 'Confirm your slot?', label: 'Buttons', options: ['Yes', 'No'] },
    ],
    [
      'a list',
      {
        payload: {
          type: 'interactive',
          interactive: { type: 'list', body: { text: 'Pick a time' }, action: { button: 'Times', sections: [{ title: 'Mon', rows: [{ id: '1', title: '09:00' }, { id: '2', title: '10:00' }] }] } },
        },
        rendered: null,
      },
      { text: 'Pick a time', label: 'List: Times', options: ['09:00', '10:00'] },
    ],
    ['a photo with a caption', { payload: { type: 'image', image: { link: 'x', caption: 'Your receipt' } }, rendered: null }, { text: 'Your receipt', label: 'Photo', options: [] }],
    ['a document', { payload: { type: 'document', document: { id: '1', filename: 'invoice.pdf' } }, rendered: null }, { text: null, label: 'Document invoice.pdf', options: [] }],
    ['a location', { payload: { type: 'location', location: { latitude: 32.08, longitude: 34.78, name: 'Shop' } }, rendered: null }, { text: 'Shop', label: 'Location', options: [] }],
    [
      'a type from the future, with its raw JSON',
      { payload: { type: 'hologram', hologram: {} }, rendered: null },
      { text: null, label: 'A hologram message', options: [], raw: { type: 'hologram', hologram: {} } },
    ],
  ])('%s', (_what, message, expected) => {
    expect(outboundContent(message)).toEqual({ choice: null, choiceId: null, variables: [], media: null, raw: null, ...expected });
  });
});

const inbound = (overrides: Partial<Inbound>): Pick<Inbound, 'type' | 'text' | 'choice' | 'media' | 'reaction' | 'raw'> => ({ type: 'text', text: null, choice: null, media: null, reaction: null, raw: {}, ...overrides });

describe('inboundContent', () => {
  it.each([
    ['text', inbound({ text: 'Where is my order?' }), { text: 'Where is my order?' }],
    ['a button reply shows its title', inbound({ type: 'button', text: 'Track it', choice: { id: 'track', title: 'Track it' } }), { choice: 'Track it', choiceId: 'track' }],
    ['a list reply shows its title', inbound({ type: 'interactive', choice: { id: '2', title: '10:00' } }), { choice: '10:00', choiceId: '2' }],
    ['a voice note', inbound({ type: 'audio', media: { id: 'm', mime_type: 'audio/ogg', caption: null, filename: null, sha256: null, voice: true, animated: null } }), { label: 'Voice message' }],
    [
      'a photo with a caption',
      inbound({ type: 'image', media: { id: 'm', mime_type: 'image/jpeg', caption: 'the box', filename: null, sha256: null, voice: null, animated: null } }),
      { label: 'Photo', text: 'the box', media: { type: 'image', mimeType: 'image/jpeg', filename: null } },
    ],
    ['a reaction', inbound({ type: 'reaction', reaction: { message_wamid: 'w', emoji: '👍', removed: false } }), { label: 'Reaction', text: '👍' }],
    ['a removed reaction', inbound({ type: 'reaction', reaction: { message_wamid: 'w', emoji: null, removed: true } }), { label: 'Removed a reaction' }],
    ['a location', inbound({ type: 'location', raw: { location: { latitude: 32.0853, longitude: 34.781768 } } }), { label: 'Location', text: '32.08530, 34.78177' }],
    ['unsupported, with its raw JSON', inbound({ type: 'unsupported', raw: { type: 'unsupported' } }), { label: 'A message WhatsApp does not show to businesses', raw: { type: 'unsupported' } }],
    ['a type from the future, with its raw JSON', inbound({ type: 'hologram', raw: { type: 'hologram' } }), { label: 'A hologram message', raw: { type: 'hologram' } }],
  ])('%s', (_what, message, expected) => {
    expect(inboundContent(message)).toMatchObject(expected);
  });
});

describe('excerpt', () => {
  it.each([
    [{ text: 'Hello  there\nfriend' }, 120, 'Hello there friend'],
    [{ text: 'abcdefghij' }, 6, 'abcde…'],
    [{ label: 'Photo' }, 120, 'Photo'],
    [{ text: 'ignored', choice: 'Yes' }, 120, 'Yes'],
    [{ text: '' }, 120, 'A message'],
    [{ label: 'Template order_shipped (en)', variables: ['Ada', '44812'] }, 120, 'Template order_shipped (en): Ada · 44812'],
  ])('%j → %s', (value, max, expected) => {
    expect(excerpt({ text: null, label: null, options: [], choice: null, choiceId: null, variables: [], media: null, raw: null, ...value }, max)).toBe(expected);
  });
});

describe('contacts', () => {
  it.each([
    [{ name: 'Ada Lovelace', wa_id: '972501234567', user_id: null }, 'Ada Lovelace', '+972501234567'],
    [{ name: '  ', wa_id: '972501234567', user_id: null }, '+972501234567', '+972501234567'],
    [{ name: null, wa_id: null, user_id: 'US.13491208655302741918' }, 'US.13491208655302741918', 'US.13491208655302741918'],
    [{ name: null, wa_id: null, user_id: null }, 'Unknown customer', null],
  ])('%j → %s', (contact, label, number) => {
    expect(contactLabel(contact)).toBe(label);
    expect(contactNumber(contact)).toBe(number);
  });

  it.each([
    ['Ada Lovelace', 'AL'],
    ['Ada King Lovelace', 'AL'],
    ['ada', 'A'],
    ['+972501234567', '#'],
    ['Émile Zola', 'ÉZ'],
  ])('initials(%s) → %s', (label, expected) => {
    expect(initials(label)).toBe(expected);
  });
});
