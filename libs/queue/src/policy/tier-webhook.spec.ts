import { readFileSync } from 'node:fs';
import path from 'node:path';
import { announcedLimit } from './tier-webhook.js';

// Meta's examples, as copied into libs/whatsapp/fixtures.
const payloads = path.resolve(import.meta.dirname, '../../../whatsapp/fixtures');

describe('announcedLimit', () => {
  it("reads Meta's own throughput-upgrade example", () => {
    const body = JSON.parse(readFileSync(path.join(payloads, 'phone-number-quality-update-throughput-upgrade-meta-docs.json'), 'utf8'));
    const change = body.entry[0].changes[0];
    expect(announcedLimit(change.field, change.value)).toEqual({ limit: 'unlimited', displayPhoneNumber: '15550783881', portfolioWide: false });
  });

  it('prefers the portfolio-wide figure that replaces current_limit', () => {
    expect(
      announcedLimit('phone_number_quality_update', {
        display_phone_number: '15550783881',
        current_limit: 'TIER_250',
        max_daily_conversations_per_business: 2000,
      }),
    ).toEqual({
      limit: 2000,
      displayPhoneNumber: '15550783881',
      portfolioWide: true,
    });
    expect(announcedLimit('business_capability_update', { max_daily_conversations_per_business: 'TIER_10K' })).toEqual({
      limit: 10_000,
      displayPhoneNumber: null,
      portfolioWide: true,
    });
    expect(announcedLimit('business_capability_update', { max_daily_conversation_per_phone: 250 })).toEqual({
      limit: 250,
      displayPhoneNumber: null,
      portfolioWide: false,
    });
  });

  it('ignores other fields and values without a usable tier', () => {
    expect(announcedLimit('account_update', { current_limit: 'TIER_2K' })).toBeNull();
    expect(announcedLimit('phone_number_quality_update', { display_phone_number: '1', current_limit: 'TIER_NOT_SET' })).toBeNull();
    expect(announcedLimit('phone_number_quality_update', null)).toBeNull();
  });
});
