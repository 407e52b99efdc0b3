import { checkTemplateSend, renderTemplate, templateExpectation, templatePlaceholders, type TemplateSpec } from '../index.js';

const orderShipped: TemplateSpec = {
  name: 'order_shipped',
  language: 'en',
  status: 'APPROVED',
  parameterFormat: 'POSITIONAL',
  components: [
    { type: 'BODY', text: 'Hi {{1}}, your order {{2}} has shipped and should arrive by {{3}}.' },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'QUICK_REPLY', text: 'Track it' },
        { type: 'QUICK_REPLY', text: 'Stop updates' },
      ],
    },
  ],
};

const reminder: TemplateSpec = {
  name: 'appointment_reminder',
  language: 'en',
  status: 'APPROVED',
  parameterFormat: 'NAMED',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Reminder for {{first_name}}' },
    { type: 'BODY', text: 'Your appointment is on {{day}} at {{time}}. Can you make it?' },
    { type: 'FOOTER', text: 'Lucky Shrub' },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'QUICK_REPLY', text: 'Yes' },
        { type: 'QUICK_REPLY', text: 'No' },
      ],
    },
  ],
};

const reservation: TemplateSpec = {
  name: 'reservation_confirmation',
  language: 'en_US',
  status: 'APPROVED',
  parameterFormat: 'NAMED',
  components: [
    { type: 'HEADER', format: 'IMAGE' },
    { type: 'BODY', text: 'Table for {{number_of_guests}}.' },
  ],
};

const otp: TemplateSpec = {
  name: 'verification_code',
  language: 'en',
  status: 'APPROVED',
  parameterFormat: 'POSITIONAL',
  components: [
    { type: 'BODY', text: '{{1}} is your code.' },
    { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Copy code', url: 'https://x.test/?code={{1}}' }] },
  ],
};

const coupon: TemplateSpec = {
  name: 'coupon_code_fall2023_25off',
  language: 'en_US',
  status: 'APPROVED',
  parameterFormat: 'POSITIONAL',
  components: [
    { type: 'BODY', text: 'Use code {{1}} to get {{2}} off!' },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'QUICK_REPLY', text: 'Unsubscribe' },
        { type: 'COPY_CODE', example: '250FF' },
      ],
    },
  ],
};

// Meta's carousel creation body writes the card components in lower case.
const carousel: TemplateSpec = {
  name: 'carousel_template_media_cards_v1',
  language: 'en_US',
  status: 'APPROVED',
  parameterFormat: 'POSITIONAL',
  components: [
    { type: 'body', text: 'Rare succulents for sale! {{1}}' },
    {
      type: 'carousel',
      cards: [1, 2].map(() => ({
        components: [
          { type: 'header', format: 'image' },
          {
            type: 'buttons',
            buttons: [
              { type: 'quick_reply', text: 'More' },
              { type: 'url', text: 'Shop', url: 'https://www.luckyshrub.com/rare-succulents/{{1}}' },
            ],
          },
        ],
      })),
    },
  ],
};

const paused: TemplateSpec = { ...orderShipped, language: 'es', status: 'PAUSED' };
const registry = [orderShipped, reminder, reservation, otp, coupon, carousel, paused];
const card = (index: number, urlParameters: unknown[]) => ({
  card_index: index,
  components: [
    { type: 'header', parameters: [{ type: 'image', image: { id: String(index) } }] },
    { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: `more-${index}` }] },
    { type: 'button', sub_type: 'url', index: '1', parameters: urlParameters },
  ],
});

const text = (t: string, name?: string) => ({ type: 'text', text: t, ...(name ? { parameter_name: name } : {}) });
const body = (...parameters: unknown[]) => ({ type: 'body', parameters });
const send = (name: string, code: string, components: unknown[]) => ({ name, language: { code }, components });

describe('templatePlaceholders', () => {
  it.each([
    ['Hi {{1}}, order {{2}} for {{1}}', ['1', '2']],
    ['Hello {{ first_name }}', ['first_name']],
    ['no placeholders', []],
    [undefined, []],
  ])('%j → %j', (input, expected) => {
    expect(templatePlaceholders(input)).toEqual(expected);
  });
});

describe('templateExpectation', () => {
  it('reads header, body and button placeholders', () => {
    expect(templateExpectation(reminder)).toEqual({
      named: true,
      header: { kind: 'text', names: ['first_name'] },
      body: ['day', 'time'],
      buttons: [
        { index: 0, type: 'QUICK_REPLY', text: 'Yes', names: [] },
        { index: 1, type: 'QUICK_REPLY', text: 'No', names: [] },
      ],
    });
    expect(templateExpectation(reservation).header).toEqual({ kind: 'media', format: 'image' });
    expect(templateExpectation(otp).buttons[0]?.names).toEqual(['1']);
  });
});

