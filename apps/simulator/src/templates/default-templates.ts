import type { TemplateDefinition } from './template-types.js';

/** A small catalogue covering each parameter style, quick replies and non-approved states. */
export const DEFAULT_TEMPLATES: readonly TemplateDefinition[] = [
  {
    id: '1192339204654487',
    name: 'hello_world',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    parameter_format: 'POSITIONAL',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Hello World' },
      {
        type: 'BODY',
        text: 'Welcome and congratulations!! This message demonstrates your ability to send a WhatsApp message notification from the Cloud API, hosted by Meta.',
      },
      { type: 'FOOTER', text: 'WhatsApp Business Platform sample message' },
    ],
  },
  {
    id: '1402287104165532',
    name: 'order_shipped',
    language: 'en',
    status: 'APPROVED',
    category: 'UTILITY',
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
  },
  {
    id: '1556374901249950',
    name: 'appointment_reminder',
    language: 'en',
    status: 'APPROVED',
    category: 'UTILITY',
    parameter_format: 'NAMED',
    components: [
      {
        type: 'HEADER',
        format: 'TEXT',
        text: 'Reminder for {{first_name}}',
        example: { header_text_named_params: [{ param_name: 'first_name', example: 'Pablo' }] },
      },
      {
        type: 'BODY',
        text: 'Your appointment is on {{day}} at {{time}}. Can you make it?',
        example: {
          body_text_named_params: [
            { param_name: 'day', example: 'Monday' },
            { param_name: 'time', example: '9am' },
          ],
        },
      },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Yes' },
          { type: 'QUICK_REPLY', text: 'No' },
        ],
      },
    ],
  },
  {
    id: '1038225294887436',
    name: 'reservation_confirmation',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    parameter_format: 'NAMED',
    components: [
      { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://example.com/header.jpg'] } },
      { type: 'BODY', text: "*You're all set!*\n\nYour reservation for {{number_of_guests}} on {{day}}, {{date}}, at {{time}}, is confirmed. See you then!" },
      { type: 'FOOTER', text: 'Lucky Shrub Eatery' },
    ],
  },
  {
    id: '1250743879582205',
    name: 'spring_sale',
    language: 'en',
    status: 'APPROVED',
    category: 'MARKETING',
    parameter_format: 'POSITIONAL',
    components: [
      { type: 'BODY', text: 'Hi {{1}}! Our spring sale starts today: {{2}} off everything.', example: { body_text: [['Pablo', '20%']] } },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Show me' },
          { type: 'QUICK_REPLY', text: 'Unsubscribe' },
        ],
      },
    ],
  },
  {
    id: '1764802191039128',
    name: 'verification_code',
    language: 'en',
    status: 'APPROVED',
    category: 'AUTHENTICATION',
    parameter_format: 'POSITIONAL',
    components: [
      { type: 'BODY', text: '{{1}} is your verification code.', example: { body_text: [['123456']] } },
      {
        type: 'BUTTONS',
        buttons: [
          {
            type: 'URL',
            text: 'Copy code',
            url: 'https://www.whatsapp.com/otp/code/?otp_type=COPY_CODE&code={{1}}',
            example: ['https://www.whatsapp.com/otp/code/?otp_type=COPY_CODE&code=123456'],
          },
        ],
      },
    ],
  },
  // Meta's own examples, so their documented send bodies resolve (libs/whatsapp/fixtures/send-template-*):
  // the creation bodies from the coupon, media-card carousel and copy-code authentication template pages.
  {
    id: '1924084211297547',
    name: 'coupon_code_fall2023_25off',
    language: 'en_US',
    status: 'APPROVED',
    category: 'MARKETING',
    parameter_format: 'POSITIONAL',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Our Fall Sale is on!' },
      { type: 'BODY', text: 'Shop now through November and use code {{1}} to get {{2}} off of all merchandise!', example: { body_text: [['25OFF', '25%']] } },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Unsubscribe' },
          { type: 'COPY_CODE', example: '250FF' },
        ],
      },
    ],
  },
  {
    id: '1391528165318342',
    name: 'carousel_template_media_cards_v1',
    language: 'en_US',
    status: 'APPROVED',
    category: 'MARKETING',
    parameter_format: 'POSITIONAL',
    components: [
      {
        type: 'BODY',
        text: 'Rare succulents for sale! {{1}}, add these unique plants to your collection. Each of these rare succulents are {{2}} if you checkout using code {{3}}. Shop now and add some unique and beautiful plants to your collection!',
        example: { body_text: [['Pablo', '30%', '30OFF']] },
      },
      {
        type: 'CAROUSEL',
        cards: ['BLUE_ELF', 'BUDDHA', 'BLACK_PRINCE'].map((example, i) => ({
          components: [
            { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::an...'] } },
            {
              type: 'BUTTONS',
              buttons: [
                { type: 'QUICK_REPLY', text: 'Send me more like this!' },
                { type: 'URL', text: 'Shop', url: `https://www.luckyshrub.com/rare-succulents${i === 0 ? '/' : ''}{{1}}`, example: [example] },
              ],
            },
          ],
        })),
      },
    ],
  },
  {
    id: '1104628937195530',
    name: 'verification_code',
    language: 'en_US',
    status: 'APPROVED',
    category: 'AUTHENTICATION',
    parameter_format: 'POSITIONAL',
    components: [
      { type: 'BODY', text: '*{{1}}* is your verification code.', example: { body_text: [['J$FpnYnP']] } },
      { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy code' }] },
    ],
  },
  {
    // Meta's page shows only the send (tap-target override); this is a template that send fits.
    id: '1187236459012377',
    name: 'august_promotion',
    language: 'en',
    status: 'APPROVED',
    category: 'MARKETING',
    parameter_format: 'POSITIONAL',
    components: [
      { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://www.luckyshrubs.com/august.png'] } },
      { type: 'BODY', text: '{{1}} Our August promotion is on: tap for the offer details.', example: { body_text: [['Hello Andy...']] } },
    ],
  },
  {
    id: '2093813344526512',
    name: 'winter_promo',
    language: 'en',
    status: 'PENDING',
    category: 'MARKETING',
    parameter_format: 'POSITIONAL',
    components: [{ type: 'BODY', text: 'Winter is coming: warm deals inside.' }],
  },
  {
    id: '812394720134581',
    name: 'flash_offer',
    language: 'en',
    status: 'REJECTED',
    // Meta refuses a body that ends with a variable: the demo's rejected template carries its reason.
    rejected_reason: 'INVALID_FORMAT',
    category: 'MARKETING',
    parameter_format: 'POSITIONAL',
    components: [{ type: 'BODY', text: 'CLICK NOW!!! {{1}}' }],
  },
];
