import type { Inbound, Message, TimelineEntry } from '@sendbook/api-contract';
import { buildThread, type ThreadItem } from './thread';

const NOW = '2026-12-02T14:30:00Z';
const AT = '2026-12-02T10:00:00Z';

const inbound = (id: string): TimelineEntry => ({
  direction: 'inbound',
  at: AT,
  inbound: { id, wamid: `wamid.${id}`, type: 'text', text: `text of ${id}`, reaction: null, choice: null, media: null, raw: {} } as unknown as Inbound,
});
const outbound = (id: string, payload: Record<string, unknown>, state = 'sent'): TimelineEntry => ({
  direction: 'outbound',
  at: AT,
  message: { id, wamid: `wamid.${id}`, payload, state, rendered: null, purpose: 'agent_reaction' } as unknown as Message,
});
const react = (id: string, target: string, emoji: string, state = 'sent') => outbound(id, { type: 'reaction', reaction: { message_id: target, emoji } }, state);

const keys = (items: ThreadItem[]) => items.filter((i) => i.kind !== 'day').map((i) => i.key);
const mineOn = (items: ThreadItem[], key: string) => {
  const item = items.find((i) => i.key === key);
  return item && (item.kind === 'inbound' || item.kind === 'outbound') ? item.agentReaction : 'none';
};

describe('the agent’s reactions sit on the message they react to', () => {
  it('on a customer message and on ours; not as bubbles of their own', () => {
    const items = buildThread(
      [inbound('i1'), outbound('o1', { type: 'text', text: { body: 'Hi' } }), react('r1', 'wamid.i1', '👍'), react('r2', 'wamid.o1', '❤️', 'accepted')],
      NOW,
    );
    expect(keys(items)).toEqual(['in-i1', 'out-o1']);
    expect(mineOn(items, 'in-i1')).toBe('👍');
    expect(mineOn(items, 'out-o1')).toBe('❤️');
  });

  it('the latest wins, and an empty emoji takes it back', () => {
    expect(mineOn(buildThread([inbound('i1'), react('r1', 'wamid.i1', '👍'), react('r2', 'wamid.i1', '😂')], NOW), 'in-i1')).toBe('😂');
    expect(mineOn(buildThread([inbound('i1'), react('r1', 'wamid.i1', '👍'), react('r2', 'wamid.i1', '')], NOW), 'in-i1')).toBeNull();
  });

  it('one that did not go out stays a bubble with its state; one whose message is not loaded too', () => {
    const items = buildThread([inbound('i1'), react('r1', 'wamid.i1', '👍', 'failed'), react('r2', 'wamid.gone', '🙏')], NOW);
    expect(keys(items)).toEqual(['in-i1', 'out-r1', 'out-r2']);
    expect(mineOn(items, 'in-i1')).toBeNull();
  });
});