describe('checkTemplateSend', () => {
  const at = 'payload.template';
  it.each<[string, unknown, string[]]>([
    ['positional, right count', send('order_shipped', 'en', [body(text('Pablo'), text('44812'), text('Friday'))]), []],
    [
      'named, right names',
      send('appointment_reminder', 'en', [{ type: 'header', parameters: [text('Pablo', 'first_name')] }, body(text('Mon', 'day'), text('9am', 'time'))]),
      [],
    ],
    [
      'media header',
      send('reservation_confirmation', 'en_US', [{ type: 'header', parameters: [{ type: 'image', image: { id: '1' } }] }, body(text('4', 'number_of_guests'))]),
      [],
    ],
    [
      'url button parameter',
      send('verification_code', 'en', [body(text('123')), { type: 'button', sub_type: 'url', index: '0', parameters: [text('123')] }]),
      [],
    ],
    ['unknown name', send('nope', 'en', []), [`${at}.name`]],
    ['unknown language', send('order_shipped', 'fr', []), [`${at}.language.code`]],
    ['not approved', send('order_shipped', 'es', [body(text('a'), text('b'), text('c'))]), [`${at}.name`]],
    ['too few body parameters', send('order_shipped', 'en', [body(text('Pablo'))]), [`${at}.components[body]`]],
    ['no body component', send('order_shipped', 'en', []), [`${at}.components[body]`]],
    [
      'wrong parameter name',
      send('appointment_reminder', 'en', [{ type: 'header', parameters: [text('Pablo', 'first_name')] }, body(text('Mon', 'day'), text('9am', 'hour'))]),
      [`${at}.components[body]`],
    ],
    ['missing header parameter', send('appointment_reminder', 'en', [body(text('Mon', 'day'), text('9am', 'time'))]), [`${at}.components[header]`]],
    [
      'header media of the wrong kind',
      send('reservation_confirmation', 'en_US', [{ type: 'header', parameters: [{ type: 'video', video: { id: '1' } }] }, body(text('4', 'number_of_guests'))]),
      [`${at}.components[header]`],
    ],
    ['url button without its parameter', send('verification_code', 'en', [body(text('123'))]), [`${at}.components[button:0]`]],
    [
      'copy-code button with its coupon',
      send('coupon_code_fall2023_25off', 'en_US', [
        body(text('25OFF'), text('25%')),
        { type: 'button', sub_type: 'COPY_CODE', index: 1, parameters: [{ type: 'coupon_code', coupon_code: '25OFF' }] },
      ]),
      [],
    ],
    ['copy-code button without its coupon', send('coupon_code_fall2023_25off', 'en_US', [body(text('25OFF'), text('25%'))]), [`${at}.components[button:1]`]],
    [
      'carousel, a card each',
      send('carousel_template_media_cards_v1', 'en_US', [
        body(text('Pablo')),
        { type: 'carousel', cards: [card(0, [text('blue-elf')]), card(1, [text('buddha')])] },
      ]),
      [],
    ],
    [
      'carousel with a card missing',
      send('carousel_template_media_cards_v1', 'en_US', [body(text('Pablo')), { type: 'carousel', cards: [card(0, [text('blue-elf')])] }]),
      [`${at}.components[carousel]`],
    ],
    [
      'carousel card without its URL suffix or image',
      send('carousel_template_media_cards_v1', 'en_US', [
        body(text('Pablo')),
        { type: 'carousel', cards: [card(0, [text('blue-elf')]), { ...card(1, []), components: card(1, []).components.slice(1) }] },
      ]),
      [`${at}.components[carousel].cards[1].components[header]`, `${at}.components[carousel].cards[1].components[button:1]`],
    ],
    [
      'a carousel the template lacks',
      send('order_shipped', 'en', [body(text('a'), text('b'), text('c')), { type: 'carousel', cards: [] }]),
      [`${at}.components[carousel]`],
    ],
    [
      'a button the template lacks',
      send('order_shipped', 'en', [body(text('a'), text('b'), text('c')), { type: 'button', sub_type: 'quick_reply', index: '5', parameters: [] }]),
      [`${at}.components[button:5]`],
    ],
  ])('%s', (_case, input, fields) => {
    expect(checkTemplateSend(input, registry, at).map((p) => p.field)).toEqual(fields);
  });

  it('says which languages exist', () => {
    expect(checkTemplateSend(send('order_shipped', 'fr', []), registry, at)[0]?.message).toMatch(/does not exist in fr \(it exists in en, es\)/);
  });
});

