import type { BusinessHours } from './business-hours.js';
import { customerWrote, waitingFor, type TeamRules, type ThreadWait } from './customer-wait.js';

const closed = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const weekdays: BusinessHours = {
  time_zone: 'UTC',
  weekly: { ...closed, mon: [['09:00', '17:00']], tue: [['09:00', '17:00']], wed: [['09:00', '17:00']], thu: [['09:00', '17:00']], fri: [['09:00', '17:00']] },
  holidays: [],
};
const team: TeamRules = {
  assignmentMode: 'balanced',
  firstResponseSeconds: 20,
  nextResponseSeconds: 60,
  businessHours: weekdays,
  outOfOfficeText: 'We are closed',
};
const thread: ThreadWait = {
  id: 'c1',
  assignee: null,
  waitingSince: null,
  openedAt: new Date('2026-12-07T08:00:00Z'),
  lastReplyAt: null,
  needsAssigneeSince: null,
};
const monday10 = new Date('2026-12-07T10:00:00Z');

describe('customerWrote', () => {
  it('starts the first-response wait with its target, joins the backlog, owes nothing inside hours', () => {
    expect(customerWrote(thread, team, monday10)).toEqual({
      waiting: { since: monday10, for: 'first_response', dueAt: new Date('2026-12-07T10:00:20Z') },
      needsAssigneeSince: monday10,
    });
  });

  it('a customer already waiting keeps their first message as the start; an assigned thread does not join the backlog', () => {
    expect(customerWrote({ ...thread, waitingSince: new Date('2026-12-07T09:59:00Z'), assignee: 'agent' }, team, monday10)).toEqual({});
  });

  it('after a reply in this open stretch the wait is for the next response', () => {
    const replied = { ...thread, lastReplyAt: new Date('2026-12-07T09:00:00Z'), assignee: 'agent' };
    expect(waitingFor(replied)).toBe('next_response');
    expect(customerWrote(replied, team, monday10).waiting).toEqual({ since: monday10, for: 'next_response', dueAt: new Date('2026-12-07T10:01:00Z') });
    // A reply before the thread was reopened belongs to the last stretch.
    expect(waitingFor({ openedAt: monday10, lastReplyAt: new Date('2026-12-07T09:00:00Z') })).toBe('first_response');
  });

  it('outside hours: the clock starts at the opening, and the out-of-office reply is owed once per closed period', () => {
    const saturday = new Date('2026-12-05T11:00:00Z');
    const change = customerWrote(thread, team, saturday);
    expect(change.waiting!.dueAt).toEqual(new Date('2026-12-07T09:00:20Z'));
    expect(change.outOfOfficeKey).toBe('out-of-office:c1:2026-12-04T17:00:00.000Z');
    expect(customerWrote(thread, team, new Date('2026-12-06T20:00:00Z')).outOfOfficeKey).toBe(change.outOfOfficeKey);
    expect(customerWrote(thread, team, new Date('2026-12-07T20:00:00Z')).outOfOfficeKey).toBe('out-of-office:c1:2026-12-07T17:00:00.000Z');
  });

  it('no team: the customer waits with no target; manual teams have no backlog; no text, no reply', () => {
    expect(customerWrote(thread, null, monday10)).toEqual({ waiting: { since: monday10, for: 'first_response', dueAt: null } });
    const manual = { ...team, assignmentMode: 'manual' as const, outOfOfficeText: null };
    expect(customerWrote(thread, manual, new Date('2026-12-05T11:00:00Z')).needsAssigneeSince).toBeUndefined();
    expect(customerWrote(thread, manual, new Date('2026-12-05T11:00:00Z')).outOfOfficeKey).toBeUndefined();
  });
});
