import type { Template } from '@sendbook/api-contract';
import { browserApi, unwrap } from '@/lib/api';

/** The registry's approved templates, for the picker (synced from Meta; they change rarely). */
export const templatesQuery = {
  queryKey: ['templates', 'approved'] as const,
  queryFn: async (): Promise<Template[]> => (await unwrap(browserApi().client.GET('/v1/templates', { params: { query: { status: 'APPROVED' } } }))).data,
  staleTime: 5 * 60_000,
};

/** What WhatsApp takes, by kind: checked before a byte of a file is sent. */
export const uploadLimitsQuery = {
  queryKey: ['uploads', 'limits'] as const,
  queryFn: async () => (await unwrap(browserApi().client.GET('/v1/uploads/limits'))).kinds,
  staleTime: Infinity,
};
