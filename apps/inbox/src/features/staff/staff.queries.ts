import { browserApi, unwrap, type Api } from '../../lib/api';
import type { StaffMember } from '../../lib/pending-contract';

/** Staff management: `GET /v1/staff` (admins). Not in the contract yet: see lib/pending-contract.ts. */
export const staffKeys = { list: ['staff'] as const };

export const fetchStaff = (api: Api) => api.pending('GET /v1/staff');

export const staffQuery = () => ({
  queryKey: staffKeys.list,
  queryFn: (): Promise<{ data: StaffMember[] }> => unwrap(fetchStaff(browserApi())),
});
