import { draftPreview, draftProblems, emptyButton, emptyDraftForm, nextVariable, toDraft, type DraftForm } from './template-draft';

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
