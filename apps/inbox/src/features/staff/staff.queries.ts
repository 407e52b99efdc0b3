import type { StaffMember } from '@sendbook/api-contract';
import { browserApi, unwrap, type Api } from '../../lib/api';

/** Staff management: `GET /v1/staff` (admins). */
export const staffKeys = { list: ['staff'] as const };

export const fetchStaff = (api: Api) => api.client.GET('/v1/staff');

export const staffQuery = () => ({
  queryKey: staffKeys.list,
  queryFn: (): Promise<{ data: StaffMember[] }> => unwrap(fetchStaff(browserApi())),
});
