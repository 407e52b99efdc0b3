import type { NotificationSettings, NotificationSettingsChange, StaffMember } from '@sendbook/api-contract';
import { browserApi, unwrap } from '@/lib/api';
import { idempotencyHeaders } from '@/lib/request-id';
import { fetchMe, sessionKeys } from '@/features/auth/auth.queries';

/** Who is signed in and their own settings (`GET /v1/auth/me`): seeded by the server render, changed at /settings/profile. */
export type Me = { staff: StaffMember; notifications: NotificationSettings };

export const meQuery = {
  queryKey: sessionKeys.me,
  queryFn: (): Promise<Me> => unwrap(fetchMe(browserApi())),
  staleTime: 60_000,
};

/** Your own notification settings; what is left out keeps its value. Answers as `GET /v1/auth/me`. */
export function updateNotificationSettings(notifications: NotificationSettingsChange, requestId: string): Promise<Me> {
  return unwrap(browserApi().client.PATCH('/v1/auth/me', { body: { notifications }, headers: idempotencyHeaders(requestId) }));
}
