// What an invite or reset link says when it is opened: it works, or why it does not. A person
// who cannot use a link is told which of the four it is, so they know whether to ask for a new
// one (used, expired, unknown) or to talk to an admin (deactivated).

export type InviteLinkState = 'valid' | 'unknown' | 'used' | 'expired' | 'deactivated';

export interface InviteHolder {
  active: boolean;
  inviteExpiresAt: Date | null;
  inviteUsedAt: Date | null;
}

/** The state of the link whose hash found `staff` (null: no one has it). Used wins over expired. */
export function inviteLinkState(staff: InviteHolder | null, now: Date): InviteLinkState {
  if (!staff) return 'unknown';
  if (!staff.active) return 'deactivated';
  if (staff.inviteUsedAt) return 'used';
  if (!staff.inviteExpiresAt || staff.inviteExpiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

/** In words, for the API's message and the invite page. */
export const INVITE_PROBLEMS: Readonly<Record<Exclude<InviteLinkState, 'valid'>, string>> = {
  unknown: 'this link is not known (a newer one may have replaced it): ask an admin for a new one',
  used: 'this link was already used to set a password: sign in with it, or ask an admin to reset it',
  expired: 'this link has expired: ask an admin for a new one',
  deactivated: 'the account this link is for is deactivated: talk to an admin of your team',
};
