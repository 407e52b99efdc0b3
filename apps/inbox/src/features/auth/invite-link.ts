import type { Problem } from '@/lib/problem';

/** Why an invite or reset link cannot be used, as the API says in `reason`. */
export type InviteLinkProblem = 'unknown' | 'used' | 'expired' | 'deactivated' | 'unreachable';

export const INVITE_LINK_PROBLEMS: Readonly<Record<InviteLinkProblem, { title: string; body: string }>> = {
  used: { title: 'This link was already used.', body: 'Sign in with the password you chose, or ask an admin of your team to reset it.' },
  expired: { title: 'This link has expired.', body: 'Ask an admin of your team for a new one.' },
  unknown: { title: 'This link is not known.', body: 'A newer link may have replaced it. Ask an admin of your team for a new one.' },
  deactivated: { title: 'This account is deactivated.', body: 'Talk to an admin of your team.' },
  unreachable: { title: 'Sendbook could not check this link.', body: 'Try again in a moment.' },
};

/** The `reason` of the API's 410 `invite_invalid`; anything else that is not an answer at all is `unreachable`. */
export function inviteLinkProblem(problem: Problem, body: unknown): InviteLinkProblem {
  const reason = typeof body === 'object' && body !== null ? (body as { reason?: unknown }).reason : undefined;
  if (problem.code === 'invite_invalid') return reason === 'used' || reason === 'expired' || reason === 'deactivated' ? reason : 'unknown';
  return problem.kind === 'not_found' ? 'unknown' : 'unreachable';
}

/** The API's own minimum (MIN_PASSWORD_LENGTH), checked here first so the person is told before sending. */
export const MIN_PASSWORD_LENGTH = 12;
