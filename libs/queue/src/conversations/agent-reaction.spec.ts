import { reactionDedupeKey, reactionEmojiProblem, reactionPayload, reactionTargetProblem } from './agent-reaction.js';

describe('reactionEmojiProblem', () => {
  it.each([
    ['👍', null],
    ['❤️', null],
    ['🙏🏽', null], // with a skin tone: one emoji
    ['👩‍👩‍👧', null], // a joined sequence: one emoji
    ['🇮🇱', null], // a flag: two regional indicators, one emoji
    ['1️⃣', null],
    ['', null], // removes the reaction
    ['👍👍', 'must be one emoji, or empty to remove the reaction'],
    ['ok', 'must be one emoji, or empty to remove the reaction'],
    ['a', 'must be one emoji, or empty to remove the reaction'],
    [' 👍', 'must be one emoji, or empty to remove the reaction'],
  ])('%j → %s', (emoji, expected) => {
    expect(reactionEmojiProblem(emoji)).toBe(expected);
  });
});

describe('reactionTargetProblem', () => {
  it.each<[string, { wamid: string | null; type: string }, string | null]>([
    ['a customer message', { wamid: 'wamid.in', type: 'text' }, null],
    ['one of ours WhatsApp accepted', { wamid: 'wamid.out', type: 'template' }, null],
    ['one of ours still queued', { wamid: null, type: 'text' }, 'has no WhatsApp id yet: it can be reacted to once WhatsApp accepted it'],
    ['a reaction', { wamid: 'wamid.r', type: 'reaction' }, 'is a reaction itself: react to the message it reacts to'],
  ])('%s', (_, target, expected) => {
    expect(reactionTargetProblem(target)).toBe(expected);
  });
});

it('is Meta’s reaction message, keyed by the client’s request', () => {
  expect(reactionPayload('wamid.HBgL', '😀')).toEqual({ type: 'reaction', reaction: { message_id: 'wamid.HBgL', emoji: '😀' } });
  expect(reactionPayload('wamid.HBgL', '')).toEqual({ type: 'reaction', reaction: { message_id: 'wamid.HBgL', emoji: '' } });
  expect(reactionDedupeKey('c1', 'r1')).toBe('conversation:c1:reaction:r1');
});
