import type { CreateTeam } from '@sendbook/api-contract';
import { browserApi, unwrap, type Api } from '@/lib/api';

/** Teams: everyone reads them (assignment, targets); admins keep them at /settings/teams. `team.changed` refreshes them live. */
export const teamKeys = { all: ['teams'] as const };

/**
 * What the form sends. `out_of_office: null` turns the reply off: the API takes it (its schema says
 * `["object", "null"]`), but the generated type follows only the `$ref` beside it and lost the null,
 * so the body is widened here and narrowed back at the call.
 */
export type TeamBody = Omit<CreateTeam, 'out_of_office'> & { out_of_office?: CreateTeam['out_of_office'] | null };

export function fetchTeams(api: Api) {
  return api.client.GET('/v1/teams');
}

export const teamsQuery = () => ({
  queryKey: teamKeys.all,
  queryFn: () => unwrap(fetchTeams(browserApi())),
  staleTime: 60_000,
});

export function createTeam(body: TeamBody) {
  return unwrap(browserApi().client.POST('/v1/teams', { body: body as CreateTeam }));
}

export function updateTeam(id: string, body: TeamBody) {
  return unwrap(browserApi().client.PATCH('/v1/teams/{id}', { params: { path: { id } }, body: body as CreateTeam }));
}

export function deleteTeam(id: string) {
  return unwrap(browserApi().client.DELETE('/v1/teams/{id}', { params: { path: { id } } }));
}
