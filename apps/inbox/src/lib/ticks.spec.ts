import { forwardState, TickMemory } from './ticks';

describe('ticks never move backwards', () => {
  it.each([
    [undefined, 'delivered', 'delivered'],
    ['read', 'delivered', 'read'],
    ['read', 'sent', 'read'],
    ['delivered', 'read', 'read'],
    ['played', 'read', 'played'],
    ['sent', 'accepted', 'sent'],
    ['sent', 'failed', 'failed'],
    ['delivered', 'failed', 'failed'],
    // A person's decision moves a message off the ladder or back onto it.
    ['sending', 'queued', 'queued'],
    ['held', 'queued', 'queued'],
    ['failed', 'queued', 'queued'],
    ['sending', 'sent', 'sent'],
    ['queued', 'cancelled', 'cancelled'],
  ] as const)('shown %s, received %s → %s', (shown, received, expected) => {
    expect(forwardState(shown, received)).toBe(expected);
  });

  it('remembers each message on its own', () => {
    const memory = new TickMemory();
    expect(memory.show({ id: 'a', state: 'read' })).toBe('read');
    expect(memory.show({ id: 'b', state: 'delivered' })).toBe('delivered');
    expect(memory.show({ id: 'a', state: 'delivered' })).toBe('read');
    expect(memory.show({ id: 'b', state: 'read' })).toBe('read');
  });
});
