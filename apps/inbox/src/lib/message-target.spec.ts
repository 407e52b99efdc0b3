import { isWanted, linkedMessage } from './message-target';
import type { ThreadItem } from './thread';

const inbound = { kind: 'inbound', key: 'in-i1', inbound: { id: 'i1', wamid: 'wamid.IN' } } as unknown as ThreadItem;
const outbound = { kind: 'outbound', key: 'out-o1', message: { id: 'o1', wamid: null } } as unknown as ThreadItem;
const note = { kind: 'note', key: 'note-n1', note: { id: 'n1' } } as unknown as ThreadItem;
const day = { kind: 'day', key: 'day-1', label: 'Today' } as ThreadItem;

describe('what a jump in the thread looks for', () => {
  it('finds any entry by id from a link, whichever side wrote it', () => {
    expect([inbound, outbound, note, day].map((item) => isWanted(item, linkedMessage('o1')))).toEqual([false, true, false, false]);
    expect([inbound, outbound, note, day].map((item) => isWanted(item, linkedMessage('n1')))).toEqual([false, false, true, false]);
    expect(isWanted(inbound, linkedMessage('i1'))).toBe(true);
  });

  it('finds a quoted message by its wamid, or ours by `id:` before it has one', () => {
    expect(isWanted(inbound, 'wamid.IN')).toBe(true);
    expect(isWanted(outbound, 'id:o1')).toBe(true);
    expect(isWanted(note, 'id:n1')).toBe(false);
    expect(isWanted(inbound, 'i1')).toBe(false);
  });
});
