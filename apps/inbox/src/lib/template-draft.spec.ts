import { draftPreview, draftProblems, emptyButton, emptyDraftForm, fromDraft, nextVariable, toDraft, unsupportedParts, type DraftForm } from './template-draft';

const form = (overrides: Partial<DraftForm> = {}): DraftForm => ({
  ...emptyDraftForm(),
  name: 'pickup_ready',
  body: 'Hi {{1}}, your order is ready.',
  bodyExamples: { '1': 'Pablo' },
  ...overrides,
});

describe('the new-template form', () => {
  it('makes the draft Meta takes, examples in variable order', () => {
    expect(toDraft(form({ footer: 'Demo Shop', buttons: [{ ...emptyButton('QUICK_REPLY'), text: 'On my way' }] }))).toEqual({
      name: 'pickup_ready',
      language: 'en',
      category: 'UTILITY',
      components: [
        { type: 'BODY', text: 'Hi {{1}}, your order is ready.', example: { body_text: [['Pablo']] } },
        { type: 'FOOTER', text: 'Demo Shop' },
        { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'On my way' }] },
      ],
    });
  });

  it('names the field of each refusal, by the rules the API runs', () => {
    expect(draftProblems(form())).toEqual({});
    expect(Object.keys(draftProblems(form({ name: 'Pickup', bodyExamples: {} })))).toEqual(['name', 'body.example']);
    expect(Object.keys(draftProblems(form({ buttons: [{ ...emptyButton('QUICK_REPLY'), text: 'x'.repeat(26) }] })))).toEqual(['buttons[0].text']);
  });

  it('previews the message with the examples filled, a variable without one as written', () => {
    expect(draftPreview(form({ headerKind: 'text', headerText: 'Order {{1}}', headerExample: '44812' }))).toMatchObject({
      header: 'Order 44812',
      body: 'Hi Pablo, your order is ready.',
    });
    expect(draftPreview(form({ bodyExamples: {} })).body).toBe('Hi {{1}}, your order is ready.');
  });

  it("an authentication template is Meta's words, its advice and expiry, and one copy-code button", () => {
    const auth = form({ category: 'AUTHENTICATION', name: 'login_code', body: '', codeExpiryMinutes: '10' });
    expect(toDraft(auth).components).toEqual([
      { type: 'BODY', add_security_recommendation: true },
      { type: 'FOOTER', code_expiration_minutes: 10 },
      { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE' }] },
    ]);
    expect(draftProblems(auth)).toEqual({});
    expect(draftPreview(auth)).toMatchObject({ body: expect.stringContaining('is your verification code'), footer: 'This code expires in 10 minutes.' });
  });

  it.each([
    ['', '{{1}}'],
    ['Hi {{1}} and {{2}}', '{{3}}'],
  ])('the next variable after %j is %s', (body, next) => {
    expect(nextVariable(body)).toBe(next);
  });
});

