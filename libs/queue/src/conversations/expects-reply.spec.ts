import { awaitingAnswer, expectsReply, type AwaitingCandidate } from './expects-reply.js';

describe('expectsReply', () => {
  it.each<[string, Record<string, unknown>, string, boolean]>([
    ['interactive buttons', { type: 'interactive', interactive: { type: 'button' } }, 'x', true],
    ['plain text', { type: 'text', text: { body: 'hi' } }, 'x', false],
    ['template without buttons', { type: 'template', template: { name: 't', components: [{ type: 'body' }] } }, 'x', false],
    [
      'template with quick-reply parameters',
      { type: 'template', template: { name: 't', components: [{ type: 'button', sub_type: 'quick_reply', index: '0' }] } },
      'x',
      true,
    ],
    ['template whose purpose is configured', { type: 'template', template: { name: 't' } }, 'appointment_reminder', true],
    ['text whose purpose is configured', { type: 'text', text: { body: 'ok?' } }, 'appointment_reminder', true],
  ])('%s', (_, payload, purpose, expected) => {
    expect(expectsReply(payload, purpose, ['appointment_reminder'])).toBe(expected);
  });
});

describe('awaitingAnswer', () => {
  const at = new Date('2026-05-01T12:00:00Z');
  const ago = (ms: number) => new Date(at.getTime() - ms);
  const c = (id: string, sentAt: Date | null, extra: Partial<AwaitingCandidate> = {}): AwaitingCandidate => ({
    id,
    sentAt,
    expectsReply: true,
    answered: false,
    ...extra,
  });

  it('keeps sent, unanswered, reply-expecting messages of the last 24 h, newest first', () => {
    const list = [
      c('old', ago(24 * 3_600_000 + 1)),
      c('m1', ago(3_600_000)),
      c('m3', ago(1_000)),
      c('m2', ago(60_000)),
      c('unsent', null),
      c('answered', ago(5_000), { answered: true }),
      c('statement', ago(5_000), { expectsReply: false }),
      c('after', new Date(at.getTime() + 120_000)),
    ];
    expect(awaitingAnswer(list, at)).toEqual(['m3', 'm2', 'm1']);
  });

  it('allows a little slack after the inbound timestamp (Meta gives whole seconds)', () => {
    expect(awaitingAnswer([c('m', new Date(at.getTime() + 900))], at)).toEqual(['m']);
  });
});
