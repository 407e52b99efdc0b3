import { browserApi, unwrap, type Api } from '@/lib/api';

/** Saved answers: everyone reads them (the composer's `/`), admins keep them at /settings/snippets. */
export const snippetKeys = { all: ['snippets'] as const };

export function fetchSnippets(api: Api) {
  return api.client.GET('/v1/snippets');
}

export const snippetsQuery = () => ({
  queryKey: snippetKeys.all,
  queryFn: () => unwrap(fetchSnippets(browserApi())),
  staleTime: 60_000,
});

export function createSnippet(body: { title: string; text: string }) {
  return unwrap(browserApi().client.POST('/v1/snippets', { body }));
}

export function deleteSnippet(id: string) {
  return unwrap(browserApi().client.DELETE('/v1/snippets/{id}', { params: { path: { id } } }));
}
