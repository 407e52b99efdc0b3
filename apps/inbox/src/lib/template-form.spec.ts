import type { Template } from '@sendbook/api-contract';
import { emptyValues, matchesSearch, placeholders, sendableTemplates, templateFields, templatePreview, templateSchema, templateSend } from './template-form';

const base = {
  id: 't',
  waba_id: 'w',
  category: 'UTILITY',
  status: 'APPROVED',
  quality: null,
  rejection: null,
  approved_edits: [],
  synced_at: '',
  updated_at: '',
};
const orderShipped: Template = {
  ...base,
  name: 'order_shipped',
  language: 'en',
  parameter_format: 'POSITIONAL',
  components: [
    { type: 'BODY', text: 'Hi {{1}}, your order {{2}} has shipped and should arrive by {{3}}.', example: { body_text: [['Pablo', '44812', 'Friday']] } },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'QUICK_REPLY', text: 'Track it' },
        { type: 'QUICK_REPLY', text: 'Stop updates' },
      ],
    },
  ],
};
const reminder: Template = {
  ...base,
  name: 'appointment_reminder',
  language: 'en',
  parameter_format: 'NAMED',
  components: [
    {
      type: 'HEADER',
      format: 'TEXT',
      text: 'Reminder for {{first_name}}',
      example: { header_text_named_params: [{ param_name: 'first_name', example: 'Pablo' }] },
    },
    { type: 'BODY', text: 'Your appointment is on {{day}} at {{time}}. Can you make it?' },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'QUICK_REPLY', text: 'Yes' },
        { type: 'QUICK_REPLY', text: 'No' },
      ],
    },
  ],
};
const reservation: Template = {
  ...base,
  name: 'reservation_confirmation',
  language: 'en_US',
  parameter_format: 'NAMED',
  components: [
    { type: 'HEADER', format: 'IMAGE' },
    { type: 'BODY', text: 'For {{guests}}.' },
    { type: 'FOOTER', text: 'Lucky Shrub' },
  ],
};
const code: Template = {
  ...base,
  name: 'verification_code',
  language: 'en',
  parameter_format: 'POSITIONAL',
  components: [
    { type: 'BODY', text: '{{1}} is your verification code.' },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'URL', text: 'Copy code', url: 'https://www.whatsapp.com/otp/code/?code={{1}}', example: ['https://www.whatsapp.com/otp/code/?code=123456'] },
      ],
    },
  ],
};

