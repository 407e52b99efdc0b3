import { reviewTemplate } from './template-review.js';
import type { TemplateComponent, TemplateDefinition } from './template-types.js';

const template = (body: TemplateComponent, category: TemplateDefinition['category'] = 'UTILITY'): TemplateDefinition => ({
  id: '1',
  name: 'pickup_ready',
  language: 'en',
  status: 'PENDING',
  category,
  components: [body],
});

describe('the simulated review', () => {
  it('approves a plain template with examples', () => {
    expect(reviewTemplate(template({ type: 'BODY', text: 'Hi {{1}}, your order is ready.', example: { body_text: [['Pablo']] } }))).toEqual({
      event: 'APPROVED',
    });
  });

  it.each([
    [
      'parameters side by side',
      { type: 'BODY', text: 'Hello {{1}}{{2}}, your order is ready now.', example: { body_text: [['a', 'b']] } },
      'UTILITY',
      'INVALID_FORMAT',
    ],
    ['more variables than words', { type: 'BODY', text: 'Hi {{1}} {{2}} {{3}} ok', example: { body_text: [['a', 'b', 'c']] } }, 'UTILITY', 'INVALID_FORMAT'],
    ['variables without examples', { type: 'BODY', text: 'Hi {{1}}, your order is ready.' }, 'UTILITY', 'INVALID_FORMAT'],
    [
      'an example that is a placeholder',
      { type: 'BODY', text: 'Hi {{1}}, your order is ready.', example: { body_text: [['{{1}}']] } },
      'UTILITY',
      'TAG_CONTENT_MISMATCH',
    ],
    ['an offer filed as utility', { type: 'BODY', text: 'Our big sale starts today: 20% off everything.' }, 'UTILITY', 'INCORRECT_CATEGORY'],
  ] as const)('rejects %s with %s', (_what, body, category, reason) => {
    expect(reviewTemplate(template(body as TemplateComponent, category))).toMatchObject({ event: 'REJECTED', reason });
  });

  it('lets an offer through as marketing', () => {
    expect(reviewTemplate(template({ type: 'BODY', text: 'Our big sale starts today: 20% off everything.' }, 'MARKETING'))).toEqual({ event: 'APPROVED' });
  });
});
