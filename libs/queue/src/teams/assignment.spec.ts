import { planAssignments, type Seat } from './assignment.js';

const seat = (staffId: string, open: number, lastAssignedAt: string | null = null): Seat => ({
  staffId,
  open,
  lastAssignedAt: lastAssignedAt ? new Date(lastAssignedAt) : null,
});
const backlog = (...ids: string[]) => ids.map((conversationId) => ({ conversationId }));

describe('planAssignments', () => {
  it('manual assigns nothing', () => {
    expect(planAssignments('manual', [seat('a', 0)], 2, backlog('c1'))).toEqual([]);
  });

  it('two members with room for 2 and six waiting: 2 each, oldest first, the last two wait', () => {
    const plan = planAssignments('balanced', [seat('a', 0), seat('b', 0)], 2, backlog('c1', 'c2', 'c3', 'c4', 'c5', 'c6'));
    expect(plan).toEqual([
      { conversationId: 'c1', staffId: 'a' },
      { conversationId: 'c2', staffId: 'b' },
      { conversationId: 'c3', staffId: 'a' },
      { conversationId: 'c4', staffId: 'b' },
    ]);
  });

  it('balanced gives the member with the fewest open conversations first', () => {
    const plan = planAssignments('balanced', [seat('a', 3), seat('b', 1), seat('c', 2)], 4, backlog('c1', 'c2', 'c3'));
    // b reaches 2 like c after the first; the tie goes to c, who has waited longer for one.
    expect(plan.map((p) => p.staffId)).toEqual(['b', 'c', 'b']);
  });

  it('round robin takes turns whatever the load, the longest without an assignment first', () => {
    const seats = [seat('a', 0, '2026-12-05T10:00:02Z'), seat('b', 3, '2026-12-05T10:00:01Z'), seat('c', 1, null)];
    expect(planAssignments('round_robin', seats, 10, backlog('c1', 'c2', 'c3', 'c4')).map((p) => p.staffId)).toEqual(['c', 'b', 'a', 'c']);
  });

  it('passes over a member at capacity and stops when nobody has room', () => {
    expect(planAssignments('round_robin', [seat('a', 2), seat('b', 1)], 2, backlog('c1', 'c2')).map((p) => p.staffId)).toEqual(['b']);
    expect(planAssignments('balanced', [], 2, backlog('c1'))).toEqual([]);
  });

  it('a conversation taken from its assignee goes to someone else, or nowhere', () => {
    expect(planAssignments('balanced', [seat('a', 0), seat('b', 5)], 10, [{ conversationId: 'c1', not: 'a' }])).toEqual([
      { conversationId: 'c1', staffId: 'b' },
    ]);
    expect(planAssignments('balanced', [seat('a', 0)], 10, [{ conversationId: 'c1', not: 'a' }, { conversationId: 'c2' }])).toEqual([
      { conversationId: 'c2', staffId: 'a' },
    ]);
  });
});
