import type { Inbound, Message } from '@sendbook/api-contract';
import { contactLabel, contactNumber, senderNumber, excerpt, inboundContent, initials, isPreviewable, outboundContent } from './message-content';
import { lastMessageLine } from './last-message-line';

const rendered = {
  header: null,
  body: 'Hi Ada, order 44812 ships Friday.',
  footer: null,
  media: null,
  buttons: [{ type: 'QUICK_REPLY', text: 'Track it', value: null }],
  cards: [],
  text: 'Hi Ada, order 44812 ships Friday.\n[Track it]',
};

describe('outboundContent', () => {
  it.each([
    ['text', { payload: { type: 'text', text: { body: 'Hello!' } }, rendered: null }, { text: 'Hello!', label: null, options: [] }],
    [
      'a template the registry knows',
      { payload: { type: 'template', template: { name: 'order_shipped', language: { code: 'en' } } }, rendered },
      { text: rendered.body, label: 'Template order_shipped (en)', options: ['Track it'] },
    ],
    [
      'a template it does not',
      { payload: { type: 'template', template: { name: 'hello_world' } }, rendered: null },
      { text: null, label: 'Template hello_world', options: [] },
    ],
    [
      'a template it does not, with variables',
      {
        payload: {
          type: 'template',
          template: {
            name: 'order_shipped',
            language: { code: 'en' },
            components: [
              {
                type: 'body',
                parameters: [
                  { type: 'text', text: 'Ada' },
                  { type: 'currency', currency: { fallback_value: '$12.50', code: 'USD', amount_1000: 12500 } },
                ],
              },
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
          interactive: {
            type: 'button',
            body: { text: 'Confirm your slot?' },
            action: {
              buttons: [
                { type: 'reply', reply: { id: 'y', title: 'Yes' } },
                { type: 'reply', reply: { id: 'n', title: 'No' } },
              ],
            },
          },
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
          interactive: {
            type: 'list',
            body: { text: 'Pick a time' },
            action: {
              button: 'Times',
              sections: [
                {
                  title: 'Mon',
                  rows: [
                    { id: '1', title: '09:00' },
                    { id: '2', title: '10:00' },
                  ],
                },
              ],
            },
          },
        },
        rendered: null,
      },
      { text: 'Pick a time', label: 'List: Times', options: ['09:00', '10:00'] },
    ],
    [
      'a photo with a caption',
      { payload: { type: 'image', image: { link: 'x', caption: 'Your receipt' } }, rendered: null },
      { text: 'Your receipt', label: 'Photo', options: [] },
    ],
    [
      'a document',
      { payload: { type: 'document', document: { id: '1', filename: 'invoice.pdf' } }, rendered: null },
      { text: null, label: 'Document invoice.pdf', options: [] },
    ],
    [
      'a location',
      { payload: { type: 'location', location: { latitude: 32.08, longitude: 34.78, name: 'Shop' } }, rendered: null },
      { text: 'Shop', label: 'Location', options: [] },
    ],
    [
      'a CTA-URL button: its label and the URL it opens',
      {
        payload: {
          type: 'interactive',
          interactive: {
            type: 'cta_url',
            header: { type: 'image', image: { link: 'https://www.luckyshrub.com/assets/banner.png' } },
            body: { text: 'Tap the button below to see available dates.' },
            action: { name: 'cta_url', parameters: { display_text: 'See Dates', url: 'https://www.luckyshrub.com?clickID=kqDG' } },
            footer: { text: 'Dates subject to change.' },
          },
        },
        rendered: null,
      },
      {
        text: 'Tap the button below to see available dates.\nDates subject to change.',
        label: 'Link button',
        options: ['See Dates'],
        details: [
          { term: 'Header image', value: 'https://www.luckyshrub.com/assets/banner.png', href: 'https://www.luckyshrub.com/assets/banner.png' },
          { term: 'Opens', value: 'https://www.luckyshrub.com?clickID=kqDG', href: 'https://www.luckyshrub.com?clickID=kqDG' },
        ],
      },
    ],
    [
      'a link that is not http(s) is shown, never linked',
      {
        payload: {
          type: 'interactive',
          interactive: { type: 'cta_url', body: { text: 'x' }, action: { name: 'cta_url', parameters: { display_text: 'Go', url: 'javascript:alert(1)' } } },
        },
        rendered: null,
      },
      { text: 'x', label: 'Link button', options: ['Go'], details: [{ term: 'Opens', value: 'javascript:alert(1)', href: null }] },
    ],
    [
      'a Flow: its button and what it opens',
      {
        payload: {
          type: 'interactive',
          interactive: {
            type: 'flow',
            header: { type: 'text', text: 'Flow message header' },
            body: { text: 'Flow message body' },
            action: {
              name: 'flow',
              parameters: {
                flow_message_version: '3',
                flow_token: 'AQAAAAACS5FpgQ_cAAAAAD0QI3s.',
                flow_id: '1',
                flow_cta: 'Book!',
                flow_action: 'navigate',
                flow_action_payload: { screen: 'BOOKING' },
              },
            },
          },
        },
        rendered: null,
      },
      {
        text: 'Flow message header\nFlow message body',
        label: 'Flow',
        options: ['Book!'],
        details: [
          { term: 'Form', value: 'Flow 1, opens on screen BOOKING', href: null },
          { term: 'Flow token', value: 'AQAAAAACS5FpgQ_cAAAAAD0QI3s.', href: null },
        ],
      },
    ],
    [
      'a location request',
      {
        payload: {
          type: 'interactive',
          interactive: { type: 'location_request_message', body: { text: "Let's start with your pickup." }, action: { name: 'send_location' } },
        },
        rendered: null,
      },
      {
        text: "Let's start with your pickup.",
        label: 'Location request',
        options: ['Send location'],
        details: [{ term: 'Asks for', value: 'the customer’s location', href: null }],
      },
    ],
    [
      'one product',
      {
        payload: {
          type: 'interactive',
          interactive: { type: 'product', body: { text: 'BODY_TEXT' }, action: { catalog_id: 'CATALOG_ID', product_retailer_id: 'ID_TEST_ITEM_1' } },
        },
        rendered: null,
      },
      {
        text: 'BODY_TEXT',
        label: 'Product',
        details: [
          { term: 'Product', value: 'ID_TEST_ITEM_1', href: null },
          { term: 'Catalog', value: 'CATALOG_ID', href: null },
        ],
      },
    ],
    [
      'a product list: its sections and their products',
      {
        payload: {
          type: 'interactive',
          interactive: {
            type: 'product_list',
            header: { type: 'text', text: 'Our picks' },
            body: { text: 'For your garden' },
            action: {
              catalog_id: 'c1',
              sections: [
                { title: 'Succulents', product_items: [{ product_retailer_id: 'aloe' }, { product_retailer_id: 'jade' }] },
                { title: 'Tools', product_items: [{ product_retailer_id: 'trowel' }] },
              ],
            },
          },
        },
        rendered: null,
      },
      {
        text: 'Our picks\nFor your garden',
        label: 'Product list: 3 products',
        details: [
          { term: 'Succulents', value: 'aloe, jade', href: null },
          { term: 'Tools', value: 'trowel', href: null },
          { term: 'Catalog', value: 'c1', href: null },
        ],
      },
    ],
    [
      'the catalog',
      {
        payload: {
          type: 'interactive',
          interactive: {
            type: 'catalog_message',
            body: { text: 'Visit our catalog.' },
            action: { name: 'catalog_message', parameters: { thumbnail_product_retailer_id: '2lc20305pt' } },
          },
        },
        rendered: null,
      },
      { text: 'Visit our catalog.', label: 'Catalog', options: ['View catalog'], details: [{ term: 'Thumbnail product', value: '2lc20305pt', href: null }] },
    ],
    [
      'a contact card: name, phones, email, work, address, website',
      {
        payload: {
          type: 'contacts',
          contacts: [
            {
              name: { formatted_name: 'Barbara J. Johnson', first_name: 'Barbara' },
              phones: [
                { phone: '+16505559999', type: 'Landline' },
                { phone: '+19175559999', type: 'Mobile', wa_id: '19175559999' },
              ],
              emails: [{ email: 'bjohnson@luckyshrub.com', type: 'Work' }],
              org: { company: 'Lucky Shrub', department: 'Legal', title: 'Lead Counsel' },
              addresses: [{ street: '1 Lucky Shrub Way', city: 'Menlo Park', state: 'CA', zip: '94025', country: 'United States', type: 'Office' }],
              urls: [{ url: 'https://www.luckyshrub.com', type: 'Company' }],
              birthday: '1999-01-23',
            },
          ],
        },
        rendered: null,
      },
      {
        text: 'Barbara J. Johnson',
        label: 'Contact card',
        details: [
          { term: 'Phone', value: '+16505559999 (Landline)', href: null },
          { term: 'Phone', value: '+19175559999 (Mobile) · on WhatsApp', href: null },
          { term: 'Email', value: 'bjohnson@luckyshrub.com (Work)', href: null },
          { term: 'Works at', value: 'Lucky Shrub, Legal, Lead Counsel', href: null },
          { term: 'Address', value: '1 Lucky Shrub Way, Menlo Park, CA, 94025, United States (Office)', href: null },
          { term: 'Website', value: 'https://www.luckyshrub.com (Company)', href: 'https://www.luckyshrub.com' },
          { term: 'Birthday', value: '1999-01-23', href: null },
        ],
      },
    ],
    [
      'two contact cards say whose each detail is',
      {
        payload: {
          type: 'contacts',
          contacts: [
            { name: { formatted_name: 'Ada' }, phones: [{ phone: '+1' }] },
            { name: { formatted_name: 'Grace' }, emails: [{ email: 'g@x.test' }] },
          ],
        },
        rendered: null,
      },
      {
        text: 'Ada\nGrace',
        label: '2 contact cards',
        details: [
          { term: 'Phone of Ada', value: '+1', href: null },
          { term: 'Email of Grace', value: 'g@x.test', href: null },
        ],
      },
    ],
    [
      'a type from the future, with its raw JSON',
      { payload: { type: 'hologram', hologram: {} }, rendered: null },
      { text: null, label: 'A hologram message', options: [], raw: { type: 'hologram', hologram: {} } },
    ],
  ])('%s', (_what, message, expected) => {
    expect(outboundContent(message)).toEqual({ choice: null, choiceId: null, options: [], variables: [], media: null, details: [], raw: null, ...expected });
  });
});

const inbound = (overrides: Partial<Inbound>): Pick<Inbound, 'type' | 'text' | 'choice' | 'media' | 'reaction' | 'raw'> => ({
  type: 'text',
  text: null,
  choice: null,
  media: null,
  reaction: null,
  raw: {},
  ...overrides,
});

describe('inboundContent', () => {
  it.each([
    ['text', inbound({ text: 'Where is my order?' }), { text: 'Where is my order?' }],
    [
      'a button reply shows its title',
      inbound({ type: 'button', text: 'Track it', choice: { id: 'track', title: 'Track it' } }),
      { choice: 'Track it', choiceId: 'track' },
    ],
    ['a list reply shows its title', inbound({ type: 'interactive', choice: { id: '2', title: '10:00' } }), { choice: '10:00', choiceId: '2' }],
    [
      'a voice note',
      inbound({ type: 'audio', media: { id: 'm', mime_type: 'audio/ogg', caption: null, filename: null, sha256: null, voice: true, animated: null } }),
      { label: 'Voice message' },
    ],
    [
      'a photo with a caption',
      inbound({ type: 'image', media: { id: 'm', mime_type: 'image/jpeg', caption: 'the box', filename: null, sha256: null, voice: null, animated: null } }),
      { label: 'Photo', text: 'the box', media: { type: 'image', mimeType: 'image/jpeg', filename: null } },
    ],
    ['a reaction', inbound({ type: 'reaction', reaction: { message_wamid: 'w', emoji: '👍', removed: false } }), { label: 'Reaction', text: '👍' }],
    ['a removed reaction', inbound({ type: 'reaction', reaction: { message_wamid: 'w', emoji: null, removed: true } }), { label: 'Removed a reaction' }],
    [
      'a location',
      inbound({ type: 'location', raw: { location: { latitude: 32.0853, longitude: 34.781768 } } }),
      { label: 'Location', text: '32.08530, 34.78177' },
    ],
    [
      'unsupported, with its raw JSON',
      inbound({ type: 'unsupported', raw: { type: 'unsupported' } }),
      { label: 'A message WhatsApp does not show to businesses', raw: { type: 'unsupported' } },
    ],
    [
      'a type from the future, with its raw JSON',
      inbound({ type: 'hologram', raw: { type: 'hologram' } }),
      { label: 'A hologram message', raw: { type: 'hologram' } },
    ],
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
    expect(
      excerpt({ text: null, label: null, options: [], choice: null, choiceId: null, variables: [], media: null, details: [], raw: null, ...value }, max),
    ).toBe(expected);
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

describe('senderNumber', () => {
  it('shows the number, else the username id, never a blank', () => {
    expect(senderNumber({ from: '972501234567', from_user_id: 'US.1' })).toBe('+972501234567');
    expect(senderNumber({ from: null, from_user_id: 'US.13491208655302741918' })).toBe('US.13491208655302741918');
    expect(senderNumber({ from: null, from_user_id: null })).toBeNull();
  });
});

describe('isPreviewable', () => {
  const media = (type: string, mimeType: string | null) => ({ type, mimeType, filename: null });
  it('draws photos and stickers in the formats WhatsApp sends them', () => {
    expect(isPreviewable(media('image', 'image/jpeg'))).toBe(true);
    expect(isPreviewable(media('image', 'image/png'))).toBe(true);
    expect(isPreviewable(media('sticker', 'image/webp'))).toBe(true);
    expect(isPreviewable(media('image', 'IMAGE/JPEG; charset=binary'))).toBe(true);
  });
  it('leaves everything else a file to download: other types, SVG (it can carry script), no type, no media', () => {
    expect(isPreviewable(media('image', 'image/svg+xml'))).toBe(false);
    expect(isPreviewable(media('document', 'image/png'))).toBe(false);
    expect(isPreviewable(media('video', 'video/mp4'))).toBe(false);
    expect(isPreviewable(media('image', null))).toBe(false);
    expect(isPreviewable(null)).toBe(false);
  });
});

describe('lastMessageLine', () => {
  const at = '2026-12-02T15:00:00Z';
  it('says what the customer wrote, and what we sent as ours', () => {
    expect(lastMessageLine({ direction: 'inbound', at, inbound: { ...inbound({ text: 'Where is my order?' }) } as Inbound })).toBe('Where is my order?');
    expect(
      lastMessageLine({ direction: 'inbound', at, inbound: { ...inbound({ type: 'button', text: 'Yes', choice: { id: 'yes', title: 'Yes' } }) } as Inbound }),
    ).toBe('Yes');
    const photo = inbound({
      type: 'image',
      media: { id: 'm', mime_type: 'image/jpeg', caption: 'the box', filename: null, sha256: null, voice: null, animated: null },
    });
    expect(lastMessageLine({ direction: 'inbound', at, inbound: photo as Inbound })).toBe('Photo: the box');
    expect(lastMessageLine({ direction: 'inbound', at, inbound: { ...photo, media: { ...photo.media!, caption: null } } as Inbound })).toBe('Photo');
    expect(
      lastMessageLine({
        direction: 'outbound',
        at,
        message: { payload: { type: 'text', text: { body: 'Out for delivery today.' } }, rendered: null } as unknown as Message,
      }),
    ).toBe('You: Out for delivery today.');
    expect(
      lastMessageLine({
        direction: 'outbound',
        at,
        message: { payload: { type: 'template', template: { name: 'order_shipped', language: { code: 'en' } } }, rendered } as unknown as Message,
      }),
    ).toBe('You: Hi Ada, order 44812 ships Friday.');
  });
  it('a reaction says so, and ours that did not go out says that first', () => {
    expect(
      lastMessageLine({
        direction: 'inbound',
        at,
        inbound: inbound({ type: 'reaction', reaction: { message_wamid: 'w', emoji: '👍', removed: false } }) as Inbound,
      }),
    ).toBe('Reacted 👍');
    expect(
      lastMessageLine({
        direction: 'inbound',
        at,
        inbound: inbound({ type: 'reaction', reaction: { message_wamid: 'w', emoji: null, removed: true } }) as Inbound,
      }),
    ).toBe('Removed a reaction');
    const ours = (state: string) => ({
      direction: 'outbound' as const,
      at,
      message: { state, payload: { type: 'text', text: { body: 'Sale!' } }, rendered: null } as unknown as Message,
    });
    expect(lastMessageLine(ours('failed'))).toBe('Not delivered: Sale!');
    expect(lastMessageLine(ours('held'))).toBe('Held: Sale!');
    expect(lastMessageLine(ours('cancelled'))).toBe('Cancelled: Sale!');
    expect(lastMessageLine(ours('read'))).toBe('You: Sale!');
  });

  it('is null in a thread with no message yet, and cut with an ellipsis when long', () => {
    expect(lastMessageLine(null)).toBeNull();
    expect(lastMessageLine({ direction: 'inbound', at, inbound: { ...inbound({ text: 'x'.repeat(200) }) } as Inbound }, 20)).toBe(`${'x'.repeat(19)}…`);
  });
});