// Meta's coupon template (copy-code button) and an authentication template (OTP button).
const coupon: Template = {
  ...base,
  name: 'coupon_code_fall2023_25off',
  language: 'en_US',
  parameter_format: 'POSITIONAL',
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
const otp: Template = {
  ...base,
  name: 'verification_code',
  language: 'en_US',
  parameter_format: 'POSITIONAL',
  components: [
    { type: 'BODY', text: '*{{1}}* is your verification code.' },
    { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy code' }] },
  ],
};

describe('copy-code and one-time-code buttons', () => {
  it('ask for the coupon and the code, and send them as Meta takes them', () => {
    expect(templateFields(coupon).map((f) => [f.key, f.label, f.example])).toEqual([
      ['body:1', 'Body {{1}}', null],
      ['body:2', 'Body {{2}}', null],
      ['button:1:coupon_code', 'Button “Copy offer code” coupon', '250FF'],
    ]);
    expect(templateSend(coupon, { 'body:1': '25OFF', 'body:2': '25%', 'button:1:coupon_code': '25OFF' }).components).toContainEqual({
      type: 'button',
      sub_type: 'copy_code',
      index: '1',
      parameters: [{ type: 'coupon_code', coupon_code: '25OFF' }],
    });
    expect(templateSend(otp, { 'body:1': 'J$FpnYnP', 'button:0:code': 'J$FpnYnP' }).components).toContainEqual({
      type: 'button',
      sub_type: 'url',
      index: '0',
      parameters: [{ type: 'text', text: 'J$FpnYnP' }],
    });
    expect(templatePreview(coupon, {}).buttons).toEqual([
      { type: 'QUICK_REPLY', text: 'Unsubscribe' },
      { type: 'COPY_CODE', text: 'Copy offer code' },
    ]);
  });

  it('refuse a coupon over 15 characters or with a space, naming the field', () => {
    const schema = templateSchema(templateFields(coupon));
    const issues = (coupon_code: string) =>
      schema.safeParse({ 'body:1': 'a', 'body:2': 'b', 'button:1:coupon_code': coupon_code }).error?.issues.map((i) => i.message) ?? [];
    expect(issues('X'.repeat(16))).toEqual(['Button “Copy offer code” coupon: at most 15 characters']);
    expect(issues('25 OFF')).toEqual(['Button “Copy offer code” coupon: cannot contain spaces']);
    expect(issues('25OFF')).toEqual([]);
  });
});

describe('a template as a form', () => {
  it('finds placeholders once each, in order', () => {
    expect(placeholders('{{2}} then {{1}} and {{ 2 }}')).toEqual(['2', '1']);
    expect(placeholders(null)).toEqual([]);
  });

  it('makes one field per parameter: header, body and URL button, with Meta’s examples', () => {
    expect(templateFields(orderShipped).map((f) => [f.key, f.example])).toEqual([
      ['body:1', 'Pablo'],
      ['body:2', '44812'],
      ['body:3', 'Friday'],
    ]);
    expect(templateFields(reminder).map((f) => [f.key, f.example])).toEqual([
      ['header:first_name', 'Pablo'],
      ['body:day', null],
      ['body:time', null],
    ]);
    expect(templateFields(reservation).map((f) => [f.key, f.kind])).toEqual([
      ['header:media', 'media'],
      ['body:guests', 'text'],
    ]);
    expect(templateFields(code).map((f) => f.key)).toEqual(['body:1', 'button:0:1']);
  });

  it('refuses a missing value, naming the field, and accepts a full form', () => {
    const fields = templateFields(orderShipped);
    const schema = templateSchema(fields);
    const missing = schema.safeParse({ ...emptyValues(fields), 'body:1': 'Dana', 'body:2': '44812' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['body:3', 'Body {{3}}: needed']]);
    expect(schema.safeParse({ 'body:1': 'Dana', 'body:2': '44812', 'body:3': 'Friday' }).success).toBe(true);
  });

  it.each([
    ['   ', 'needed'],
    ['two\nlines', 'no new lines'],
    ['a     b', 'more than four spaces'],
  ])('refuses parameter text Meta refuses: %j', (value, message) => {
    const schema = templateSchema(templateFields(orderShipped));
    const result = schema.safeParse({ 'body:1': value, 'body:2': 'x', 'body:3': 'y' });
    expect(result.error?.issues[0]?.message).toContain(message);
  });

  it('needs an https link for a media header, and no spaces in a link part', () => {
    const media = templateSchema(templateFields(reservation));
    expect(media.safeParse({ 'header:media': 'http://x.test/a.jpg', 'body:guests': '4' }).error?.issues[0]?.message).toContain('https://');
    expect(media.safeParse({ 'header:media': 'https://x.test/a.jpg', 'body:guests': '4' }).success).toBe(true);
    const url = templateSchema(templateFields(code));
    expect(url.safeParse({ 'body:1': '123456', 'button:0:1': '12 34' }).error?.issues[0]?.path).toEqual(['button:0:1']);
  });

  it('builds the send the registry check accepts: positional by order, named by parameter_name', () => {
    expect(templateSend(orderShipped, { 'body:1': 'Dana', 'body:2': '44812', 'body:3': 'Friday' })).toEqual({
      name: 'order_shipped',
      language: { code: 'en' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Dana' },
            { type: 'text', text: '44812' },
            { type: 'text', text: 'Friday' },
          ],
        },
      ],
    });
    expect(templateSend(reminder, { 'header:first_name': 'Dana', 'body:day': 'Monday', 'body:time': '9am' }).components).toEqual([
      { type: 'header', parameters: [{ type: 'text', text: 'Dana', parameter_name: 'first_name' }] },
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Monday', parameter_name: 'day' },
          { type: 'text', text: '9am', parameter_name: 'time' },
        ],
      },
    ]);
    expect(templateSend(reservation, { 'header:media': ' https://x.test/a.jpg ', 'body:guests': '4' }).components).toEqual([
      { type: 'header', parameters: [{ type: 'image', image: { link: 'https://x.test/a.jpg' } }] },
      { type: 'body', parameters: [{ type: 'text', text: '4', parameter_name: 'guests' }] },
    ]);
    expect(templateSend(code, { 'body:1': '1', 'button:0:1': '1' }).components).toContainEqual({
      type: 'button',
      sub_type: 'url',
      index: '0',
      parameters: [{ type: 'text', text: '1' }],
    });
  });

  it('previews what the customer sees, keeping the placeholders not yet filled', () => {
    expect(templatePreview(orderShipped, { 'body:1': 'Dana' })).toEqual({
      header: null,
      headerMedia: null,
      body: 'Hi Dana, your order {{2}} has shipped and should arrive by {{3}}.',
      footer: null,
      buttons: [
        { type: 'QUICK_REPLY', text: 'Track it' },
        { type: 'QUICK_REPLY', text: 'Stop updates' },
      ],
    });
    expect(templatePreview(reservation, {})).toMatchObject({ header: null, headerMedia: 'image', footer: 'Lucky Shrub' });
  });

  it('offers approved templates only, searchable by name or body words', () => {
    const carousel: Template = {
      ...base,
      name: 'carousel_template_media_cards_v1',
      language: 'en_US',
      parameter_format: 'POSITIONAL',
      components: [
        { type: 'BODY', text: 'Rare succulents' },
        { type: 'CAROUSEL', cards: [] },
      ],
    };
    const list = sendableTemplates([{ ...code }, { ...orderShipped, status: 'PENDING' }, reminder, carousel]);
    expect(list.map((t) => t.name)).toEqual(['appointment_reminder', 'verification_code']);
    expect(matchesSearch(orderShipped, 'SHIPPED')).toBe(true);
    expect(matchesSearch(orderShipped, 'arrive by')).toBe(true);
    expect(matchesSearch(orderShipped, 'refund')).toBe(false);
  });
});
