import { checkTemplateDraft, templateEditRefusal } from './template-rules.js';

const good = {
  name: 'order_ready',
  language: 'en',
  category: 'UTILITY',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: ['44812'] } },
    { type: 'BODY', text: 'Hi {{1}}, your order is ready for pickup.', example: { body_text: [['Pablo']] } },
    { type: 'FOOTER', text: 'Sendbook Demo Shop' },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'QUICK_REPLY', text: 'On my way' },
        { type: 'URL', text: 'Track', url: 'https://shop.example/track/{{1}}', example: ['https://shop.example/track/44812'] },
      ],
    },
  ],
};

type Draft = typeof good;
const withComponent = (type: string, component: Record<string, unknown> | null): Draft => ({
  ...good,
  components: [...good.components.filter((c) => c.type !== type), ...(component ? [component] : [])] as Draft['components'],
});
const fields = (draft: unknown) => checkTemplateDraft(draft).map((p) => p.field);

describe('checkTemplateDraft', () => {
  it('accepts a template within every rule', () => {
    expect(checkTemplateDraft(good)).toEqual([]);
  });

  it('accepts named variables with named examples', () => {
    const draft = withComponent('BODY', {
      type: 'BODY',
      text: 'Hi {{first_name}}, order {{order_id}} is ready.',
      example: {
        body_text_named_params: [
          { param_name: 'first_name', example: 'Pablo' },
          { param_name: 'order_id', example: '44812' },
        ],
      },
    });
    expect(checkTemplateDraft({ ...draft, parameter_format: 'NAMED', components: draft.components.filter((c) => c.type !== 'HEADER') })).toEqual([]);
    // A named variable's underscore in the header is not formatting; an underscore of the header's own words is.
    const header = (text: string) => ({
      ...draft,
      components: [
        { type: 'HEADER', format: 'TEXT', text, example: { header_text_named_params: [{ param_name: 'first_name', example: 'Pablo' }] } },
        ...draft.components.filter((c) => c.type !== 'HEADER'),
      ],
    });
    expect(checkTemplateDraft(header('Reminder for {{first_name}}'))).toEqual([]);
    expect(fields(header('Reminder_for {{first_name}}'))).toEqual(['header.text']);
  });

  it("accepts an authentication template as Meta takes it: its words are Meta's", () => {
    const auth = {
      name: 'login_code',
      language: 'en',
      category: 'AUTHENTICATION',
      components: [
        { type: 'BODY', add_security_recommendation: true },
        { type: 'FOOTER', code_expiration_minutes: 10 },
        { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE' }] },
      ],
    };
    expect(checkTemplateDraft(auth)).toEqual([]);
    expect(fields({ ...auth, components: [{ type: 'BODY', text: 'Your code is {{1}}.' }] })).toEqual(['body.text', 'buttons']);
    expect(fields({ ...auth, components: [...auth.components.slice(0, 1), { type: 'FOOTER', code_expiration_minutes: 120 }, auth.components[2]] })).toEqual([
      'footer.code_expiration_minutes',
    ]);
    expect(fields({ ...good, buttons: undefined, components: [...good.components.slice(0, 3), { type: 'BUTTONS', buttons: [{ type: 'OTP' }] }] })).toContain(
      'buttons',
    );
  });

  it.each([
    ['upper case name', { ...good, name: 'Order_Ready' }, 'name'],
    ['spaces in the name', { ...good, name: 'order ready' }, 'name'],
    ['a name over 512', { ...good, name: 'a'.repeat(513) }, 'name'],
    ['an unknown category', { ...good, category: 'PROMO' }, 'category'],
    ['a bad language', { ...good, language: 'english' }, 'language'],
    ['no body', withComponent('BODY', null), 'body.text'],
    ['a body variable without example', withComponent('BODY', { type: 'BODY', text: 'Hi {{1}}, it is ready.' }), 'body.example'],
    ['a variable starting the body', withComponent('BODY', { type: 'BODY', text: '{{1}}, it is ready.', example: { body_text: [['Pablo']] } }), 'body.text'],
    ['a variable ending the body', withComponent('BODY', { type: 'BODY', text: 'It is ready, {{1}}', example: { body_text: [['Pablo']] } }), 'body.text'],
    ['variables out of sequence', withComponent('BODY', { type: 'BODY', text: 'Hi {{1}} and {{3}} now.', example: { body_text: [['a', 'b']] } }), 'body.text'],
    ['a stray brace', withComponent('BODY', { type: 'BODY', text: 'Hi {{1} now.' }), 'body.text'],
    ['a body over 1024', withComponent('BODY', { type: 'BODY', text: 'a'.repeat(1025) }), 'body.text'],
    [
      'two header variables',
      withComponent('HEADER', { type: 'HEADER', format: 'TEXT', text: '{{1}} {{2}}', example: { header_text: ['a', 'b'] } }),
      'header.text',
    ],
    ['a header variable without example', withComponent('HEADER', { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}' }), 'header.example'],
    ['a header over 60', withComponent('HEADER', { type: 'HEADER', format: 'TEXT', text: 'a'.repeat(61) }), 'header.text'],
    ['an image header without example', withComponent('HEADER', { type: 'HEADER', format: 'IMAGE' }), 'header.example'],
    ['a footer over 60', withComponent('FOOTER', { type: 'FOOTER', text: 'a'.repeat(61) }), 'footer.text'],
    ['a footer variable', withComponent('FOOTER', { type: 'FOOTER', text: 'Bye {{1}}' }), 'footer.text'],
    ['a quick reply over 25', withComponent('BUTTONS', { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'a'.repeat(26) }] }), 'buttons[0].text'],
    [
      'a URL variable in the middle',
      withComponent('BUTTONS', {
        type: 'BUTTONS',
        buttons: [{ type: 'URL', text: 'Go', url: 'https://x.example/{{1}}/a', example: ['https://x.example/1/a'] }],
      }),
      'buttons[0].url',
    ],
    [
      'a URL variable without example',
      withComponent('BUTTONS', { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Go', url: 'https://x.example/{{1}}' }] }),
      'buttons[0].example',
    ],
    ['a URL that is not one', withComponent('BUTTONS', { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Go', url: 'shop.example' }] }), 'buttons[0].url'],
    [
      'a bad phone number',
      withComponent('BUTTONS', { type: 'BUTTONS', buttons: [{ type: 'PHONE_NUMBER', text: 'Call', phone_number: '12' }] }),
      'buttons[0].phone_number',
    ],
    ['a copy code over 15', withComponent('BUTTONS', { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE', example: 'A'.repeat(16) }] }), 'buttons[0].example'],
    [
      '11 buttons',
      withComponent('BUTTONS', { type: 'BUTTONS', buttons: Array.from({ length: 11 }, (_, i) => ({ type: 'QUICK_REPLY', text: `Reply ${i}` })) }),
      'buttons',
    ],
    [
      'three URL buttons',
      withComponent('BUTTONS', { type: 'BUTTONS', buttons: ['a', 'b', 'c'].map((t) => ({ type: 'URL', text: t, url: `https://x.example/${t}` })) }),
      'buttons',
    ],
    [
      'quick replies split by a URL button',
      withComponent('BUTTONS', {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Yes' },
          { type: 'URL', text: 'Site', url: 'https://x.example' },
          { type: 'QUICK_REPLY', text: 'No' },
        ],
      }),
      'buttons',
    ],
    [
      'two buttons with one label',
      withComponent('BUTTONS', {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Yes' },
          { type: 'QUICK_REPLY', text: 'yes' },
        ],
      }),
      'buttons[1].text',
    ],
    ['an authentication template with a header', { ...good, category: 'AUTHENTICATION' }, 'header'],
  ])('refuses %s, naming the field', (_what, draft, field) => {
    expect(fields(draft)).toContain(field);
  });
});

describe('templateEditRefusal', () => {
  const now = new Date('2026-09-21T12:00:00Z');
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);

  it.each([
    ['PENDING', {}, [], 'not_editable'],
    ['DISABLED', {}, [], 'not_editable'],
    ['APPROVED', { category: 'MARKETING' }, [], 'category_locked'],
    ['APPROVED', {}, [hoursAgo(3)], 'edit_limit'],
    ['APPROVED', {}, Array.from({ length: 10 }, (_, i) => hoursAgo(25 + i * 48)), 'edit_limit'],
  ])('refuses a %s template edit (%j) with %s', (status, change, edits, code) => {
    expect(templateEditRefusal({ status, category: 'UTILITY' }, change, edits, now)?.code).toBe(code);
  });

  it.each([
    ['APPROVED', {}, [hoursAgo(25)]],
    ['REJECTED', { category: 'MARKETING' }, [hoursAgo(1), hoursAgo(2)]],
    ['PAUSED', {}, []],
  ])('allows a %s template edit', (status, change, edits) => {
    expect(templateEditRefusal({ status, category: 'UTILITY' }, change, edits, now)).toBeNull();
  });

  it('says when the limit lets the next edit of an approved template through', () => {
    const once = templateEditRefusal({ status: 'APPROVED', category: 'UTILITY' }, {}, [hoursAgo(30), hoursAgo(3)], now);
    expect(once?.until).toEqual(new Date(now.getTime() + 21 * 3600_000));
    // Ten in 30 days, none in the last 24 hours: free again when the tenth newest is 30 days old.
    const edits = Array.from({ length: 11 }, (_, i) => hoursAgo(25 + i * 48));
    const month = templateEditRefusal({ status: 'APPROVED', category: 'UTILITY' }, {}, edits, now);
    expect(month?.until).toEqual(new Date(hoursAgo(25 + 9 * 48).getTime() + 30 * 24 * 3600_000));
    expect(templateEditRefusal({ status: 'PENDING', category: 'UTILITY' }, {}, [], now)?.until).toBeUndefined();
  });
});
