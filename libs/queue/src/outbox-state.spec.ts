import { resolutionTarget, type OutboxState, type ResolveAction } from './outbox-state.js';

describe('resolutionTarget', () => {
  it.each<[OutboxState, ResolveAction, OutboxState | null]>([
    ['sending', 'mark_sent', 'sent'],
    ['sending', 'retry', 'queued'],
    ['sending', 'cancel', 'cancelled'],
    ['failed', 'retry', 'queued'],
    ['held', 'retry', 'queued'],
    ['held', 'cancel', 'cancelled'],
    ['queued', 'cancel', 'cancelled'],
    ['queued', 'mark_sent', null],
    ['queued', 'retry', null],
    ['accepted', 'retry', null],
    ['delivered', 'cancel', null],
    ['cancelled', 'retry', null],
  ])('%s + %s → %s', (state, action, target) => {
    expect(resolutionTarget(state, action)).toBe(target);
  });
});
