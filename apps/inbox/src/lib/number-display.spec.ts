import type { NumberStatus } from '@sendbook/api-contract';
import { numberProfile, pauseWords, qualityTone, rateWords, throughputWords, tierWords } from './number-display';

const NOW = Date.parse('2026-09-21T06:00:00Z');
const number = (overrides: Partial<NumberStatus> = {}) =>
  ({
    phone_number_id: '1065',
    rate_per_second: 80,
    effective_rate_per_second: 80,
    slowed_until: null,
    cooling_until: null,
    messaging_limit: { scope: 'number', scope_id: '1065', limit: 1000, users_in_window: 12 },
    paused: false,
    pauses: [],
    queued: 0,
    sending: 0,
    profile: null,
    ...overrides,
  }) as NumberStatus;

describe('a business number in words', () => {
  it.each([
    [{}, '80/s'],
    [{ effective_rate_per_second: 40.5 }, '40.5/s of 80/s'],
    [{ effective_rate_per_second: 40, slowed_until: '2026-09-21T06:05:00Z' }, '40/s of 80/s, slowed after a throughput error'],
    [{ cooling_until: '2026-09-21T06:05:00Z' }, '80/s, cooling down after WhatsApp slowed it'],
    [{ slowed_until: '2026-09-21T05:00:00Z' }, '80/s'],
  ])('rate %j → %s', (overrides, words) => {
    expect(rateWords(number(overrides), NOW)).toBe(words);
  });

  it('tier: the messaging limit and how much of it is used', () => {
    expect(tierWords(number())).toBe('1,000 customers / 24 h · 12 used');
    expect(tierWords(number({ messaging_limit: { scope: 'number', scope_id: '1065', limit: 'unlimited', users_in_window: 3 } }))).toBe('Unlimited · 3 used');
  });

  it.each([
    ['GREEN', 'success'],
    ['yellow', 'warning'],
    ['RED', 'danger'],
    ['UNKNOWN', 'muted'],
    [null, 'muted'],
  ])('quality %s → %s', (rating, tone) => {
    expect(qualityTone(rating)).toBe(tone);
  });

  it('a pause: the note, or Meta’s code in words', () => {
    expect(pauseWords({ scope: 'number', code: null, reason: 'complaint about the campaign' })).toBe('complaint about the campaign');
    expect(pauseWords({ scope: 'account', code: '190', reason: 'token expired' })).toBe('Whole account: The WhatsApp access token has expired. (190)');
  });

  it('the profile only when the API has one', () => {
    expect(numberProfile(number())).toBeNull();
    const profile = {
      display_phone_number: '15550783881',
      verified_name: 'Shop',
      quality_rating: 'GREEN',
      throughput_level: 'STANDARD',
      name_status: 'APPROVED',
      synced_at: '2026-09-21T05:00:00Z',
    };
    expect(numberProfile(number({ profile }))).toEqual(profile);
  });

  it.each([
    ['STANDARD', 'Standard throughput (80 msg/s)'],
    ['HIGH', 'High throughput (up to 1,000 msg/s)'],
    ['NOT_APPLICABLE', 'NOT_APPLICABLE throughput'],
    [null, null],
  ])('throughput %s → %s', (level, words) => {
    expect(throughputWords(level)).toBe(words);
  });
});
