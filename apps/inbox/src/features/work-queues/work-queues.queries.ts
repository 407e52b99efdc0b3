import type { AlertWorkItem, InboundWorkItem, MessageWorkItem, PoisonWebhookWorkItem } from '@sendbook/api-contract';
import { browserApi, unwrap, type Api } from '../../lib/api';
import type { WorkKind } from '../../lib/work-kinds';

/** The work queues: `GET /v1/work-items?kind=…`, one query per kind. */
export const workKeys = {
  all: ['work-items'] as const,
  kind: (kind: WorkKind) => ['work-items', kind] as const,
};

export type WorkItem = MessageWorkItem | InboundWorkItem | PoisonWebhookWorkItem | AlertWorkItem;
export type WorkItems = { kind: WorkKind; data: WorkItem[] };

export const WORK_PAGE = 200;

export function fetchWorkItems(api: Api, kind: WorkKind) {
  return api.client.GET('/v1/work-items', { params: { query: { kind, limit: WORK_PAGE } } });
}

export const workQuery = (kind: WorkKind) => ({
  queryKey: workKeys.kind(kind),
  queryFn: (): Promise<WorkItems> => unwrap(fetchWorkItems(browserApi(), kind)),
  // Work queues matter most when nobody is looking at a thread: keep them fresh even without events.
  refetchInterval: 30_000,
});
