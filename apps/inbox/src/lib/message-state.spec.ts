import { OUTBOUND_STATES, outboundState, stateReachedAt, type OutboundState, type Tone } from './message-state';

describe('outboundState: one word and a tone per state', () => {
  it.each<[OutboundState, string, Tone]>([
    ['queued', 'Queued', 'muted'],
    ['sending', 'Sending', 'progress'],
    ['held', 'Held', 'warning'],
    ['accepted', 'Accepted', 'progress'],
    ['sent', 'Sent', 'neutral'],
    ['delivered', 'Delivered', 'neutral'],
    ['read', 'Read', 'success'],
    ['played', 'Played', 'success'],
    ['failed', 'Failed', 'danger'],
    ['cancelled', 'Cancelled', 'muted'],
  ])('%s → %s (%s)', (state, word, tone) => {
    expect(outboundState(state)).toMatchObject({ word, tone });
  });

  it('every state is one word with a meaning', () => {
    for (const state of OUTBOUND_STATES) {
      const { word, meaning } = outboundState(state);
      expect(word).toMatch(/^[A-Z][a-z]+$/);
      expect(meaning.length).toBeGreaterThan(5);
    }
  });

  it('a state from a newer API still shows, capitalised', () => {
    expect(outboundState('bounced' as OutboundState)).toMatchObject({ word: 'Bounced', tone: 'neutral' });
  });
});

describe('stateReachedAt', () => {
  const base = {
    created_at: '2026-12-02T10:00:00Z',
    updated_at: '2026-12-02T10:09:00Z',
    sending_started_at: '2026-12-02T10:00:01Z',
    accepted_at: '2026-12-02T10:00:02Z',
    sent_at: '2026-12-02T10:00:03Z',
    delivered_at: '2026-12-02T10:00:04Z',
    read_at: null,
    played_at: null,
    failed_at: null,
    cancelled_at: null,
  };
  it.each<[OutboundState, string]>([
    ['queued', base.created_at],
    ['sending', base.sending_started_at],
    ['delivered', base.delivered_at],
    ['read', base.updated_at],
    ['held', base.updated_at],
  ])('%s → %s', (state, at) => {
    expect(stateReachedAt({ ...base, state })).toBe(at);
  });
});
