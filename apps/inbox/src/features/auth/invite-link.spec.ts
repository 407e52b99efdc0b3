import { problemFrom } from '@/lib/problem';
import { inviteLinkProblem } from './invite-link';

describe('inviteLinkProblem', () => {
  it.each<[string, number, unknown, string]>([
    ['used', 410, { error: 'invite_invalid', message: 'm', reason: 'used' }, 'used'],
    ['expired', 410, { error: 'invite_invalid', message: 'm', reason: 'expired' }, 'expired'],
    ['deactivated', 410, { error: 'invite_invalid', message: 'm', reason: 'deactivated' }, 'deactivated'],
    ['an older API without a reason', 410, { error: 'invite_invalid', message: 'm' }, 'unknown'],
    ['no answer', 0, null, 'unreachable'],
    ['a server error', 500, { error: 'internal' }, 'unreachable'],
  ])('%s', (_name, status, body, problem) => {
    expect(inviteLinkProblem(problemFrom(status, body), body)).toBe(problem);
  });
});
