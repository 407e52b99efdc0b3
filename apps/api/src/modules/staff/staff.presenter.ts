import type { StaffMember } from '@sendbook/api-contract';
import { isoTime } from '../../common/iso-time.js';
import type { Staff } from './staff.entity.js';

/** The staff resource: what an admin sees of a person (never a hash or token). */
export function presentStaff(s: Staff): StaffMember {
  return {
    id: s.id,
    email: s.email,
    name: s.name,
    role: s.role,
    active: s.active,
    invite_pending: s.passwordHash === null && s.inviteTokenHash !== null && s.inviteUsedAt === null,
    created_at: isoTime(s.createdAt),
    last_seen_at: isoTime(s.lastSeenAt),
    availability: s.availability,
  };
}
