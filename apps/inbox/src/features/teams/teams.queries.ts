import type { CreateTeam } from '@sendbook/api-contract';
import { browserApi, unwrap, type Api } from '@/lib/api';

/** Teams: everyone reads them (assignment, targets); admins keep them at /settings/teams. `team.changed` refreshes them live. */
export const teamKeys = { all: ['teams'] as const };

/** What the form sends (`out_of_office: null` turns the reply off). */
export type TeamBody = CreateTeam;

export function fetchTeams(api: Api) {
  return api.client.GET('/v1/teams');
}

export const teamsQuery = () => ({
  queryKey: teamKeys.all,
  queryFn: () => unwrap(fetchTeams(browserApi())),
  staleTime: 60_000,
});

export function createTeam(body: TeamBody) {
  return unwrap(browserApi().client.POST('/v1/teams', { body }));
}

export function updateTeam(id: string, body: TeamBody) {
  return unwrap(browserApi().client.PATCH('/v1/teams/{id}', { params: { path: { id } }, body }));
}

export function deleteTeam(id: string) {
  return unwrap(browserApi().client.DELETE('/v1/teams/{id}', { params: { path: { id } } }));
}
