import { browserApi, unwrap, type Api } from '@/lib/api';
import { idempotencyHeaders } from '@/lib/request-id';

/** The template registry (`GET /v1/templates`), synced from Meta on demand (`POST /v1/templates/sync`, admins). */
export const templateKeys = { all: ['templates'] as const, list: ['templates', 'list'] as const };

export function fetchTemplates(api: Api) {
  return api.client.GET('/v1/templates');
}

export const templatesQuery = () => ({
  queryKey: templateKeys.list,
  queryFn: () => unwrap(fetchTemplates(browserApi())),
});

export function syncTemplates(requestId: string) {
  return unwrap(browserApi().client.POST('/v1/templates/sync', { headers: idempotencyHeaders(requestId) }));
}