describe('a stored template read back into the form, to edit it', () => {
  const full = form({
    headerKind: 'text',
    headerText: 'Order {{1}}',
    headerExample: '44812',
    body: 'Hi {{1}}, order {{2}} is ready at {{3}}.',
    bodyExamples: { '1': 'Pablo', '2': '44812', '3': 'the front desk' },
    footer: 'Demo Shop',
    buttons: [
      { ...emptyButton('URL'), text: 'Track', url: 'https://shop.example/track/{{1}}', example: 'https://shop.example/track/44812' },
      { ...emptyButton('URL'), text: 'Shop', url: 'https://shop.example' },
      { ...emptyButton('PHONE_NUMBER'), text: 'Call us', phone: '+15550783881' },
      { ...emptyButton('COPY_CODE'), example: 'PICKUP10' },
      { ...emptyButton('QUICK_REPLY'), text: 'On my way' },
      { ...emptyButton('QUICK_REPLY'), text: 'Later' },
    ],
  });

  it.each<[string, DraftForm]>([
    ['a text header, variables, a footer and every kind of button', full],
    ['an image header and no buttons', form({ category: 'MARKETING', headerKind: 'image', headerMedia: 'https://shop.example/spring.jpg' })],
    ['a video header', form({ headerKind: 'video', headerMedia: '4::aGVsbG8=' })],
    ['no variables', form({ body: 'Your order is ready.', bodyExamples: {} })],
    [
      'named variables',
      form({
        headerKind: 'text',
        headerText: 'Reminder for {{first_name}}',
        headerExample: 'Pablo',
        body: 'Your appointment is on {{day}} at {{time}}. Can you make it?',
        bodyExamples: { day: 'Monday', time: '9am' },
      }),
    ],
    ['authentication, with advice and expiry', { ...emptyDraftForm(), name: 'login_code', category: 'AUTHENTICATION', codeExpiryMinutes: '10' }],
    ['authentication, without', { ...emptyDraftForm(), name: 'login_code', category: 'AUTHENTICATION', securityAdvice: false }],
  ])('is the form that made it: %s', (_, made) => {
    expect(fromDraft(toDraft(made))).toEqual(made);
    expect(unsupportedParts(toDraft(made))).toEqual([]);
  });

  it('reads Meta’s positional and named examples, and gives back the same components', () => {
    const orderShipped = {
      name: 'order_shipped',
      language: 'en',
      category: 'UTILITY',
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
    expect(fromDraft(orderShipped)).toMatchObject({
      name: 'order_shipped',
      language: 'en',
      body: 'Hi {{1}}, your order {{2}} has shipped and should arrive by {{3}}.',
      bodyExamples: { '1': 'Pablo', '2': '44812', '3': 'Friday' },
      buttons: [expect.objectContaining({ type: 'QUICK_REPLY', text: 'Track it' }), expect.objectContaining({ type: 'QUICK_REPLY', text: 'Stop updates' })],
    });
    expect(toDraft(fromDraft(orderShipped))).toEqual(orderShipped);

    const reminder = {
      name: 'appointment_reminder',
      language: 'en',
      category: 'UTILITY',
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
      ],
    };
    expect(fromDraft(reminder)).toMatchObject({
      headerText: 'Reminder for {{first_name}}',
      headerExample: 'Pablo',
      bodyExamples: { day: 'Monday', time: '9am' },
    });
    expect(toDraft(fromDraft(reminder))).toEqual(reminder);
    expect(draftProblems(fromDraft(reminder))).toEqual({});
  });

  it('a variable without an example stays empty, for the admin to fill', () => {
    const edited = fromDraft({ name: 'x', language: 'en', category: 'UTILITY', components: [{ type: 'BODY', text: 'Table for {{guests}} on {{day}}.' }] });
    expect(edited.bodyExamples).toEqual({});
    expect(Object.keys(draftProblems(edited))).toEqual(['body.example']);
  });

  it('an authentication template as Meta lists it: its words give the advice and the expiry', () => {
    const listed = {
      name: 'verification_code',
      language: 'en',
      category: 'AUTHENTICATION',
      components: [
        { type: 'BODY', text: '{{1}} is your verification code. For your security, do not share this code.', example: { body_text: [['123456']] } },
        { type: 'FOOTER', text: 'This code expires in 5 minutes.' },
        { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Copy code', url: 'https://www.whatsapp.com/otp/code/?otp_type=COPY_CODE&code={{1}}' }] },
      ],
    };
    expect(fromDraft(listed)).toEqual({
      ...emptyDraftForm(),
      name: 'verification_code',
      category: 'AUTHENTICATION',
      securityAdvice: true,
      codeExpiryMinutes: '5',
    });
    expect(unsupportedParts(listed)).toEqual([]);
    expect(fromDraft({ ...listed, components: [{ type: 'BODY', text: '{{1}} is your verification code.' }] })).toMatchObject({
      securityAdvice: false,
      codeExpiryMinutes: '',
    });
  });

  it('names what the form cannot hold, so nothing is dropped silently', () => {
    const body = { type: 'BODY', text: 'Hello there.' };
    expect(unsupportedParts({ category: 'MARKETING', components: [body, { type: 'CAROUSEL', cards: [] }] })).toEqual(['a carousel']);
    expect(unsupportedParts({ category: 'UTILITY', components: [{ type: 'HEADER', format: 'LOCATION' }, body] })).toEqual(['a location header']);
    expect(
      unsupportedParts({
        category: 'MARKETING',
        components: [
          body,
          {
            type: 'BUTTONS',
            buttons: [
              { type: 'FLOW', text: 'Book' },
              { type: 'QUICK_REPLY', text: 'No' },
            ],
          },
          { type: 'LIMITED_TIME_OFFER' },
        ],
      }),
    ).toEqual(['a FLOW button', 'a limited-time offer']);
    expect(
      unsupportedParts({
        category: 'AUTHENTICATION',
        components: [{ type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'ONE_TAP', package_name: 'com.shop' }] }],
      }),
    ).toEqual(['a one-tap one-time password button']);
  });
});
