import type { Team as TeamResource } from '@sendbook/api-contract';
import { isoTime } from '../../common/iso-time.js';
import type { TeamRow } from './teams.repository.js';

export function presentTeam(t: TeamRow): TeamResource {
  return {
    id: t.id,
    name: t.name,
    members: t.members.map((m) => ({ id: m.id, name: m.name, role: m.role, active: m.active })),
    phone_number_ids: t.phoneNumberIds,
    assignment: {
      mode: t.assignmentMode,
      max_open: t.maxOpen,
      reassign_after_minutes: t.reassignAfterSeconds === null ? null : Math.round(t.reassignAfterSeconds / 60),
    },
    out_of_office: t.outOfOfficeText === null ? null : { text: t.outOfOfficeText },
    targets: { first_response_seconds: t.firstResponseSeconds, next_response_seconds: t.nextResponseSeconds },
    // Stored normalised (normaliseBusinessHours): every weekday, sorted intervals, sorted holidays.
    business_hours: t.businessHours as NonNullable<TeamResource['business_hours']> | null,
    created_at: isoTime(t.createdAt),
    updated_at: isoTime(t.updatedAt),
  };
}
