import type { StaffMember } from '@sendbook/api-contract';
import { browserApi, unwrap, type Api } from '@/lib/api';
import { idempotencyHeaders } from '@/lib/request-id';

/** Staff management: `GET /v1/staff` (admins). */
export const staffKeys = { list: ['staff'] as const };

export const fetchStaff = (api: Api) => api.client.GET('/v1/staff');

export const staffQuery = () => ({
  queryKey: staffKeys.list,
  queryFn: (): Promise<{ data: StaffMember[] }> => unwrap(fetchStaff(browserApi())),
});

export interface StaffInvite {
  readonly email: string;
  readonly name: string;
  readonly role: StaffMember['role'];
}

/** Invites a member: with no password the API answers a one-time invite link (shown once). */
export function inviteStaff(input: StaffInvite, requestId: string) {
  return unwrap(browserApi().client.POST('/v1/staff', { body: input, headers: idempotencyHeaders(requestId) }));
}

/** Changes the role, or deactivates (their sessions end at once) or reactivates a member. */
export function updateStaff(id: string, change: { role?: StaffMember['role']; active?: boolean }, requestId: string) {
  return unwrap(browserApi().client.PATCH('/v1/staff/{id}', { params: { path: { id } }, body: change, headers: idempotencyHeaders(requestId) }));
}

/** Ends the member's sessions and answers a one-time link to choose a new password. */
export function resetStaffPassword(id: string, requestId: string) {
  return unwrap(browserApi().client.POST('/v1/staff/{id}/reset-password', { params: { path: { id } }, headers: idempotencyHeaders(requestId) }));
}