describe('renderTemplate', () => {
  it.each<[string, TemplateSpec, unknown, string]>([
    [
      'header, named body variables and quick-reply buttons',
      reminder,
      send('appointment_reminder', 'en', [{ type: 'header', parameters: [text('Pablo', 'first_name')] }, body(text('Monday', 'day'), text('9am', 'time'))]),
      'Reminder for Pablo\nYour appointment is on Monday at 9am. Can you make it?\nLucky Shrub\n[Yes]\n[No]',
    ],
    [
      'positional body with quick replies',
      orderShipped,
      send('order_shipped', 'en', [body(text('Pablo'), text('44812'), text('Friday'))]),
      'Hi Pablo, your order 44812 has shipped and should arrive by Friday.\n[Track it]\n[Stop updates]',
    ],
    [
      'media header, a missing parameter stays as written',
      reservation,
      send('reservation_confirmation', 'en_US', []),
      '[image]\nTable for {{number_of_guests}}.',
    ],
  ])('%s', (_case, spec, input, expected) => {
    expect(renderTemplate(spec, input).text).toBe(expected);
  });

  it('shows what each button carries: the coupon, the filled URL, the quick-reply payload', () => {
    const withCoupon = renderTemplate(
      coupon,
      send('coupon_code_fall2023_25off', 'en_US', [
        body(text('25OFF'), text('25%')),
        { type: 'button', sub_type: 'COPY_CODE', index: 1, parameters: [{ type: 'coupon_code', coupon_code: '25OFF' }] },
      ]),
    );
    expect(withCoupon.buttons).toEqual([
      { type: 'QUICK_REPLY', text: 'Unsubscribe', value: null },
      { type: 'COPY_CODE', text: 'Copy offer code', value: '25OFF' },
    ]);
    expect(withCoupon.text).toBe('Use code 25OFF to get 25% off!\n[Unsubscribe]\n[Copy offer code]');
    expect(
      renderTemplate(otp, send('verification_code', 'en', [body(text('123')), { type: 'button', sub_type: 'url', index: '0', parameters: [text('123')] }]))
        .buttons,
    ).toEqual([{ type: 'URL', text: 'Copy code', value: 'https://x.test/?code=123' }]);
  });

  it('shows a media header as sent, by id or link', () => {
    const withImage = (image: Record<string, string>) =>
      renderTemplate(
        reservation,
        send('reservation_confirmation', 'en_US', [{ type: 'header', parameters: [{ type: 'image', image }] }, body(text('4', 'number_of_guests'))]),
      );
    expect(withImage({ link: 'https://www.luckyshrubs.com' }).media).toEqual({ type: 'image', id: null, link: 'https://www.luckyshrubs.com' });
    expect(withImage({ id: '2871834006348767' }).media).toEqual({ type: 'image', id: '2871834006348767', link: null });
    expect(renderTemplate(orderShipped, send('order_shipped', 'en', [])).media).toBeNull();
  });

  it("renders a carousel's cards: each card's image and buttons with their values", () => {
    const rendered = renderTemplate(
      carousel,
      send('carousel_template_media_cards_v1', 'en_US', [
        body(text('Pablo')),
        { type: 'carousel', cards: [card(0, [text('blue-elf')]), card(1, [text('buddha')])] },
      ]),
    );
    expect(rendered.cards).toEqual(
      [0, 1].map((i) => ({
        media: { type: 'image', id: String(i), link: null },
        body: null,
        buttons: [
          { type: 'QUICK_REPLY', text: 'More', value: `more-${i}` },
          { type: 'URL', text: 'Shop', value: `https://www.luckyshrub.com/rare-succulents/${['blue-elf', 'buddha'][i]}` },
        ],
      })),
    );
    expect(rendered.text).toBe('Rare succulents for sale! Pablo\nCard 1: [image] [More] [Shop]\nCard 2: [image] [More] [Shop]');
  });

  it('returns the parts', () => {
    expect(
      renderTemplate(
        reminder,
        send('appointment_reminder', 'en', [{ type: 'header', parameters: [text('Pablo', 'first_name')] }, body(text('Monday', 'day'), text('9am', 'time'))]),
      ),
    ).toMatchObject({
      header: 'Reminder for Pablo',
      body: 'Your appointment is on Monday at 9am. Can you make it?',
      footer: 'Lucky Shrub',
      buttons: [
        { type: 'QUICK_REPLY', text: 'Yes' },
        { type: 'QUICK_REPLY', text: 'No' },
      ],
    });
  });
});
