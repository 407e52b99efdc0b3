import type { CampaignSummary } from '@sendbook/api-contract';
import { campaignHref, campaignStages, campaignWords, deliveredShare, percent } from './campaign-figures';

const none: CampaignSummary['by_state'] = { queued: 0, sending: 0, accepted: 0, sent: 0, delivered: 0, read: 0, played: 0, failed: 0, held: 0, cancelled: 0 };
const states = (some: Partial<CampaignSummary['by_state']>) => ({ ...none, ...some });

describe('campaign figures', () => {
  it('groups states into stages in the order a message moves, leaving out empty ones', () => {
    const stages = campaignStages(states({ queued: 1, sending: 1, read: 3, played: 1, failed: 2 }));
    expect(stages.map((s) => [s.key, s.count, s.share])).toEqual([
      ['waiting', 2, 0.25],
      ['read', 4, 0.5],
      ['failed', 2, 0.25],
    ]);
  });

  it('an empty campaign has no stages', () => {
    expect(campaignStages(none)).toEqual([]);
  });

  it.each([
    [{ messages: 6, by_state: states({ read: 2, delivered: 2, failed: 2 }) }, '6 messages: 2 delivered, 2 read, 2 failed'],
    [{ messages: 1, by_state: states({ queued: 1 }) }, '1 message: 1 waiting'],
    [{ messages: 1200, by_state: states({ sent: 1200 }) }, '1,200 messages: 1,200 sent'],
  ])('words for %j', (c, words) => {
    expect(campaignWords(c)).toBe(words);
  });

  it('delivered share counts read and played as delivered, of the messages no longer waiting', () => {
    expect(deliveredShare(states({ queued: 10, delivered: 1, read: 2, played: 1, failed: 4 }))).toBe(0.5);
    expect(deliveredShare(states({ queued: 3 }))).toBeNull();
  });

  it.each([
    [0.5, '50 %'],
    [0.004, '0.4 %'],
    [0, '0 %'],
    [1, '100 %'],
    [null, '–'],
  ])('percent(%p) → %s', (share, words) => {
    expect(percent(share)).toBe(words);
  });

  it('links a tag with any characters', () => {
    expect(campaignHref('spring sale / 2026')).toBe('/campaigns/spring%20sale%20%2F%202026');
  });
});
