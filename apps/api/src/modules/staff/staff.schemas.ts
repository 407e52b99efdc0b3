import { AVAILABILITIES } from '@sendbook/queue';
import { STAFF_ROLES } from '../../common/auth/principal.js';
import { NOTIFICATION_VIEWS } from './domain/notification-settings.js';
import { arrayOf, bool, dateTime, named, nullable, object, oneOfValues, str, uuid } from '../../contract/schema.js';

/** A person who signs in to the inbox. */
export const StaffMember = named(
  'StaffMember',
  object(
    {
      id: uuid(),
      email: str(),
      name: str(),
      role: oneOfValues(STAFF_ROLES),
      active: bool({ description: 'a deactivated member cannot sign in; their sessions ended when they were deactivated' }),
      invite_pending: bool({ description: 'invited (or reset) and not yet signed in with a password of their own' }),
      created_at: dateTime(),
      last_seen_at: nullable(dateTime(), { description: 'their last request, to the minute' }),
      availability: oneOfValues(AVAILABILITIES, { description: 'what they say of themselves: available for new conversations, busy, or away' }),
    },
    { description: 'A person who signs in to the inbox: an agent or an admin.' },
  ),
);

export const OneStaff = object({ staff: StaffMember });

/** A person's own notification settings: only they see them, in `GET /v1/auth/me`. */
export const NotificationSettings = named(
  'NotificationSettings',
  object(
    {
      sound: bool({ description: 'a sound for each new customer message in these views' }),
      browser: bool({ description: 'a browser notification too, once the browser allows it' }),
      views: arrayOf(oneOfValues(NOTIFICATION_VIEWS), {
        minItems: 1,
        uniqueItems: true,
        description: 'which conversations notify and count in the tab title: mine, unassigned, all (all includes the others)',
      }),
    },
    { description: 'What tells this person a customer wrote. Defaults: sound on, browser notifications off, views mine and unassigned.' },
  ),
);

/** `GET` and `PATCH /v1/auth/me`: who you are, and your own settings. */
export const Me = object({ staff: StaffMember, notifications: NotificationSettings });
export const Team = object({
  data: arrayOf(
    object({
      id: uuid(),
      name: str(),
      role: oneOfValues(STAFF_ROLES),
      availability: oneOfValues(AVAILABILITIES),
      online: bool({ description: 'an inbox tab of theirs is open (heard from within PRESENCE_GRACE_MS)' }),
    }),
  ),
});
export const StaffList = object({ data: arrayOf(StaffMember) });
export const StaffCreated = object(
  { staff: StaffMember, invite_url: str({ description: 'a one-time link to set a password (shown once; valid 7 days); only when no password was given' }) },
  { optional: ['invite_url'] },
);
export const InviteLink = object({ staff: StaffMember, invite_url: str({ description: 'a one-time link to set a new password (shown once; valid 7 days)' }) });
export const InviteInfo = object({ staff: object({ email: str(), name: str() }) });

/** Why a link cannot be used, for the invite page to say so. */
export const InviteProblem = named(
  'InviteProblem',
  object({
    error: oneOfValues(['invite_invalid']),
    message: str(),
    reason: oneOfValues(['unknown', 'used', 'expired', 'deactivated'], {
      description: 'unknown (or replaced by a newer link), used once already, past its time, or for a deactivated person',
    }),
  }),
);
