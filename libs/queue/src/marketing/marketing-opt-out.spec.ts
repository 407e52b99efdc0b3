import { readFileSync } from 'node:fs';
import { isMarketingMessage, isMarketingOptOutFailure, marketingHold, marketingPreferenceChange, MARKETING_OPT_OUT_HOLD_CODE } from './marketing-opt-out.js';

const fixture = JSON.parse(readFileSync(new URL('../../../whatsapp/fixtures/user-preferences-marketing-resume-meta-docs.json', import.meta.url), 'utf8')) as {
  entry: { changes: { value: { user_preferences: Record<string, unknown>[] } }[] }[];
};
const resumeItem = fixture.entry[0]!.changes[0]!.value.user_preferences[0]!;
const stopItem = { ...resumeItem, value: 'stop', detail: 'User requested to stop marketing messages' };

describe('isMarketingMessage', () => {
  it('is a template the registry files as MARKETING', () => {
    expect(isMarketingMessage({ payloadType: 'template', templateCategory: 'MARKETING' })).toBe(true);
    expect(isMarketingMessage({ payloadType: 'template', templateCategory: 'marketing' })).toBe(true);
  });
  it('is not a utility or authentication template, nor one the registry does not know', () => {
    expect(isMarketingMessage({ payloadType: 'template', templateCategory: 'UTILITY' })).toBe(false);
    expect(isMarketingMessage({ payloadType: 'template', templateCategory: 'AUTHENTICATION' })).toBe(false);
    expect(isMarketingMessage({ payloadType: 'template', templateCategory: null })).toBe(false);
  });
  it('is never a free-form message: those are service messages', () => {
    for (const payloadType of ['text', 'interactive', 'image', 'reaction'])
      expect(isMarketingMessage({ payloadType, templateCategory: 'MARKETING' })).toBe(false);
  });
});

describe('marketingPreferenceChange', () => {
  it("reads Meta's documented resume item", () => {
    expect(marketingPreferenceChange('user_preferences', resumeItem)).toEqual({
      waId: '16505551234',
      userId: null,
      optedOut: false,
      at: new Date(1731705721 * 1000),
      detail: 'User requested to resume marketing messages',
    });
  });
  it('reads a stop, and a user known only by its business-scoped id', () => {
    expect(marketingPreferenceChange('user_preferences', stopItem)?.optedOut).toBe(true);
    const byUserId = marketingPreferenceChange('user_preferences', { user_id: 'US.13491208655302741918', category: 'marketing_messages', value: 'stop' });
    expect(byUserId).toMatchObject({ waId: null, userId: 'US.13491208655302741918', optedOut: true, at: null });
  });
  it('ignores other fields, categories, values and items naming nobody', () => {
    expect(marketingPreferenceChange('account_update', stopItem)).toBeNull();
    expect(marketingPreferenceChange('user_preferences', { ...stopItem, category: 'something_else' })).toBeNull();
    expect(marketingPreferenceChange('user_preferences', { ...stopItem, value: 'maybe' })).toBeNull();
    expect(marketingPreferenceChange('user_preferences', { ...stopItem, wa_id: '' })).toBeNull();
    expect(marketingPreferenceChange('user_preferences', null)).toBeNull();
  });
});

describe('isMarketingOptOutFailure', () => {
  it('is a failure carrying 131050, as a number or a string', () => {
    expect(isMarketingOptOutFailure([{ code: 131050 }])).toBe(true);
    expect(isMarketingOptOutFailure([{ code: 131026 }, { code: '131050' }])).toBe(true);
    expect(isMarketingOptOutFailure([{ code: 131049 }])).toBe(false);
    expect(isMarketingOptOutFailure([])).toBe(false);
  });
});

describe('marketingHold', () => {
  const since = new Date('2026-12-01T08:00:00Z');
  it('holds a marketing template to an opted-out contact, saying since when', () => {
    const error = marketingHold({ payloadType: 'template', templateCategory: 'MARKETING', marketingOptOutAt: since });
    expect(error).toMatchObject({ code: MARKETING_OPT_OUT_HOLD_CODE });
    expect(error?.message).toContain('2026-12-01T08:00:00.000Z');
  });
  it('lets utility templates and service messages through, and everything when not opted out', () => {
    expect(marketingHold({ payloadType: 'template', templateCategory: 'UTILITY', marketingOptOutAt: since })).toBeNull();
    expect(marketingHold({ payloadType: 'text', templateCategory: null, marketingOptOutAt: since })).toBeNull();
    expect(marketingHold({ payloadType: 'template', templateCategory: 'MARKETING', marketingOptOutAt: null })).toBeNull();
  });
});
